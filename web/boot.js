// boot.js starts the app: it compiles app.wasm (streaming, from the
// network's response or from the service worker's cache, read directly: see
// fromWorkerCache) and adds go-app's wasm_exec.js and app.js (data-scripts,
// run in order). The server rewrites app.js to take the module from
// efInstantiate (see app/server/patches.go); an app.js that runs without
// boot.js sets efInstantiate to null and compiles itself.
//
// When: on a first visit (no service worker controls the page yet), only
// once the prerendered page has painted, so that its first frame has the
// machine to itself: fetching and compiling the wasm, registering the service
// worker and running the scripts would otherwise share it with the first
// layout and raster. A page that never paints (a hidden tab) starts after
// maxWait ms. On a return visit everything comes from the service worker's
// cache, so it starts at once.
(() => {
  if ("efInstantiate" in self) return;
  const me = document.currentScript;
  if (!me) return;
  const wasm = me.dataset.wasm;
  const scripts = (me.dataset.scripts || "").split(" ").filter(Boolean);
  const maxWait = 1000;
  let started = false;
  // fromWorkerCache returns app.wasm from the service worker's cache of this
  // page's version (app-worker.js names it "energyfloor:" + scope + ":" +
  // version), or null: no worker controls the page, or that version's cache
  // is gone (a newer worker has replaced it). Reading the cache here is
  // faster than fetching through the worker, whose thread every byte of a
  // body it passes on goes through; and the page gets the wasm of its own
  // version, even while a newer worker is taking over.
  const fromWorkerCache = async () => {
    const { version, scope } = me.dataset;
    if (!version || !scope || !self.caches || !navigator.serviceWorker || !navigator.serviceWorker.controller) return null;
    try {
      const name = "energyfloor:" + new URL(scope, location.href).href + ":" + version;
      // caches.match with a cacheName never creates the cache, as caches.open would.
      const cached = await caches.match(new URL(wasm, location.href).href, { cacheName: name });
      return cached && cached.ok ? cached : null;
    } catch (err) {
      return null;
    }
  };
  const start = () => {
    if (started) return;
    started = true;
    if (wasm && WebAssembly.compileStreaming) {
      const compiled = WebAssembly.compileStreaming(fromWorkerCache().then((cached) => cached || fetch(wasm, { credentials: "same-origin" })));
      compiled.catch(() => {}); // efInstantiate retries, and reports a failure
      self.efInstantiate = async (wasmURL, importObject) => {
        let module;
        try {
          module = await compiled;
        } catch (err) {
          module = await WebAssembly.compileStreaming(fetch(wasmURL));
        }
        return { module, instance: await WebAssembly.instantiate(module, importObject) };
      };
    }
    // The scripts run as deferred ones would: in order, once the page is
    // parsed (app.js looks for go-app's loader at the end of the body).
    const add = () => {
      for (const src of scripts) {
        const s = document.createElement("script");
        s.src = src;
        s.async = false;
        document.head.appendChild(s);
      }
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", add, { once: true });
    else add();
  };
  if (navigator.serviceWorker && navigator.serviceWorker.controller) return start();
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((e) => e.name === "first-contentful-paint")) {
        observer.disconnect();
        setTimeout(start, 0); // after the frame, not inside its callback
      }
    }).observe({ type: "paint", buffered: true });
  } catch (err) {
    // no paint timing: the timer below starts the app
  }
  setTimeout(start, maxWait);
})();
