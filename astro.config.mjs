// @ts-check
/**
 * Astro builds the static site (pages + React islands); the Node server (api/server.ts)
 * serves the output and the API on one port.
 *
 * Build-tooling environment (read here, not through api/config.ts, because Astro loads this
 * file before any app code):
 * - ASTRO_OUT_DIR: where to build (the server's regeneration builds into a fresh folder and
 *   swaps it in); default ./dist.
 * - ASTRO_CACHE_DIR: Astro's cache, which holds the content layer's data store that pages
 *   are rendered from; every server build has its own (api/services/site/build.ts), so two
 *   builds of one checkout (two nodes, a regeneration and a test server) never render each
 *   other's content. Default ./node_modules/.astro.
 * - SITE_URL: the public address, for canonical URLs.
 * - API_DEV_TARGET: where `astro dev` proxies /api to (default http://localhost:4322).
 * The content loader (src/content/loaders.ts) reads DATABASE_URL / DATABASE_PATH through loadConfig().
 */
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

const env = process.env;

export default defineConfig({
  output: 'static',
  outDir: env.ASTRO_OUT_DIR || './dist',
  ...(env.ASTRO_CACHE_DIR ? { cacheDir: env.ASTRO_CACHE_DIR } : {}),
  ...(env.SITE_URL ? { site: env.SITE_URL } : {}),
  integrations: [
    react(),
    {
      // `client:painted`: hydrate once the first screen has painted (src/lib/painted-directive.ts)
      name: 'painted-directive',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'painted', entrypoint: './src/lib/painted-directive.ts' }),
      },
    },
  ],
  // every page's CSS inline: no render-blocking stylesheet request before first paint
  build: { format: 'directory', inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
  devToolbar: { enabled: false },
  vite: {
    server: {
      proxy: {
        '/api/v1': { target: env.API_DEV_TARGET || 'http://localhost:4322', changeOrigin: false },
      },
    },
  },
});
