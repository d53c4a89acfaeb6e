  // When the app cannot start (no WebAssembly, a failed download or
  // compile) boot.js says so in #app-status. It keeps the live page honest:
  // every edit of a field marks #results not current at once, before any Go
  // runs, and counts the edit (efEdits): only the app sets the figures
  // current again, once it has drawn them for every edit counted
  // (app/ui/current.go). When the app stops (its Go program ends: app.js
  // hands over go.run's promise, efRun; or one of our scripts throws where
  // nothing catches it), the figures are marked not current and
  // #app-failed says the calculator stopped, with a button that reloads; it
  // writes with natives saved at its start, since the API that failed may be
  // one it would use. It starts only an app.wasm of its page's version (the
  // Energyfloor-Version header; see ofVersion), and otherwise reloads the
  // page once.

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
