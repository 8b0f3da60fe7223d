/**
 * `npm start`: checks the Node it runs on and the settings first, before loading anything else
 * (production refuses unsafe settings with one line and exit 1), then boots the shop
 * (api/boot.ts: migrate, seed, build, serve, graceful shutdown).
 */
import './node-version.mjs';
import { loadConfig, productionRefusal } from '../api/config.ts';

const t0 = performance.now();
const config = loadConfig();
const refusal = productionRefusal(config);
if (refusal) {
  console.error(`Refusing to start with NODE_ENV=production: ${refusal}`);
  process.exit(1);
}
const { boot } = await import('../api/boot.ts');
await boot(config, t0);
