/**
 * Pulling a stock source's file: one GET through the webhooks' address guard (every address
 * resolved is checked and the checked address is the one connected to; an IP-literal host is
 * checked before any connection), at most 3 redirects, each checked the same way, a time limit
 * for the whole pull (headers and body) and the size limit applied while the body streams.
 * It sends `If-None-Match` / `If-Modified-Since` from the last pull: a 304 is `unchanged`. A
 * preview passes `enough` and stops the download once it has the rows it shows.
 *
 * The answer is the file, `unchanged`, or a failure (`FetchFailure`) with a reason; nothing
 * here touches the stock. The auth header goes only to the source's own origin: a redirect to
 * another origin is followed without it. The same pull fetches a pushed stone's media links
 * (stock-media/links.ts) with their own content types (`types`, `accept`).
 */
import { createHash, type Hash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { FetchFailure } from '../../../src/domain/stock-sources.ts';
import {
  AddressRefused,
  addressRefusal,
  guardedLookup,
  urlShapeRefusal,
  type AddressPolicy,
} from '../webhooks/address-guard.ts';

export const MAX_REDIRECTS = 3;
const USER_AGENT = 'FacetTrade-StockSources/1';

export type FetchOptions = {
  policy: AddressPolicy;
  maxBytes: number;
  timeoutMs: number;
  header?: { name: string; value: string } | null;
  etag?: string | null;
  lastModified?: string | null;
  /** the content types the answer may have (default: a stock file's); none at all is read by its content */
  types?: ReadonlySet<string>;
  /** the Accept header (default: a stock file's types) */
  accept?: string;
  /**
   * A preview's stop: called with each piece of the body in turn; a number ends the download
   * there (that many bytes of this piece kept) and answers the part read as the file.
   */
  enough?: (piece: Buffer) => number | null;
};

export type Fetched =
  | { kind: 'file'; data: Buffer; hash: string; etag: string | null; lastModified: string | null; fileName: string }
  | { kind: 'unchanged' }
  | { kind: 'failed'; failure: FetchFailure; reason: string };

/** Content types a stock file may come as (none at all is read by its content). */
const FILE_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/csv',
  'text/comma-separated-values',
  'text/tab-separated-values',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
  'binary/octet-stream',
  'application/zip',
]);
const PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml']);

const failed = (failure: FetchFailure, reason: string): Fetched => ({ kind: 'failed', failure, reason });

/** The first 512 bytes (or more) of a body that came in chunks. */
function headOf(chunks: readonly Buffer[]): Buffer {
  const head: Buffer[] = [];
  let n = 0;
  for (const c of chunks) {
    if (n >= 512) break;
    head.push(c);
    n += c.length;
  }
  return Buffer.concat(head);
}

/** A body that is a web page whatever its content type says. */
const looksLikePage = (head: Buffer) =>
  /^(\ufeff)?\s*(<!doctype html|<html|<head|<body)/i.test(head.subarray(0, 512).toString('utf8'));

/** The file's name for the import: the address's last path segment, or feed.csv. */
export const fileNameOf = (url: URL) => {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  return /\.(csv|xlsx|txt|tsv)$/i.test(last) ? last : 'feed.csv';
};

/** Why `url` may not be requested before any connection, or null. */
function preflight(url: URL, policy: AddressPolicy): string | null {
  const shape = urlShapeRefusal(url.href, policy);
  if (shape) return shape;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const why = addressRefusal(host, policy);
    if (why) return `${host} is ${why}`;
  }
  return null;
}

type Hop = { redirect: URL } | Fetched;

/**
 * The body read as the answer's file (a web page, whatever its type said, is `login_page`),
 * hashed while it streamed; its pieces are joined when the file is first read, so a file with
 * the same hash as the last one never is.
 */
function fileOf(chunks: Buffer[], hash: Hash, res: http.IncomingMessage, url: URL): Fetched {
  if (looksLikePage(headOf(chunks))) return failed('login_page', 'The file is a web page, not a stock file');
  let joined: Buffer | undefined;
  return {
    kind: 'file',
    get data() {
      if (!joined) {
        joined = Buffer.concat(chunks);
        chunks.length = 0;
      }
      return joined;
    },
    hash: hash.digest('hex'),
    etag: typeof res.headers.etag === 'string' ? res.headers.etag : null,
    lastModified: typeof res.headers['last-modified'] === 'string' ? res.headers['last-modified'] : null,
    fileName: fileNameOf(url),
  };
}

export async function fetchFeed(rawUrl: string, opts: FetchOptions): Promise<Fetched> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return failed('address_refused', 'Enter a full URL starting with https://');
  }
  const origin = url.origin;
  const deadline = Date.now() + opts.timeoutMs;
  for (let hop = 0; ; hop++) {
    const refusal = preflight(url, opts.policy);
    if (refusal) return failed('address_refused', refusal);
    const result = await request(url, opts, url.origin === origin, deadline);
    if (!('redirect' in result)) return result;
    if (hop >= MAX_REDIRECTS) return failed('too_many_redirects', `More than ${MAX_REDIRECTS} redirects`);
    url = result.redirect;
  }
}

function request(url: URL, opts: FetchOptions, sameOrigin: boolean, deadline: number): Promise<Hop> {
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept: opts.accept ?? 'text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, */*;q=0.5',
  };
  if (opts.etag) headers['if-none-match'] = opts.etag;
  if (opts.lastModified) headers['if-modified-since'] = opts.lastModified;
  if (opts.header && sameOrigin) headers[opts.header.name.toLowerCase()] = opts.header.value;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: Hop) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(r);
    };
    let size = 0;
    let responded = false;
    // a connection of its own (no keep-alive pool): a pull minutes after the last one never
    // reuses a socket the server has closed meanwhile (ECONNRESET)
    const options = { method: 'GET', headers, lookup: guardedLookup(opts.policy), agent: false };
    const req = client.request(url, options, (res) => {
      responded = true;
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304) {
        const location = res.headers.location;
        if (!location) return done(failed('http_error', `HTTP ${status} without a Location`));
        try {
          return done({ redirect: new URL(location, url) });
        } catch {
          return done(failed('http_error', `HTTP ${status} to an unreadable address`));
        }
      }
      if (status === 304) return done({ kind: 'unchanged' });
      if (status < 200 || status >= 300) return done(failed('http_error', `HTTP ${status}`));
      const type = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (PAGE_TYPES.has(type)) return done(failed('login_page', `The address answered with a web page (${type})`));
      if (type && !(opts.types ?? FILE_TYPES).has(type))
        return done(failed('wrong_type', `The address answered ${type}`));
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (declared > opts.maxBytes)
        return done(failed('too_large', `${declared} bytes, the limit is ${opts.maxBytes}`));
      const chunks: Buffer[] = [];
      // hashed while it streams: an unchanged file is known as soon as its last byte arrives
      const hash = createHash('sha256');
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > opts.maxBytes) return done(failed('too_large', `Past ${opts.maxBytes} bytes`));
        const cut = opts.enough?.(chunk) ?? null;
        const piece = cut == null ? chunk : chunk.subarray(0, cut);
        chunks.push(piece);
        hash.update(piece);
        if (cut != null) done(fileOf(chunks, hash, res, url));
      });
      res.on('aborted', () => done(failed('truncated', `The connection closed after ${size} bytes`)));
      res.on('error', () => done(failed('truncated', `The connection closed after ${size} bytes`)));
      res.on('end', () => {
        if (!res.complete || (Number.isFinite(declared) && size !== declared))
          return done(failed('truncated', `${size} of ${Number.isFinite(declared) ? declared : '?'} bytes arrived`));
        done(fileOf(chunks, hash, res, url));
      });
    });
    const timer = setTimeout(
      () => done(failed('timeout', `Nothing complete within ${opts.timeoutMs} ms`)),
      Math.max(0, deadline - Date.now()),
    );
    req.on('error', (err) =>
      done(
        responded
          ? failed('truncated', `The connection closed after ${size} bytes`)
          : err instanceof AddressRefused || (err as { cause?: unknown }).cause instanceof AddressRefused
            ? failed('address_refused', err.message)
            : failed('unreachable', (err as NodeJS.ErrnoException).code ?? err.message),
      ),
    );
    req.end();
  });
}
