// The Node this project runs on: the major version of package.json "engines". Loaded before
// anything else (`npm start` runs `node --import ./scripts/node-version.mjs`, and
// scripts/start.ts imports it first), plain JavaScript so that an older Node reads it too, and
// stops at once with a message naming the Node it needs.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const needed = Number(/\d+/.exec(pkg.engines.node)?.[0]);
const major = Number(process.versions.node.split('.')[0]);
if (major !== needed) {
  console.error(
    `Facet Trade needs Node ${needed} (package.json "engines": ${pkg.engines.node}), not ${process.version} ` +
      `(${process.execPath}). Run it through npm (npm start), which uses the Node ${needed} that ` +
      `\`npm ci\` installs as the "node" dependency, or put Node ${needed} first on PATH.`,
  );
  process.exit(1);
}
