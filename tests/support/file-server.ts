/**
 * A loopback HTTP server for tests of the shop's guarded fetch (stock sources, a PATCH's media
 * links): every request goes to `handle`; `base` is its `http://127.0.0.1:<port>`.
 *
 *   const files = await startFileServer((req, res) => res.writeHead(404).end());
 *   ...
 *   await files.close();
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startFileServer(
  handle: http.RequestListener,
): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
