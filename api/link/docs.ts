/**
 * The interactive API Link reference at /api/link/docs: Swagger UI served by the site itself
 * from node_modules/swagger-ui-dist (no CDN: the site's CSP allows scripts and styles from
 * 'self' only), reading /api/link/v1/openapi.json. The page has no inline script: the start-up
 * code is its own file (docs-init.js).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { LINK_BASE } from './base.ts';

export const LINK_DOCS = '/api/link/docs';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${LINK_BASE}/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    tryItOutEnabled: false,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API Link reference · Facet Trade</title>
<link rel="stylesheet" href="${LINK_DOCS}/swagger-ui.css">
</head>
<body>
<main id="reference"><noscript>The reference needs JavaScript; the document itself is at <a href="${LINK_BASE}/openapi.json">${LINK_BASE}/openapi.json</a>.</noscript></main>
<script src="${LINK_DOCS}/swagger-ui-bundle.js"></script>
<script src="${LINK_DOCS}/docs-init.js"></script>
</body>
</html>
`;

const distDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Mounted at LINK_DOCS by the app (public, no key). */
export function linkDocsRoutes() {
  const files = new Map<string, Buffer>();
  const asset = (name: string) => {
    let data = files.get(name);
    if (!data) {
      data = readFileSync(join(distDir(), name));
      files.set(name, data);
    }
    return data;
  };
  return new Hono()
    .get('/', (c) => c.html(PAGE))
    .get('/docs-init.js', (c) => {
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      return c.body(INIT);
    })
    .get('/:asset', (c) => {
      const name = c.req.param('asset');
      const type = ASSETS[name];
      if (!type) return c.json({ errors: { msg: 'not_found' } }, 404);
      c.header('Content-Type', type);
      c.header('Cache-Control', 'public, max-age=86400');
      return c.body(new Uint8Array(asset(name)));
    });
}
