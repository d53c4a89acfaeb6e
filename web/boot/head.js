  // boot.js is the one script a page runs before its app, served as one
  // response (/web/boot.js): the parts in web/boot/, one job each,
  // concatenated inside this function in web.BootParts' order: head.js
  // (what the others use), fault.js (an app that stops or cannot start, the
  // version check, edits marking the figures not current), page.js (the
  // prerendered page), embed.js (the embed's height) and start.js (starting
  // the app, and when). Every name it shares with Go (globals, marks, data
  // attributes, the cache prefix) is declared in app/ui/names.go, which a
  // test holds it to.
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
  const scripts = (me.dataset.scripts || "").split(" ").filter(Boolean);

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
