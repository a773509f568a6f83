// Offline support: the page's files are cached when the worker installs (the on-demand ones of
// lazy/ and validation.json too); hashed assets (assets/, lazy/) are served from the cache,
// everything else network-first with the cache as the fallback.
// Generated into dist/sw.js by web/vite.config.js (which fills in the version and file list).
const CACHE = 'tplayer-__VERSION__';
const PRECACHE = __PRECACHE__;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('tplayer-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function put(request, response) {
  if (response.ok && response.type === 'basic')
    (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

async function cacheFirst(request) {
  return (await caches.match(request)) || put(request, await fetch(request));
}

async function networkFirst(request) {
  try {
    return await put(request, await fetch(request));
  } catch (error) {
    const hit =
      (await caches.match(request, { ignoreSearch: true })) ||
      (request.mode === 'navigate' && (await caches.match('./')));
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(
    /\/(assets|lazy)\//.test(url.pathname) ? cacheFirst(request) : networkFirst(request),
  );
});
