  // Until the app replaces the prerendered page, boot.js keeps the page
  // honest: the form is a plain GET form the server answers, and #results
  // carries data-current="no" (which the stylesheet shows, with a line
  // saying which inputs the figures are for) whenever the figures are not
  // for the values in the fields: after an edit, or on a page prerendered
  // for another link (a page the service worker or a static host served,
  // marked <html data-prerendered-for="query">), whose fields it first
  // fills from the link. Of the two linked volume fields, only the one typed
  // is sent. It knows no field by name: the page says what it needs (app/ui's
  // table of fields). A statement's permalink written relative to the page
  // it writes out absolute.

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
    // parameter: host, idle and PUE; embodied, life, serverkg and wue) with
    // their values.
    for (const preset of [document.getElementById("scope-preset"), document.getElementById("footprint-preset")]) {
      if (!preset) continue;
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
