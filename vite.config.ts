import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.HEARTH_API_URL ?? 'http://127.0.0.1:9000';
const proxied = { target: apiTarget, changeOrigin: true, xfwd: true };

/** Writes .br and .gz beside every text asset over 1 KB, so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hearth-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|json|svg|webmanifest|txt)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The answers kept for reading and cooking offline: each recipe, the user, their ratings, the household's
 * preferences and meal plans. With no network and nothing in the route's cache, the offline library answers
 * (issue 41: web/public/offline-library-sw.js, filled by web/src/api/offlineLibrary.ts).
 */
// Serialized into the service worker (workbox-build stringifies plugins), where hearthOfflineFallback is defined.
const offlineLibraryFallback = {
  handlerDidError: async ({ request }: { request: Request }) =>
    (self as unknown as { hearthOfflineFallback: (r: Request) => Promise<Response> }).hearthOfflineFallback(request),
};

/**
 * The installable, offline-tolerant app (issue 12): a service worker (production builds only, never in dev)
 * precaches the app shell and keeps the last answer of the shopping lists, the signed-in user and each opened
 * recipe, network first, so a list (even one never opened on this device: the lists page fetches them all)
 * and the recipes already opened stay readable without a network. The list event streams bypass it.
 */
function pwa() {
  return VitePWA({
    registerType: 'autoUpdate',
    injectRegister: 'script-defer',
    devOptions: { enabled: false },
    manifest: {
      name: 'Hearth',
      short_name: 'Hearth',
      description: 'Recipes, meal plans and shopping lists for your household',
      start_url: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#E58325',
      icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      // "Share to Hearth" from a phone's browser or another app: handled by web/public/share-target-sw.js.
      share_target: {
        action: '/share-target',
        method: 'POST',
        enctype: 'multipart/form-data',
        params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'images', accept: ['image/*'] }] },
      },
    },
    workbox: {
      importScripts: ['/share-target-sw.js', '/offline-library-sw.js'],
      globPatterns: ['**/*.{js,css,html,svg,woff2}'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/docs/, /^\/openapi\.json/],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, request, sameOrigin: same }) =>
            same && request.method === 'GET' && url.pathname.startsWith('/api/households/shopping/'),
          handler: 'NetworkFirst',
          options: { cacheName: 'hearth-shopping', networkTimeoutSeconds: 5, expiration: { maxEntries: 200 } },
        },
        {
          // (Inline: workbox-build copies this function's text into the service worker.)
          urlPattern: ({ url, request, sameOrigin: same }) =>
            same && request.method === 'GET' && /^\/api\/(recipes\/[^/]+(\/images)?|users\/self(\/ratings)?|app\/about.*|households\/preferences|households\/mealplans)$/.test(url.pathname),
          handler: 'NetworkFirst',
          options: { cacheName: 'hearth-api', networkTimeoutSeconds: 5, expiration: { maxEntries: 300 }, plugins: [offlineLibraryFallback] },
        },
        {
          urlPattern: ({ url, sameOrigin: same }) => same && url.pathname.startsWith('/api/media/recipes/'),
          handler: 'StaleWhileRevalidate',
          options: { cacheName: 'hearth-media', expiration: { maxEntries: 300 }, plugins: [offlineLibraryFallback] },
        },
      ],
    },
  });
}

// The web app lives in web/ and is built into dist/web, which the server serves.
export default defineConfig({
  root: 'web',
  plugins: [react(), pwa(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // What the first screen needs (everything the entry imports statically, rolldown's '$initial' tag)
        // goes in two chunks: the libraries, which stay cached across releases, and the app's own code.
        // Left to itself rolldown cut that graph into ~70 small shared chunks, all modulepreloaded, which
        // compressed worse and dragged page-only code into the first load (a chunk holding both the theme's
        // touch-target overrides and the recipe card). Everything else is split as before.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 1 },
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
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
