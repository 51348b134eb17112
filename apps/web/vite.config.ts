import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * PDF.js's files it fetches by name at run time (not imports Vite can hash): the JavaScript
 * decoders of JBIG2 and JPEG 2000 images (no WebAssembly under the CSP) and the standard fonts a
 * PDF may use without embedding them. Emitted under `/pdfjs/` at build, served from node_modules
 * in development; the viewer points PDF.js there (ui/file-viewer-pdf.tsx).
 */
function pdfjsAssets(): Plugin {
  const from = fileURLToPath(new URL('../../node_modules/pdfjs-dist/', import.meta.url));
  const files = [
    ...['jbig2_nowasm_fallback.js', 'openjpeg_nowasm_fallback.js'].map((name) => `wasm/${name}`),
    ...readdirSync(join(from, 'standard_fonts'))
      .filter((name) => !name.startsWith('LICENSE'))
      .map((name) => `standard_fonts/${name}`),
  ];
  return {
    name: 'pdfjs-assets',
    configureServer(server) {
      server.middlewares.use('/pdfjs/', (request, response, next) => {
        const name = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        if (!files.includes(name)) return next();
        response.setHeader(
          'content-type',
          name.endsWith('.js') ? 'text/javascript' : 'application/octet-stream',
        );
        response.end(readFileSync(join(from, name)));
      });
    },
    generateBundle() {
      for (const name of files)
        this.emitFile({
          type: 'asset',
          fileName: `pdfjs/${name}`,
          source: readFileSync(join(from, name)),
        });
    },
  };
}

// The API (apps/api) serves the built SPA from apps/web/dist; in development Vite proxies /api to it.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), pdfjsAssets()],
  resolve: {
    // The router's package resolves to its development build under every condition: the app
    // ships the production one (no dev warnings, smaller).
    alias: [
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
        ),
      },
      {
        find: /^react-router\/dom$/,
        replacement: fileURLToPath(
          new URL(
            '../../node_modules/react-router/dist/production/dom-export.mjs',
            import.meta.url,
          ),
        ),
      },
    ],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // build.mjs reads it to print the JavaScript each route needs.
    manifest: true,
  },
});
