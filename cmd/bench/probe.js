// The benchmark's in-page probe, injected before the page's own scripts. It
// times, from the navigation's start (performance.now()):
//   fcp         the first contentful paint;
//   text        the first paint of #energy-per-month's text that Chromium
//               reports (Element Timing: the element carries
//               elementtiming="energy-per-month"), if it was then inside
//               the viewport and uncovered;
//   frame       the first animation frame, from DOMContentLoaded on, in which
//               #energy-per-month holds a number, inside the viewport and
//               uncovered (go-app's loader must not hide it);
//   visible     the earlier of text and frame, never before fcp. Each alone
//               can come late: Chromium does not report the prerendered
//               text's paint on a service worker's page, and frames wait
//               while the main thread runs the wasm;
//   wasm        when go-app's Go side has replaced its JavaScript stubs;
//   interactive when a value typed into the monthly volume (#tokens-per-month,
//               or #requests-per-month on an image or video page) has changed
//               the results (tried as soon as the wasm runs, then every 20 ms).
// Until DOMContentLoaded it only observes (performance observers): no
// animation-frame loop, no MutationObserver and no timer, which would add
// frames and work to the parsing and first paint it measures. On other pages
// than the site's (about:blank, where a new browser settles before the cold
// load) it does nothing.
// window.__efUpdates(n) then times n updates, from the input event to the
// changed result, inside the page.
(() => {
  // The browser also runs it on about:blank, where the benchmark lets a new
  // browser settle before the cold load: there it must do nothing.
  if (location.protocol !== "http:" && location.protocol !== "https:") return;
  const ef = (window.__ef = { fcp: -1, text: -1, frame: -1, visible: -1, wasm: -1, interactive: -1 });
  const resultsVisible = () => {
    const el = document.querySelector("#energy-per-month");
    if (!el || !/[0-9]/.test(el.textContent)) return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.bottom < 0 || r.top > innerHeight) return false;
    const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 20), r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  };
  const settle = () => {
    const seen = [ef.text, ef.frame].filter((t) => t >= 0);
    if (ef.fcp >= 0 && seen.length > 0) ef.visible = Math.max(ef.fcp, Math.min(...seen));
  };
  const frame = () => {
    if (ef.frame >= 0) return;
    if (resultsVisible()) {
      ef.frame = performance.now();
      settle();
    } else requestAnimationFrame(frame);
  };
  // The start-up's long tasks, and when the service worker became active.
  ef.tasks = [];
  ef.worker = -1;
  if (navigator.serviceWorker) navigator.serviceWorker.ready.then(() => { if (ef.worker < 0) ef.worker = performance.now(); });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) ef.tasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
  // __efBreakdown returns the page's performance marks (web/boot.js and the
  // wasm set them; the benchmark keeps those it knows), when app.wasm's response ended (-1 when it came from the
  // service worker's cache), the long tasks and the worker's activation.
  window.__efBreakdown = () => {
    const marks = {};
    for (const m of performance.getEntriesByType("mark")) if (!(m.name in marks)) marks[m.name] = m.startTime;
    const w = performance.getEntriesByType("resource").find((e) => /\/app\.wasm$/.test(new URL(e.name).pathname));
    return { marks, wasmEnd: w && w.responseEnd > 0 ? w.responseEnd : -1, tasks: ef.tasks, worker: ef.worker };
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.name === "first-contentful-paint" && ef.fcp < 0) {
          ef.fcp = e.startTime;
          settle();
        }
    }).observe({ type: "paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.identifier === "energy-per-month" && ef.text < 0 && resultsVisible()) {
          ef.text = e.renderTime || e.startTime;
          settle();
        }
    }).observe({ type: "element", buffered: true });
  } catch (e) {}

  const wasmStarted = () =>
    typeof window.goappNav === "function" && String(window.goappNav).replace(/\s/g, "") !== "function(){}";
  // volume is the page's monthly-volume field and the suffix of a value to
  // type in it: tokens on a token page, images or videos (requests) on an
  // image or video page, where the tokens field is hidden.
  const volume = () => {
    const tokens = document.querySelector("#tokens-per-month");
    if (tokens && tokens.offsetParent !== null) return [tokens, "B"];
    const requests = document.querySelector("#requests-per-month");
    return requests && requests.offsetParent !== null ? [requests, "M"] : [null, ""];
  };
  let tried = null, triedAt = 0, before = null, mo = null, typed = "";
  const attempt = () => {
    if (ef.interactive >= 0) return clearInterval(timer);
    if (!wasmStarted()) return;
    if (ef.wasm < 0) ef.wasm = performance.now();
    const [field, unit] = volume();
    const out = document.querySelector("#energy-per-month");
    if (!field || !out) return;
    const now = performance.now();
    if (tried === field && now - triedAt < 20) return;
    if (!mo) {
      mo = new MutationObserver(() => {
        if (ef.interactive >= 0 || tried === null) return;
        const out = document.querySelector("#energy-per-month");
        const [field] = volume();
        if (out && field && field.value === typed && out.getAttribute("data-wh") !== before)
          ef.interactive = performance.now();
      });
      mo.observe(document, { subtree: true, attributes: true, attributeFilter: ["data-wh"], childList: true });
    }
    tried = field;
    triedAt = now;
    before = out.getAttribute("data-wh");
    typed = "1.5" + unit;
    field.value = typed;
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  };
  let timer = null;
  const start = () => {
    requestAnimationFrame(frame);
    timer = setInterval(attempt, 2);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();

  // __efUpdates types n values in turn and returns each update's time in ms.
  window.__efUpdates = async (n) => {
    const times = [];
    for (let i = 0; i < n; i++) {
      const [field, unit] = volume();
      const out = document.querySelector("#energy-per-month");
      const old = out.getAttribute("data-wh");
      const changed = new Promise((resolve, reject) => {
        const mo = new MutationObserver(() => {
          const cur = document.querySelector("#energy-per-month");
          if (cur && cur.getAttribute("data-wh") !== old) {
            mo.disconnect();
            resolve(performance.now());
          }
        });
        mo.observe(document, { subtree: true, attributes: true, attributeFilter: ["data-wh"], childList: true });
        setTimeout(() => { mo.disconnect(); reject(new Error("no update within 5 s")); }, 5000);
      });
      field.value = (2 + (i % 7)) + "." + (i % 10) + unit;
      const t0 = performance.now();
      field.dispatchEvent(new Event("input", { bubbles: true }));
      times.push((await changed) - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
    return times;
  };
})();
