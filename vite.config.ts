import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.HEARTH_API_URL ?? 'http://127.0.0.1:9000';
const proxied = { target: apiTarget, changeOrigin: true, xfwd: true };

// The web app lives in web/ and is built into dist/web, which the server serves.
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': proxied,
      '/docs': proxied,
      '/openapi.json': proxied,
    },
  },
});
