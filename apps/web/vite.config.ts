import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API (apps/api) serves the built SPA from apps/web/dist; in development Vite proxies /api to it.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
