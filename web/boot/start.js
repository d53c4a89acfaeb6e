  // boot.js starts the app: it compiles app.wasm (streaming, from the
  // network's response in slices, see inSlices, or from the service
  // worker's cache, read directly, see fromWorkerCache) and adds go-app's
  // wasm_exec.js and app.js (data-scripts, run in order). The server
  // rewrites app.js to take the module from efInstantiate (see
  // app/server/patches.go); an app.js that runs without boot.js sets
  // efInstantiate to null and compiles itself. On a first visit (no service
  // worker controls the page yet) it starts only once the prerendered page
  // has painted, so that its first frame has the machine to itself; a page
  // that never paints (a hidden tab) starts after maxWait ms. On a return
  // visit everything comes from the service worker's cache, so it starts at
  // once. The embed starts only once the reader uses it: a focus, a pointer
  // down or a key in it; until then the page holding it pays for nothing but
  // the prerendered page. go-app's app.js hands it the registration of the
  // service worker (efAfterStart), which it makes once the app has started
  // (the app calls efStarted), and skips where the page may use no service
  // worker.
  const wasm = me.dataset.wasm;
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
    const version = me.dataset.version, scope = me.dataset.scope;
    if (!version || !scope || !cacheStorage || !serviceWorker || !serviceWorker.controller) return null;
    try {
      const name = "energyfloor:" + new URL(scope, location.href).href + ":" + version;
      // caches.match with a cacheName never creates the cache, as caches.open would.
      const cached = await cacheStorage.match(new URL(wasm, location.href).href, { cacheName: name });
      return cached && cached.ok ? cached : null;
    } catch (err) {
      return null;
    }
  };

  // efAfterStart(register) runs go-app's registration of the service worker
  // (app.js hands it over: see app/server/patches.go) once the app has drawn
  // its first page (the wasm calls efStarted) or cannot start, when the
  // page is next idle, or maxWorkerWait ms after the start whatever happens. A first
  // visit's worker install reads all of app.wasm and the files it lists into
  // its cache: before the start, that work would compete with the page's own
  // download, compile and start of app.wasm. Where the page may use no
  // service worker, there is no registration: the app runs, online only.
  const maxWorkerWait = 10000;
  let afterStart = [];
  const appStarted = () => {
    if (!afterStart) return;
    const waiting = afterStart;
    afterStart = null;
    for (const fn of waiting) {
      if (self.requestIdleCallback) requestIdleCallback(() => fn(), { timeout: 1000 });
      else setTimeout(fn, 0);
    }
  };
  self.efAfterStart = (fn) => {
    if (!serviceWorker) return;
    if (afterStart) afterStart.push(fn);
    else fn();
  };
  // efStarted is what the app calls once it has drawn its first page.
  self.efStarted = () => appStarted();

  // inSlices passes a network response of app.wasm on to the compile in
  // slices of up to sliceBytes, yielding to the browser between them once a
  // task has run sliceMs. The bytes arrive faster than the compile takes
  // them, and Chromium's loader hands the compile every byte waiting in one
  // task: without slices, a first visit's download is one long task, with
  // the visitor's typing held up behind it. Reads are gathered into slices
  // because the compile pays a cost for each piece it is handed. A response
  // passed on through a stream of its own has no URL, so Chromium keeps no
  // compiled code for it; return visits compile the service worker's cached
  // copy, which boot.js hands over as it is. A failed read fails the compile,
  // which efInstantiate retries.
  const sliceMs = 40;
  const sliceBytes = 1 << 20;
  const yieldChannel = self.MessageChannel ? new MessageChannel() : null;
  const yieldTask = () => new Promise((resolve) => {
    yieldChannel.port1.onmessage = () => resolve();
    yieldChannel.port2.postMessage(null);
  });
  const inSlices = (response) => {
    if (!response.ok || !response.body || !yieldChannel || !self.ReadableStream) return response;
    const reader = response.body.getReader();
    let since = performance.now();
    const body = new ReadableStream({
      async pull(controller) {
        if (performance.now() - since > sliceMs) {
          await yieldTask();
          since = performance.now();
        }
        const parts = [];
        let n = 0;
        while (n < sliceBytes) {
          const { done, value } = await reader.read();
          if (done) break;
          parts.push(value);
          n += value.length;
        }
        if (n === 0) return controller.close();
        if (parts.length === 1) return controller.enqueue(parts[0]);
        const slice = new Uint8Array(n);
        let at = 0;
        for (const p of parts) {
          slice.set(p, at);
          at += p.length;
        }
        controller.enqueue(slice);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { headers: { "Content-Type": "application/wasm" } });
  };

  const start = () => {
    if (started) return;
    started = true;
    setTimeout(appStarted, maxWorkerWait);
    storageInMemory();
    if (typeof WebAssembly !== "object") return failed("nowasm");
    if (wasm && WebAssembly.compileStreaming) {
      // The ef: marks time the start-up's phases for cmd/bench.
      performance.mark("ef:wasm-requested");
      const compiled = WebAssembly.compileStreaming(fromWorkerCache().then((cached) => cached || fetch(wasm, { credentials: "same-origin" }).then(ofVersion).then(inSlices)));
      compiled.then(() => performance.mark("ef:wasm-compiled"), () => {}); // efInstantiate retries, and reports a failure
      self.efInstantiate = async (wasmURL, importObject) => {
        let module;
        try {
          try {
            module = await compiled;
          } catch (err) {
            if (err instanceof OtherVersion) throw err;
            module = await WebAssembly.compileStreaming(fetch(wasmURL).then(ofVersion));
          }
          const instance = await WebAssembly.instantiate(module, importObject);
          performance.mark("ef:instantiated");
          return { module, instance };
        } catch (err) {
          if (!(err instanceof OtherVersion)) failed(err instanceof WebAssembly.CompileError || err instanceof WebAssembly.LinkError ? "compile" : "download");
          throw err;
        }
      };
    }
    // The scripts run as deferred ones would: in order, once the page is
    // parsed (app.js looks for go-app's loader at the end of the body).
    whenParsed(() => {
      for (const src of scripts) {
        const s = document.createElement("script");
        s.src = src;
        s.async = false;
        s.addEventListener("error", () => failed("download"));
        document.head.appendChild(s);
      }
    });
  };

  // The embed starts on the first focus, pointer down or key in it
  // (captured, so that no handler of the page can hide it). Edits made
  // while the app starts are kept: the app reads them from the prerendered
  // form (app/ui/adopt.go).
  if (embed) {
    // The line saying an edit recalculates is true only where this script
    // runs: the page prerenders it hidden, and it shows here.
    whenParsed(() => {
      const line = document.getElementById("starts-on-use");
      if (line) line.hidden = false;
      postHeights();
    });
    const uses = ["focusin", "pointerdown", "keydown"];
    const onUse = () => {
      for (const type of uses) removeEventListener(type, onUse, true);
      const line = document.getElementById("starts-on-use");
      if (line) line.textContent = "Calculator starting…";
      start();
    };
    for (const type of uses) addEventListener(type, onUse, { capture: true, passive: true });
    return;
  }
  if (serviceWorker && serviceWorker.controller) return start();
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
