// 棋童's service worker: after the first visit the whole site (pages, scripts, the three wasm
// modules, the lessons) is kept in the browser, so a classroom with bad Wi-Fi keeps working.
// A service worker has to be JavaScript; it holds no chess, only the cache policy.
//
// Two modes, chosen by the line below:
// - dist/ (`cargo xtask dist` writes OFFLINE: the version, a hash of every file's content, and
//   the list of files): the files are fetched into the cache `qitong <scope> <version>` at
//   install, served from it (cache first; the lessons network first, see below), and this
//   scope's older caches are deleted on activate. A new site makes a new sw.js (its version
//   changed), which the browser installs by itself.
// - the working tree (`cargo xtask serve`, OFFLINE stays null): the worker installs, clears this
//   scope's old caches (a dist/ once served here) and handles no request at all, so every edit shows at once (the dev server makes
//   the browser revalidate each file) and the tests' request interception sees every request.
//   Offline is a property of the deployed site, dist/.
const OFFLINE = null;

// One cache per scope and version: a site under /school/chess/ and another one on the same host
// (or the working tree at /) never delete each other's caches.
const PREFIX = `qitong ${self.registration.scope} `;
const CACHE = OFFLINE ? `${PREFIX}${OFFLINE.version}` : null;

/** The URL of a site file (`lesson.html`, `pkg/qitong_bg.wasm`) under this worker's scope. */
const siteUrl = (file) => new URL(file, self.registration.scope).href;

self.addEventListener('install', (event) => {
  if (!OFFLINE) {
    event.waitUntil(self.skipWaiting());
    return;
  }
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // 'reload': straight from the server, never an HTTP-cached copy of the old version.
      await cache.addAll(OFFLINE.files.map((file) => new Request(siteUrl(file), { cache: 'reload' })));
      // The new version takes over at once: a classroom tab stays open for hours, and a worker
      // waiting for every tab to close would keep serving the old site all that time.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** The cache key of a request: a folder is its index.html, and a page ignores `?present` etc. */
function cacheKey(request) {
  const url = new URL(request.url);
  url.hash = '';
  if (request.mode === 'navigate') url.search = '';
  if (url.pathname.endsWith('/')) url.pathname += 'index.html';
  return url.href;
}

/** A lesson file is read from the server when it answers within this time, else from the cache. */
const LESSON_WAIT_MS = 3000;

async function cacheFirst(request) {
  const cached = await caches.match(cacheKey(request), { cacheName: CACHE });
  return cached ?? fetch(request);
}

/**
 * The server's answer (kept in the cache for later), or the cached copy when the network fails,
 * answers with an error, or is slower than `waitMs`.
 */
async function networkFirst(request, waitMs) {
  const key = cacheKey(request);
  const cached = () => caches.match(key, { cacheName: CACHE });
  const network = fetch(request).then(async (response) => {
    if (!response.ok) return (await cached()) ?? response;
    if (response.type === 'basic') await (await caches.open(CACHE)).put(key, response.clone());
    return response;
  });
  // Answered from the cache after the timeout, the late network answer is only stored.
  network.catch(() => null);
  try {
    const late = new Promise((resolve) => setTimeout(resolve, waitMs, null));
    return (await Promise.race([network, late])) ?? (await cached()) ?? (await network);
  } catch (error) {
    const copy = await cached();
    if (copy) return copy;
    throw error;
  }
}

/** Inside the site's `lessons/` folder: a teacher may drop a new lesson there without a rebuild. */
const isLessonFile = (url) => url.startsWith(siteUrl('lessons/'));

// Without OFFLINE there is no fetch handler, and the browser skips the worker for requests.
if (OFFLINE) {
  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
    if (isLessonFile(request.url)) event.respondWith(networkFirst(request, LESSON_WAIT_MS));
    else event.respondWith(cacheFirst(request));
  });
}
