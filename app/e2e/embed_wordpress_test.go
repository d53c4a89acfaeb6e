package e2e

import (
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"
	"time"
)

// wordpressHost is a host page on another origin that embeds src as
// WordPress (4.4 and later) does, written from its documented protocol
// (see GOAPP-NOTES.md): the iframe gets class wp-embedded-content,
// sandbox="allow-scripts" (an opaque origin), security="restricted",
// data-secret and src#?secret=. wordpressProtocol does the rest.
const wordpressHost = `<!doctype html><meta charset=utf-8><title>A WordPress post</title>
<p>Our model's energy:</p>
<iframe id=ef class="wp-embedded-content" sandbox="allow-scripts" security="restricted" data-secret="%[2]s" src="%[1]s/embed?tokens=2B#?secret=%[2]s" width=600 height=200 frameborder=0 title="Energy Floor calculator"></iframe>
` + wordpressProtocol

// wordpressProtocol is the host's side of WordPress's embed protocol, for
// the frame #ef: the host posts {message: "ready", secret} to the frame once
// it has loaded, and on {message: "height", value, secret} from that frame
// sets its height, clamped to 200-1000 px. It records the messages in __wp.
const wordpressProtocol = `<script>
window.__wp = [];
const frame = document.getElementById("ef");
window.addEventListener("message", e => {
  const d = e.data;
  window.__wp.push(d);
  if (!d || !d.secret || !d.message || /[^a-zA-Z0-9]/.test(d.secret)) return;
  for (const f of document.querySelectorAll('iframe[data-secret="' + d.secret + '"]')) {
    if (e.source !== f.contentWindow) continue;
    if (d.message === "height") {
      let h = parseInt(d.value, 10);
      if (h > 1000) h = 1000; else if (~~h < 200) h = 200;
      f.height = h;
    }
  }
});
window.sendReady = (secret) => frame.contentWindow.postMessage({message: "ready", secret: secret}, "*");
frame.addEventListener("load", () => window.sendReady(frame.dataset.secret));
</script>`

// wordpressOEmbedHost is a host page that embeds an oEmbed answer's html
// as WordPress does, written from its documented behaviour: only a rich
// answer's iframe is kept, with no attribute but src, width, height, title
// and frameborder (what WordPress's filter lets through for it), then made
// the sandboxed, secret-carrying frame of wordpressHost. The answer's html
// is given as a JavaScript string (%[1]s), the secret as %[2]s; the page
// records in __dropped what the filter left out.
const wordpressOEmbedHost = `<!doctype html><meta charset=utf-8><title>A WordPress post</title>
<p>Our model's energy:</p>
<script>
window.__dropped = [];
const doc = new DOMParser().parseFromString(%[1]s, "text/html");
const found = doc.body.querySelector("iframe");
for (const el of doc.body.querySelectorAll("*")) if (el !== found) window.__dropped.push(el.tagName);
const ef = document.createElement("iframe");
for (const a of found.attributes) {
  if (["src", "width", "height", "title", "frameborder"].includes(a.name)) ef.setAttribute(a.name, a.value);
  else window.__dropped.push(a.name);
}
ef.id = "ef";
ef.className = "wp-embedded-content";
ef.setAttribute("sandbox", "allow-scripts");
ef.setAttribute("security", "restricted");
ef.dataset.secret = "%[2]s";
ef.src = found.getAttribute("src") + "#?secret=%[2]s";
document.body.append(ef);
</script>
` + wordpressProtocol

// TestEmbedWordPressHeight embeds /embed as WordPress does in a page on
// another origin and checks that the frame grows from WordPress's 200 px to
// fit the embed (its own height message, clamped as WordPress does), that a
// later ready gets the height again, and that a ready with another secret
// gets nothing.
func TestEmbedWordPressHeight(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	const secret = "aB3dE6gH9k"
	b := openHostPage(t, fmt.Sprintf(wordpressHost, base, secret), base)
	const wpHeights = `window.__wp.filter(d => d && d.message === "height" && d.secret === "` + secret + `").map(d => d.value)`
	const ownHeights = `window.__wp.filter(d => d && d.type === "energyfloor:height").map(d => d.height)`
	if _, err := Poll[bool](b, wpHeights+`.some(v => v > 200)`, 60*time.Second); err != nil {
		msgs, _ := Eval[any](b, `window.__wp`)
		t.Fatalf("no WordPress height message above 200 px: %v (messages %v)", err, msgs)
	}
	// Let the layout settle, then compare the frame with the last heights.
	time.Sleep(time.Second)
	wp, err := Eval[[]float64](b, wpHeights)
	if err != nil {
		t.Fatal(err)
	}
	own, err := Eval[[]float64](b, ownHeights)
	if err != nil || len(own) == 0 {
		t.Fatalf("no energyfloor:height message any more (err %v)", err)
	}
	last := wp[len(wp)-1]
	if last != own[len(own)-1] {
		t.Errorf("WordPress's height %v, the energyfloor:height %v: want the same", last, own[len(own)-1])
	}
	want := min(max(last, 200), 1000)
	frameH, err := Eval[float64](b, `document.getElementById("ef").getBoundingClientRect().height`)
	if err != nil {
		t.Fatal(err)
	}
	if frameH != want {
		t.Errorf("frame is %v px tall, want %v (the embed's height %v, clamped)", frameH, want, last)
	}
	if frameH <= 400 {
		t.Errorf("frame is %v px tall: too short for the embed's form and figures", frameH)
	}
	t.Logf("WordPress heights %v, frame %v px", wp, frameH)

	// Each ready gets the height again; a ready with another secret nothing.
	if _, err := Eval[bool](b, `window.sendReady("zzzzzzzzzz"), true`); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	if n, _ := Eval[int](b, wpHeights+`.length`); n != len(wp) {
		t.Errorf("a ready with another secret got a height message (%d, then %d)", len(wp), n)
	}
	if _, err := Eval[bool](b, `window.sendReady("`+secret+`"), true`); err != nil {
		t.Fatal(err)
	}
	if _, err := Poll[bool](b, wpHeights+fmt.Sprintf(`.length > %d`, len(wp)), 10*time.Second); err != nil {
		t.Errorf("no height message after a second ready: %v", err)
	}
}

// TestEmbedWordPressSecret frames /embed under several URL fragments and
// checks which frames take part in WordPress's protocol, and with which
// secret: only a fragment ending in #?secret= with 1 to 10 ASCII letters or
// digits (what wp-embed.js draws and accepts) gets WordPress's height
// message; every frame posts its own energyfloor:height.
func TestEmbedWordPressSecret(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	cases := []struct{ hash, want string }{
		{"#?secret=abcdeABCDE", "abcdeABCDE"},
		{"#?secret=0123456789", "0123456789"},
		{"#?secret=abc12", "abc12"},                   // wp-embed.js's draw can be short
		{"#results#?secret=abcdeABCDE", "abcdeABCDE"}, // WordPress appends to a src with a fragment
		{"#?secret=abcdeABCDE&other=1", "abcdeABCDE"}, // other parameters are ignored
		{"", ""},
		{"#results", ""},
		{"#?secret=", ""},
		{"#?secret=abcdeABCDEF", ""},   // 11 characters
		{"#?secret=abc-ABCDE", ""},     // not a letter or digit
		{"#?secret=%3Cscript%3E", ""},  // decodes to "<script>"
		{"#?secret=%C3%A9t%C3%A9", ""}, // non-ASCII letters
		{"#secret=abcdeABCDE", ""},     // WordPress writes "#?"
		{"#?secret=ab%zz", ""},         // malformed escape
	}
	var frames strings.Builder
	for i, c := range cases {
		fmt.Fprintf(&frames, "<iframe id=f%d sandbox=\"allow-scripts\" src=\"%s/embed?tokens=2B%s\" width=300 height=200></iframe>\n", i, base, html.EscapeString(c.hash))
	}
	b := openHostPage(t, fmt.Sprintf(`<!doctype html><meta charset=utf-8><title>Frames</title>
%s<script>
window.__by = {};
addEventListener("message", e => {
  for (const f of document.querySelectorAll("iframe")) {
    if (e.source === f.contentWindow) (window.__by[f.id] = window.__by[f.id] || []).push(e.data);
  }
});
</script>`, frames.String()), base)
	all := fmt.Sprintf(`Array.from({length: %d}, (_, i) => (window.__by["f" + i] || []).some(d => d && d.type === "energyfloor:height"))`, len(cases))
	if _, err := Poll[bool](b, all+`.every(Boolean)`, 30*time.Second); err != nil {
		got, _ := Eval[any](b, all)
		t.Fatalf("not every frame posted its energyfloor:height: %v (%v)", err, got)
	}
	time.Sleep(500 * time.Millisecond) // each frame posts both messages in the same task
	for i, c := range cases {
		secrets, err := Eval[[]string](b, fmt.Sprintf(`(window.__by.f%d || []).filter(d => d && d.message === "height").map(d => String(d.secret))`, i))
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case c.want == "" && len(secrets) > 0:
			t.Errorf("%q: WordPress height messages with secrets %q, want none", c.hash, secrets)
		case c.want != "" && (len(secrets) == 0 || secrets[0] != c.want):
			t.Errorf("%q: WordPress height messages with secrets %q, want %q", c.hash, secrets, c.want)
		}
	}
}

// oembedDiscovery finds the oEmbed discovery link in a page, as WordPress
// does.
var oembedDiscovery = regexp.MustCompile(`<link rel="alternate" type="application/json\+oembed" href="([^"]+)"`)

// TestOEmbedAsWordPress pastes a permalink as a WordPress author does:
// WordPress finds the page's oEmbed discovery link, asks it for a rich
// answer within its content width, keeps only the answer's iframe with its
// allowed attributes, and frames it sandboxed. The frame must still show
// the permalink's figures and grow to fit them.
func TestOEmbedAsWordPress(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	permalink := base + "/" + inputs{Tokens: "3B", Output: "700", ITL: "60", Pct: "p90", GPU: "B200"}.query()
	code, page, err := Get(permalink)
	if err != nil || code != 200 {
		t.Fatalf("GET %s: %d %v", permalink, code, err)
	}
	m := oembedDiscovery.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no oEmbed discovery link in %s", permalink)
	}
	endpoint := html.UnescapeString(m[1]) + "&maxwidth=600&maxheight=1000"
	code, body, err := Get(endpoint)
	if err != nil || code != 200 {
		t.Fatalf("GET %s: %d %v", endpoint, code, err)
	}
	var answer struct {
		Version, Type, HTML string
		Width, Height       int
	}
	if err := json.Unmarshal([]byte(body), &answer); err != nil {
		t.Fatalf("the oEmbed answer is not JSON: %v\n%s", err, body)
	}
	if answer.Version != "1.0" || answer.Type != "rich" || answer.HTML == "" {
		t.Fatalf("want a rich oEmbed 1.0 answer with html, got %+v", answer)
	}
	if answer.Width > 600 || answer.Height > 1000 || answer.Width <= 0 || answer.Height <= 0 {
		t.Errorf("answer sized %d × %d, want within 600 × 1000", answer.Width, answer.Height)
	}
	js, _ := json.Marshal(answer.HTML)
	const secret = "Zx9Qp2Lm7T"
	b := openHostPage(t, fmt.Sprintf(wordpressOEmbedHost, js, secret), base)
	if dropped, err := Eval[[]string](b, `window.__dropped`); err != nil {
		t.Fatal(err)
	} else {
		t.Logf("WordPress's filter left out %v", dropped)
	}
	if _, err := Poll[bool](b, `document.getElementById("ef").getBoundingClientRect().height > 400`, 60*time.Second); err != nil {
		msgs, _ := Eval[any](b, `window.__wp`)
		t.Fatalf("the frame never grew past 400 px: %v (messages %v)", err, msgs)
	}
	f := attachFrame(t, b, "/embed?")
	frameWh, err := Poll[string](f, `document.querySelector("`+selPerMonth+`")?.dataset.wh || ""`, 10*time.Second)
	if err != nil {
		t.Fatalf("the framed embed shows no monthly figure: %v", err)
	}
	if err := b.Navigate(permalink); err != nil {
		t.Fatal(err)
	}
	pageWh, err := Eval[string](b, `document.querySelector("`+selPerMonth+`").dataset.wh`)
	if err != nil {
		t.Fatal(err)
	}
	if frameWh != pageWh {
		t.Errorf("the framed embed shows %s Wh a month, the permalink's page %s", frameWh, pageWh)
	}
}
