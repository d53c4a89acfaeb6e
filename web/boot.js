// boot.js is the one script a page runs before its app. It does two jobs.
//
// It starts the app: it compiles app.wasm (streaming, from the network's
// response in slices, see inSlices, or from the service worker's cache, read
// directly, see fromWorkerCache) and adds go-app's wasm_exec.js and app.js
// (data-scripts, run in order). The server rewrites app.js to take the
// module from efInstantiate (see app/server/patches.go); an app.js that runs
// without boot.js sets efInstantiate to null and compiles itself. On a first
// visit (no service worker controls the page yet) it starts only once the
// prerendered page has painted, so that its first frame has the machine to
// itself; a page that never paints (a hidden tab) starts after maxWait ms.
// On a return visit everything comes from the service worker's cache, so it
// starts at once. The embed (<html data-page="embed">) starts only once the
// reader uses it: a focus, a pointer down or a key in it; until then the
// page holding it pays for nothing but the prerendered page. The embed also
// tells the page around it its height, from the prerendered page on (see
// postHeights). go-app's app.js hands it the registration of the service
// worker (efAfterStart), which it makes once the app has started (the app
// calls efStarted), and skips where the page may use no service worker (a
// frame with an opaque origin: sandbox without allow-same-origin, where
// reading navigator.serviceWorker, caches or localStorage throws a
// SecurityError; the app gets a storage in memory there). When
// the app cannot start (no WebAssembly, a failed download or compile) it
// says so in #app-status.
//
// Until the app replaces the prerendered page, it keeps the page honest: the
// form is a plain GET form the server answers, and #results carries
// data-current="no" (which the stylesheet shows, with a line saying which
// inputs the figures are for) whenever the figures are not for the values in
// the fields: after an edit, or on a page prerendered for another link (a
// page the service worker or a static host served, marked <html
// data-prerendered-for="query">), whose fields it first fills from the link.
// Of the two linked volume fields, only the one typed is sent. It knows no
// field by name: the page says what it needs (app/ui's table of fields).
// A statement's permalink written relative to the page it writes out
// absolute.
//
// It keeps the live page honest too. Every edit of a field marks #results
// not current at once, before any Go runs, and counts the edit (efEdits):
// only the app sets the figures current again, once it has drawn them for
// every edit counted (app/ui/current.go). When the app stops (its Go
// program ends: app.js hands over go.run's promise, efRun; or one of our
// scripts throws where nothing catches it), the figures are marked not
// current and #app-failed says the calculator stopped, with a button that
// reloads; it writes with natives saved at its start, since the API that
// failed may be one it would use. It starts only an app.wasm of its page's
// version (the Energyfloor-Version header; see ofVersion), and otherwise
// reloads the page once.
//
// Every name it shares with Go (globals, marks, data attributes, the cache
// prefix) is declared in app/ui/names.go, which a test holds it to.
(() => {
  if ("efInstantiate" in self) return;
  const me = document.currentScript;
  if (!me) return;
  // The natives the failure path marks the page with (failed), saved
  // before any other script runs: when the app stops because a DOM API
  // throws (a browser extension, a broken polyfill has replaced it), the
  // page still says so.
  const native = {
    apply: Reflect.apply,
    byId: Document.prototype.getElementById,
    create: Document.prototype.createElement,
    setAttribute: Element.prototype.setAttribute,
    append: Element.prototype.append,
    prepend: Element.prototype.prepend,
    setText: Object.getOwnPropertyDescriptor(Node.prototype, "textContent").set,
    listen: EventTarget.prototype.addEventListener,
  };
  const call = (fn, that, ...args) => native.apply(fn, that, args);
  const getElementById = (id) => call(native.byId, document, id);
  const wasm = me.dataset.wasm;
  const scripts = (me.dataset.scripts || "").split(" ").filter(Boolean);
  const maxWait = 1000;
  let started = false;

  // allowed returns what get reads, or null where reading it throws: in a
  // frame with an opaque origin, navigator.serviceWorker and caches throw a
  // SecurityError.
  const allowed = (get) => {
    try {
      return get() || null;
    } catch (err) {
      return null;
    }
  };
  // memoryStorage is a Storage kept in memory for the page's life.
  const memoryStorage = () => {
    const items = new Map();
    return {
      get length() {
        return items.size;
      },
      key: (i) => [...items.keys()][i] ?? null,
      getItem: (k) => (items.has(String(k)) ? items.get(String(k)) : null),
      setItem: (k, v) => void items.set(String(k), String(v)),
      removeItem: (k) => void items.delete(String(k)),
      clear: () => items.clear(),
    };
  };
  // storageInMemory gives the page a localStorage and a sessionStorage kept
  // in memory where reading them throws: go-app's engine reads localStorage
  // as it starts (to drop expired states), and an exception thrown into
  // the wasm from a property read stops the app.
  const storageInMemory = () => {
    for (const name of ["localStorage", "sessionStorage"]) {
      if (allowed(() => self[name])) continue;
      try {
        Object.defineProperty(self, name, { value: memoryStorage(), configurable: true });
      } catch (err) {
        // left as it is: go-app's read of it then throws, the app stops,
        // and the page says so (failed)
      }
    }
  };
  const serviceWorker = allowed(() => navigator.serviceWorker);
  const cacheStorage = allowed(() => self.caches);
  const opaqueOrigin = self.origin === "null";
  const embed = document.documentElement.getAttribute("data-page") === "embed";

  // postHeights posts the embed's height (#calculator's) to the parent
  // window whenever it changes: {type: "energyfloor:height", height}; and,
  // in a frame WordPress embedded (its URL ends in #?secret=…: see
  // wordPressSecret), WordPress's own {message: "height", value, secret},
  // and again on each {message: "ready", secret} from the parent. It
  // observes <body>, which go-app keeps when the app replaces the
  // prerendered page in it.
  const postHeights = () => {
    if (!self.ResizeObserver || !document.body) return;
    const parent = self.parent;
    const secret = wordPressSecret(location.hash);
    let last = 0;
    const postWordPress = () => {
      if (secret && last) parent.postMessage({ message: "height", value: last, secret }, "*");
    };
    new ResizeObserver(() => {
      const el = document.getElementById("calculator");
      const h = el ? Math.ceil(el.getBoundingClientRect().height) : 0;
      if (!h || h === last) return;
      last = h;
      parent.postMessage({ type: "energyfloor:height", height: h }, "*");
      postWordPress();
    }).observe(document.body);
    if (secret) {
      addEventListener("message", (e) => {
        const d = e.data;
        if (e.source === parent && d && typeof d === "object" && d.message === "ready" && d.secret === secret) postWordPress();
      });
    }
  };

  // wordPressSecret returns the secret WordPress (4.4 and later) appends to
  // the src of each frame it embeds (#?secret=, after any fragment of its
  // own), or "" when there is none or it is not what wp-embed.js draws and
  // accepts: 1 to 10 ASCII letters or digits. WordPress's host script posts
  // {message: "ready", secret} to the frame and sets the frame's height
  // (clamped to 200-1000 px) on {message: "height", value, secret} from it.
  const wordPressSecret = (hash) => {
    const i = hash.lastIndexOf("#?");
    if (i < 0) return "";
    const secret = new URLSearchParams(hash.slice(i + 2)).get("secret") || "";
    return /^[A-Za-z0-9]{1,10}$/.test(secret) ? secret : "";
  };

  // whenParsed runs fn once the page is parsed.
  const whenParsed = (fn) => {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn, { once: true });
    else fn();
  };

  // form is the prerendered form, while the app has not replaced it.
  const form = () => {
    const f = document.getElementById("inputs");
    return f && f.tagName === "FORM" && !document.querySelector("#calculator.live") ? f : null;
  };

  // failed says in #app-status why the app is not running, with a way to
  // try again where the download failed. When the app stopped (kind
  // "stopped": its Go program ended, or one of our scripts threw), the
  // figures shown may no longer be for the fields: #results is marked not
  // current at once, #results-for's hint and #app-failed say the calculator
  // stopped, and a button reloads the page. It writes with the natives
  // saved at the start (native), since the API that failed may be one of
  // those it would use.
  const failed = (kind) => {
    appStarted();
    const live = !!document.querySelector("#calculator.live");
    const results = getElementById("results");
    if (kind === "stopped" && results) call(native.setAttribute, results, "data-current", "no");
    whenParsed(() => {
      const status = getElementById("app-status");
      if (!status || getElementById("app-failed")) return;
      const why = {
        nowasm: "WebAssembly is off in this browser",
        download: "app.wasm could not be loaded",
        compile: "app.wasm could not be started",
        stopped: "it stopped after an error on this page",
        version: "this page and the app.wasm it got are of two versions of the site, which has just been updated",
      }[kind];
      const staticCopy = document.documentElement.hasAttribute("data-prerendered-for");
      const p = call(native.create, document, "p");
      p.id = "app-failed";
      p.className = "app-failed";
      // A sandboxed frame cannot send the form (no allow-forms).
      call(native.append, p, "This browser is not running the calculator (" + why + "). " + (kind === "stopped" && live
        ? "The figures are not for the values in the fields: they are for the inputs named with them, the last it worked out. Reload the page to start it again."
        : staticCopy || opaqueOrigin
        ? "The figures below are for the inputs shown with them; this " + (staticCopy ? "copy of the site" : "frame") + " cannot work out figures for other values."
        : "The figures below are for the inputs in the link; press Calculate to get figures for new values."));
      const onUse = getElementById("starts-on-use");
      if (onUse) onUse.remove();
      const hint = kind === "stopped" && getElementById("results-for-hint");
      if (hint) call(native.setText, hint, "The calculator stopped: reload the page to update them.");
      if (kind === "stopped") {
        for (const copy of [getElementById("copy-statement"), getElementById("copy-statement-short")]) if (copy) copy.disabled = true;
      }
      if (kind !== "nowasm" && kind !== "compile") {
        const retry = call(native.create, document, "button");
        retry.type = "button";
        retry.id = "app-retry";
        call(native.append, retry, kind === "download" ? "Try again" : "Reload");
        call(native.listen, retry, "click", () => {
          const f = kind === "download" && form();
          if (f && f.requestSubmit) f.requestSubmit();
          else location.reload();
        });
        call(native.append, p, " ", retry);
      }
      call(native.prepend, status, p);
    });
  };

  // The app has stopped when its Go program ends (app.js hands boot.js the
  // promise of go.run: efRun; go-app's program never ends of itself) or
  // when one of our scripts throws where nothing catches it (boot.js,
  // go-app's app.js and wasm_exec.js, through which every call into the
  // stopped program throws).
  self.efRun = (running) => {
    running.then(() => failed("stopped"), () => failed("stopped"));
    return running;
  };
  const ours = [me.src, ...scripts].map((src) => new URL(src, location.href).href);
  const fromOurs = (text) => typeof text === "string" && ours.some((src) => text.includes(src));
  call(native.listen, self, "error", (e) => {
    if (fromOurs(e.filename) || e.error && fromOurs(e.error.stack)) failed("stopped");
  });
  call(native.listen, self, "unhandledrejection", (e) => {
    if (e.reason && fromOurs(e.reason.stack)) failed("stopped");
  });

  // An edit makes the figures not current at once, before any Go runs: an
  // input in a field of the form (#inputs, wherever it is drawn: form=) or
  // a change of a select among them or of the preset, which is what the
  // app handles. efEdits counts them; only the app sets the figures current
  // again, once an update has drawn them for the edits it has handled and
  // it has handled as many as counted here.
  self.efEdits = 0;
  const onEdit = (e) => {
    const t = e.target;
    if (!t || (e.type === "change") !== (t.tagName === "SELECT")) return;
    if (!(t.form && t.form.id === "inputs") && t.id !== "scope-preset") return;
    self.efEdits++;
    const results = getElementById("results");
    if (results) call(native.setAttribute, results, "data-current", "no");
  };
  call(native.listen, document, "input", onEdit, true);
  call(native.listen, document, "change", onEdit, true);

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

  // ofVersion passes on a response of app.wasm of the version the page was
  // served with (data-version), which the response names in its
  // Energyfloor-Version header (the server's; a static host's from the
  // build's _headers). A page never runs with an app.wasm of another
  // version (a page of the old version meeting the new app.wasm through a
  // newer service worker, or the server updated between the two): it
  // reloads once, and if it still gets another version says so (failed).
  // A response without the header (a static host that ignores _headers)
  // cannot be told, and goes on.
  class OtherVersion extends Error {}
  const ofVersion = (response) => {
    const version = me.dataset.version, got = response.headers.get("Energyfloor-Version");
    if (!got || !version || got === version) return response;
    const state = history.state && typeof history.state === "object" ? history.state : {};
    if (state.reloadedFor !== version) {
      history.replaceState({ ...state, reloadedFor: version }, "");
      location.reload();
    } else {
      failed("version");
    }
    throw new OtherVersion("app.wasm is of version " + got + ", the page of " + version);
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

  // The statements' permalinks (#statement-link, #statement-short-link): a
  // page whose origin was not known when it was written (a static build given none) links
  // relative to itself; write the link out absolute, as the page's own.
  whenParsed(() => {
    const links = [document.getElementById("statement-link"), document.getElementById("statement-short-link")];
    for (const link of links) {
      if (link && link.getAttribute("href").startsWith("/")) link.textContent = link.href;
    }
  });

  // The prerendered form.
  whenParsed(() => {
    const f = form();
    const results = document.getElementById("results");
    if (!f || !results) return;
    // The linked volume fields carry the name they are sent under in
    // data-name; typed gives it to the one the visitor typed into, and only
    // to it.
    const linked = [...f.querySelectorAll("input[data-name]")];
    const typed = (field) => {
      for (const el of linked) {
        if (el === field) el.name = el.dataset.name;
        else el.removeAttribute("name");
      }
    };
    for (const field of linked) {
      field.readOnly = false;
      field.addEventListener("input", () => typed(field));
    }
    // A preset fills the fields its option's data attributes name (by
    // parameter: host, idle and PUE) with their values.
    const preset = document.getElementById("scope-preset");
    if (preset) {
      preset.disabled = false;
      preset.addEventListener("change", () => {
        const o = preset.selectedOptions[0];
        if (!o) return;
        for (const [name, v] of Object.entries(o.dataset)) {
          const el = f.elements.namedItem(name);
          if (el && el.tagName === "INPUT") el.value = v;
        }
        mark();
      });
    }
    // A page prerendered for another link (a static host's or the service
    // worker's copy) has figures for that link's state. Whether two links
    // mean the same state only Go can say (it decodes them: "pct=P99" is
    // p99, not the median a select that lacks "P99" keeps), so until the app
    // runs such figures are never current, even for a link that means the
    // same: a figure is never marked current for other inputs.
    const root = document.documentElement;
    const elsewhere = root.hasAttribute("data-prerendered-for") && root.getAttribute("data-prerendered-for") !== location.search.replace(/^\?/, "");
    const invalid = elsewhere || results.getAttribute("data-current") === "no"; // or a field holds a bad value
    // The form's elements are its fields wherever they are drawn (form=).
    const changed = () => [...f.elements].some((el) =>
      el.tagName === "SELECT" ? [...el.options].some((o) => o.selected !== o.defaultSelected)
        : el.tagName === "INPUT" && el.type === "text" && el.value !== el.defaultValue);
    const mark = () => {
      if (form()) results.setAttribute("data-current", invalid || changed() ? "no" : "yes");
    };
    // A page prerendered for another link: show the link's values in the
    // fields (the figures are not for them). They become the fields'
    // defaults, so that the app takes only the visitor's own changes for
    // edits, and reads the link itself, with the parser a first visit to
    // the server uses.
    if (elsewhere) {
      const seen = new Set();
      for (const [name, value] of new URLSearchParams(location.search)) {
        if (seen.has(name)) continue;
        seen.add(name);
        const el = linked.find((l) => l.dataset.name === name) || f.elements.namedItem(name);
        if (!el || !el.tagName) continue;
        if (el.tagName === "INPUT") {
          el.defaultValue = value;
          el.value = value;
        } else if (el.tagName === "SELECT" && [...el.options].some((o) => o.value === value)) {
          el.value = value;
          for (const o of el.options) o.defaultSelected = o.selected;
        }
      }
      // The link's volume is the one typed; requests, the later, win.
      for (const field of linked) if (seen.has(field.dataset.name)) typed(field);
    }
    mark();
    // Any field of the form, wherever it is drawn: the fields outside it
    // (Beyond the GPU's) name it with form=, and their events do not bubble
    // through it.
    const ofForm = (e) => {
      if (e.target && e.target.form === f) mark();
    };
    document.addEventListener("input", ofForm);
    document.addEventListener("change", ofForm);
  });

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
})();
