/**
 * The one logger (pino). JSON lines on stdout (time, level, message and fields), which is
 * what production, CI and tests get; readable lines through pino-pretty only in development
 * when stdout is a terminal (pino-pretty is a development dependency: production never
 * loads it). The level is LOG_LEVEL.
 *
 *   logger.info({ stones: 3600 }, 'seeded the demo shop');
 *   logger.error({ err, reqId }, 'unexpected error');
 *
 * Never log a request's query string, a body, a cookie, a key or a token (docs/decisions/011).
 */
import pino, { type Logger } from 'pino';
import { loadConfig, type Config } from '../../config.ts';

export type { Logger };

/** Fields never written to the log, at the top level or one object down. */
export const LOG_REDACT = ['authHeaderValue', '*.authHeaderValue', 'header_value', '*.header_value'];

export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>, pretty = false): Logger {
  if (pretty) {
    return pino({
      level: config.LOG_LEVEL,
      redact: { paths: LOG_REDACT, censor: '[redacted]' },
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
    });
  }
  return pino(
    {
      level: config.LOG_LEVEL,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // a stock source's auth header value, should a source or its input ever be logged
      redact: { paths: LOG_REDACT, censor: '[redacted]' },
    },
    pino.destination({ fd: 1, sync: false }),
  );
}

function fromSettings(): Logger {
  let config: Config;
  try {
    config = loadConfig();
  } catch {
    // invalid settings are reported by whoever loads them; log meanwhile at the default level
    return createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'production' });
  }
  return createLogger(config, config.NODE_ENV === 'development' && process.stdout.isTTY === true);
}

export const logger: Logger = fromSettings();
