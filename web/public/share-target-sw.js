// Share to Hearth (the manifest's share_target): a page's address, or photos, shared from another app arrive as a
// POST to /share-target. The service worker keeps the photos in a cache of their own (a redirect cannot carry
// files) and sends the app to /share, which opens the URL import with its test, or the photo (OCR) import.
// Loaded into the generated service worker by workbox's importScripts (vite.config.ts).
const SHARE_CACHE = 'hearth-share';

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== '/share-target') return;
  event.respondWith(
    (async () => {
      const form = await event.request.formData();
      const params = new URLSearchParams();
      for (const name of ['url', 'text', 'title']) {
        const value = form.get(name);
        if (typeof value === 'string' && value.trim()) params.set(name, value.trim());
      }
      const images = form.getAll('images').filter((file) => typeof file !== 'string' && file.size > 0);
      if (images.length > 0) {
        await caches.delete(SHARE_CACHE);
        const cache = await caches.open(SHARE_CACHE);
        await Promise.all(
          images.map((file, i) =>
            cache.put(`/share-target/images/${i}`, new Response(file, { headers: { 'content-type': file.type || 'image/jpeg', 'x-file-name': encodeURIComponent(file.name || `shared-${i + 1}.jpg`) } })),
          ),
        );
        params.set('images', String(images.length));
      }
      return Response.redirect(`/share?${params}`, 303);
    })(),
  );
});
