/**
 * nginx in front of two app nodes, for cluster tests: Debian's nginx with
 * deploy/nginx.conf.example (this test's addresses and folder filled in), on loopback.
 *
 *   const proxy = await startProxy(nodes[0], nodes[1], dir);   // proxy.url, proxy.errors()
 *   await proxy.stop();
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppNode } from './app-node.ts';
import { freePort } from './free-port.ts';
import { until } from './until.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const NGINX = '/usr/sbin/nginx';

/** deploy/nginx.conf.example with this test's addresses and folder filled in. */
function renderConfig(listen: string, a: AppNode, b: AppNode, folder: string): string {
  const template = readFileSync(join(ROOT, 'deploy/nginx.conf.example'), 'utf8');
  return template
    .replaceAll('{{DIR}}', folder)
    .replaceAll('{{LISTEN}}', listen)
    .replaceAll('{{NODE_A}}', `127.0.0.1:${a.port}`)
    .replaceAll('{{NODE_B}}', `127.0.0.1:${b.port}`);
}

export type Proxy = { url: string; errors: () => string; stop: () => Promise<void> };

/** Starts nginx in `dir`/nginx and resolves once it answers /readyz. */
export async function startProxy(a: AppNode, b: AppNode, dir: string): Promise<Proxy> {
  const folder = join(dir, 'nginx');
  mkdirSync(folder);
  const port = await freePort();
  writeFileSync(join(folder, 'nginx.conf'), renderConfig(`127.0.0.1:${port}`, a, b, folder));
  let said = '';
  const nginx = spawn(NGINX, ['-c', join(folder, 'nginx.conf'), '-p', folder, '-g', 'daemon off;'], { stdio: 'pipe' });
  nginx.stderr.on('data', (d) => (said += d));
  const url = `http://127.0.0.1:${port}`;
  await until(`nginx (${said})`, async () => (await fetch(`${url}/readyz`).catch(() => null))?.status === 200, 20_000);
  return {
    url,
    errors: () => readFileSync(join(folder, 'error.log'), 'utf8').split('\n').slice(-30).join('\n'),
    stop: async () => {
      if (nginx.exitCode !== null) return;
      const gone = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGTERM');
      await gone;
    },
  };
}
