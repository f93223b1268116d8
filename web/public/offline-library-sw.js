// The offline library (issue 41; web/src/api/offlineLibrary.ts fills it): when a request of the app's API or
// media finds no network and the route's own cache has nothing, the answer comes from the `hearth-offline`
// cache the app filled ahead of time. A meal-plan range (the planner asks for any number of days) is cut out
// of the two weeks kept whole. Loaded into the generated service worker by workbox's importScripts; the
// routes of vite.config.ts call it from their handlerDidError.
const OFFLINE_LIBRARY = 'hearth-offline';
const OFFLINE_MEALPLANS = '/offline-library/mealplans.json';

/** A page of meal-plan entries inside [start, end], as GET /api/households/mealplans answers. */
function hearthMealplanPage(kept, start, end) {
  const items = kept.items.filter((e) => (!start || e.date >= start) && (!end || e.date <= end));
  return { page: 1, per_page: -1, total: items.length, total_pages: 1, items, next: null, previous: null };
}

self.hearthOfflineFallback = async (request) => {
  const url = new URL(request.url);
  const cache = await caches.open(OFFLINE_LIBRARY);
  if (url.pathname === '/api/households/mealplans') {
    const stored = await cache.match(OFFLINE_MEALPLANS);
    if (!stored) return Response.error();
    const kept = await stored.json();
    const start = url.searchParams.get('start_date');
    const end = url.searchParams.get('end_date');
    // A range wholly outside the two weeks is not known offline (an empty week would be a false answer).
    if ((end && end < kept.start) || (start && start > kept.end)) return Response.error();
    return new Response(JSON.stringify(hearthMealplanPage(kept, start, end)), { headers: { 'content-type': 'application/json' } });
  }
  return (await cache.match(request, { ignoreVary: true })) ?? Response.error();
};
