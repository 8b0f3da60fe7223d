/**
 * A local SMTP capture for the browser tests: the server under test sends its e-mails here
 * (SMTP_URL=smtp://127.0.0.1:<port>) and every message received is written to
 * `<dir>/<time>-<n>.json` as { to: string[], from, raw } so any test worker can read it
 * (see mail.ts). Started once, by playwright.config.ts in the runner's main process.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; from: string; raw: string; receivedAt: number };

export async function startSmtpCapture(dir: string): Promise<{ port: number; close: () => void }> {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        };
        const file = join(dir, `${Date.now()}-${String(++n).padStart(4, '0')}.json`);
        writeFileSync(`${file}.tmp`, JSON.stringify(mail));
        // a rename is atomic: readers never see half a file
        renameSync(`${file}.tmp`, file);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  server.server.unref();
  return { port, close: () => server.close() };
}
