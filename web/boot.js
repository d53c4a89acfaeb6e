// boot.js starts compiling app.wasm as soon as it arrives (it is async: it
// never holds up the page), while the browser parses, lays out and paints the
// prerendered page, instead of when go-app's deferred app.js runs after all
// that. The server rewrites app.js to take the module from efInstantiate
// (app/server/appjs.go); when app.js runs first, it sets efInstantiate to
// null and compiles itself, and boot.js does nothing. Streaming compilation
// of the network's (or the service worker's) own response keeps the
// compiled-code cache working.
(() => {
  if ("efInstantiate" in self) return;
  const url = document.currentScript && document.currentScript.dataset.wasm;
  if (!url || !WebAssembly.compileStreaming) return;
  const compiled = WebAssembly.compileStreaming(fetch(url, { credentials: "same-origin" }));
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
})();
