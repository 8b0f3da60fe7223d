/**
 * Whether an error means the database cannot be reached right now (a restart, a failover, a
 * network cut, a full pool), as opposed to a bug: the API answers those 503 `database_unavailable`
 * rather than 500. Looks through drizzle's wrapping (`cause`) and Node's AggregateError.
 */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** PostgreSQL: shutting down, starting up, too many connections (and class 08, connection exceptions) */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const SQLITE_CODES = /^SQLITE_(BUSY|CANTOPEN|IOERR)/;
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK.has(code) || PG_CODES.has(code) || /^08/.test(code) || SQLITE_CODES.test(code)) return true;
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
