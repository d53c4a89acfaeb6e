// boot.js starts the app: it compiles app.wasm (streaming, from the
// network's or the service worker's own response, for which Chromium can
// keep compiled code; cmd/bench says when it does) and adds go-app's
// wasm_exec.js and app.js (data-scripts, run in order). The server rewrites
// app.js to take the module from efInstantiate (app/server/appjs.go); an
// app.js that runs without boot.js sets efInstantiate to null and compiles
// itself.
//
// When: on a first visit (no service worker controls the page yet), only
// once the prerendered page has painted. Until then the page's first frame
// has the machine to itself: on a 2-core machine, fetching and compiling the
// wasm, registering the service worker and running the scripts otherwise
// share it with the first layout and raster. In `make bench`'s cold loads
// (15 each, alternating servers) the results appeared sooner: medians 172
// against 208 ms with a first version of this, 188 against 210 ms with this
// one; the page became interactive later by about the time to first paint
// (902 against 793 ms). A page that never paints (a hidden tab) starts
// after maxWait ms. On a return visit everything comes from the service
// worker's cache, so it starts at once.
(() => {
  if ("efInstantiate" in self) return;
  const me = document.currentScript;
  if (!me) return;
  const wasm = me.dataset.wasm;
  const scripts = (me.dataset.scripts || "").split(" ").filter(Boolean);
  const maxWait = 1000;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    if (wasm && WebAssembly.compileStreaming) {
      const compiled = WebAssembly.compileStreaming(fetch(wasm, { credentials: "same-origin" }));
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
