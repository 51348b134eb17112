import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API (apps/api) serves the built SPA from apps/web/dist; in development Vite proxies /api to it.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
