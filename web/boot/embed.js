  // The embed (<html data-page="embed">) tells the page around it its
  // height, from the prerendered page on (postHeights; start.js calls it).

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
