/**
 * `npm start`: checks the Node it runs on and the settings first, before loading anything else
 * (a setting the environment gives in a form it cannot take, and in production an unsafe one,
 * stop it with one line naming the setting and exit 1), then boots the shop
 * (api/boot.ts: migrate, seed, build, serve, graceful shutdown).
 */
import './node-version.mjs';
import { ConfigError, loadConfig, productionRefusal, type Config } from '../api/config.ts';

/** Stops the start with one plain line (no stack trace) and exit code 1. */
function refuse(line: string): never {
  console.error(line);
  process.exit(1);
}

const t0 = performance.now();
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) refuse(`Refusing to start: ${err.message}`);
  throw err;
}
const refusal = productionRefusal(config);
if (refusal) refuse(`Refusing to start with NODE_ENV=production: ${refusal}`);
const { boot } = await import('../api/boot.ts');
await boot(config, t0);
