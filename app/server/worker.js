// Energy Floor's service worker (app-worker.js), served by go-app from
// Handler.ServiceWorkerTemplate. It starts from go-app v10.1.11's
// DefaultAppWorkerJS, keeps its PWA part (the app sends no push
// notifications, so that part is dropped) and changes what offline use and
// clean updates need:
//
// 1. A navigation matches the cache ignoring its query string, so a permalink
//    (/?tokens=2.5M&…) opens offline: the cached page loads the cached wasm,
//    which reads the query itself. Other requests match exactly.
// 2. The worker's scope URL is cached as the app's root, so the app also opens
//    offline under a sub-path (/energy/), where go-app lists only "/energy".
// 3. Updates never mix versions. Each version has its own cache, named after
//    the version and this worker's scope, and the worker reads only its own
//    (cache.match, never caches.match across all caches): an old cache that
//    is still being deleted can never answer for the new version. A page
//    reads app.wasm from its own version's cache itself (web/boot.js builds
//    the same name from the page's data-scope and data-version), faster than
//    through this worker; when that cache is gone it fetches as usual. Install
//    fetches with cache: "no-cache": the browser revalidates what its HTTP
//    cache holds with the server, so a new cache never stores an old
//    app.wasm, and a first visit's install takes the app.wasm the page has
//    just downloaded (a 304) instead of downloading it again. Nothing is
//    cached at run time, so a cache holds exactly one version. The dataset is embedded in
//    app.wasm, so wasm and data travel as one file: one reload after the
//    update notice brings both, of the same version.
// 4. install and activate wait on their work (event.waitUntil): a failed
//    download fails the install, and the old version keeps working, instead
//    of activating an empty cache and deleting the good one.
// 5. No clients.claim(): a first visit's page already has all it needs, and
//    claiming it would make go-app announce an update on a first visit (it
//    reports an update when a worker activates while the page has a
//    controller). Pages of an older version switch to the new worker anyway,
//    through skipWaiting, and then show go-app's update notice.
// 6. A page served from the cache for a different query string was
//    prerendered for other inputs: it is marked <html
//    data-prerendered-for="its query">, so that web/boot.js says its figures
//    are not for the link until the app has started (a static build's pages
//    carry the mark already).
// 7. Only GET requests are answered; app.wasm is cached decoded (the browser
//    undoes its Content-Encoding), so it works whatever encoding the server
//    chose.
//
// The names it shares with Go (the cache prefix, data-prerendered-for) are
// declared in app/ui/names.go, which a test holds it to.
const version = "{{.Version}}";
const cachePrefix = "energyfloor:" + self.registration.scope + ":";
const cacheName = cachePrefix + version;
const resourcesToCache = {{.ResourcesToCache}};
const extraPages = {{.ExtraPages}};

// urlsToCache resolves go-app's list against the scope; the app's root
// ("/energy", outside the scope "/energy/") is cached as the scope itself.
function urlsToCache(list) {
  const scope = self.registration.scope;
  const urls = new Set([scope]);
  for (const resource of list) {
    let url = new URL(resource, scope).href;
    if (url + "/" === scope) {
      url = scope;
    }
    urls.add(url);
  }
  return [...urls];
}

self.addEventListener("install", (event) => {
  event.waitUntil(installWorker());
});

async function installWorker() {
  console.log("installing app worker", version);
  const cache = await caches.open(cacheName);
  const revalidate = (url) => new Request(url, { cache: "no-cache" });
  const urls = urlsToCache(resourcesToCache);
  await cache.addAll(urls.map(revalidate));
  // Extra pages (such as /embed) are best effort: a static host that does not
  // map /embed to embed.html must not cost the whole app its offline copy.
  const extra = urlsToCache(extraPages).filter((url) => !urls.includes(url));
  await Promise.all(extra.map(async (url) => {
    try {
      await cache.add(revalidate(url));
    } catch (err) {
      console.warn("caching", url, "failed:", err);
    }
  }));
  await self.skipWaiting();
}

self.addEventListener("activate", (event) => {
  event.waitUntil(activateWorker());
});

async function activateWorker() {
  const keys = await caches.keys();
  await Promise.all(keys.map(async (key) => {
    if (key.startsWith(cachePrefix) && key !== cacheName) {
      console.log("deleting", key, "cache");
      await caches.delete(key);
    }
  }));
  console.log("app worker", version, "is activated");
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") {
    return;
  }
  event.respondWith(fetchWithCache(event.request));
});

async function fetchWithCache(request) {
  const cache = await caches.open(cacheName);
  const navigate = request.mode === "navigate";
  const cached = await cache.match(request, { ignoreSearch: navigate, ignoreVary: true });
  if (!cached) {
    return fetch(request);
  }
  if (!navigate || new URL(request.url).search === new URL(cached.url || request.url).search) {
    return cached;
  }
  return markPrerenderedFor(cached, new URL(cached.url || request.url).search);
}

// markPrerenderedFor returns the cached page with <html
// data-prerendered-for="search">, unless it carries the mark already.
async function markPrerenderedFor(response, search) {
  let html = await response.text();
  if (!/^<!DOCTYPE html>\s*<html[^>]* data-prerendered-for=/i.test(html)) {
    const query = search.replace(/^\?/, "").replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    html = html.replace("<html", '<html data-prerendered-for="' + query + '"');
  }
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(html, {
    status: response.status,
    statusText: response.statusText,
    headers: headers,
  });
}
