/**
 * The stock-sync benchmark's feed: a file served from a process of its own, as the
 * wholesaler's web server would serve it, so the bytes it sends are not counted as the shop
 * node's work. `/feed.csv` carries an ETag (a repeat asks with If-None-Match and gets 304);
 * `/plain.csv` is the same bytes with no validators. Prints its port, then serves until killed.
 *
 *   node bench/feed-server.ts <file>
 */
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const file = process.argv[2]!;
const size = statSync(file).size;
const etag = '"feed-1"';
const server = http.createServer((req, res) => {
  const validators = req.url === '/feed.csv';
  if (validators && req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
  res.writeHead(200, { 'content-type': 'text/csv', 'content-length': size, ...(validators ? { etag } : {}) });
  createReadStream(file).pipe(res);
});
server.listen(0, '127.0.0.1', () => console.log((server.address() as AddressInfo).port));
