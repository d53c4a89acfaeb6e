package e2e

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// pageCode returns the text of the code block <pre id="id"> of the page the
// server sends for path, as a reader copies it from the Embed panel.
func pageCode(t *testing.T, base, path, id string) string {
	t.Helper()
	res, err := http.Get(base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)<pre[^>]*\sid="` + regexp.QuoteMeta(id) + `"[^>]*>\s*<code>(.*?)</code>`).FindSubmatch(body)
	if m == nil {
		t.Fatalf("%s has no #%s code block", path, id)
	}
	return html.UnescapeString(string(m[1]))
}

// TestTwoEmbeds puts two embeds on one host page on another origin, each as
// the Embed panel's snippet gives it, under the panel's height script, and
// checks that each frame takes the height its own embed posts. The second
// embed has a grid set, which makes it longer than the first, so a frame
// given the other's height, or none, shows.
func TestTwoEmbeds(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	first := pageCode(t, base, "/?tokens=2B", "embed-snippet")
	second := pageCode(t, base, "/?tokens=2B&grid=DEU", "embed-snippet")
	script := pageCode(t, base, "/", "embed-script")
	for _, s := range []string{first, second} {
		if !strings.HasPrefix(s, `<iframe src="`+base+`/embed?`) {
			t.Fatalf("the snippet is %q: want an iframe of %s/embed", s, base)
		}
	}
	// The page records each height message with the index of the frame
	// that posted it, before the script under test sees it.
	b := openHostPage(t, fmt.Sprintf(`<!doctype html><meta charset=utf-8><title>Two calculators</title>
<p>The energy of one answer:</p>
%s
<p>And with Germany's grid:</p>
%s
<script>
window.__heights = [];
addEventListener("message", e => {
  const i = [...document.getElementsByTagName("iframe")].findIndex(f => f.contentWindow === e.source);
  if (e.data && e.data.type === "energyfloor:height") window.__heights.push({frame: i, height: e.data.height});
});
</script>
%s`, first, second, script), base)

	// The second frame loads lazily: bring it into view once the first has
	// posted.
	const posted = `(i => window.__heights.some(h => h.frame === i && h.height > 0))`
	if _, err := Poll[bool](b, posted+`(0)`, 60*time.Second); err != nil {
		t.Fatalf("the first embed posted no height: %v", err)
	}
	if _, err := Eval[bool](b, `document.getElementsByTagName("iframe")[1].scrollIntoView(), true`); err != nil {
		t.Fatal(err)
	}
	if _, err := Poll[bool](b, posted+`(1)`, 60*time.Second); err != nil {
		t.Fatalf("the second embed posted no height: %v", err)
	}

	// Each frame's height is its own last posted height, rounded up.
	const state = `[0, 1].map(i => ({
  posted: Math.ceil(window.__heights.filter(h => h.frame === i).map(h => h.height).pop()),
  frame: document.getElementsByTagName("iframe")[i].getBoundingClientRect().height}))`
	type frameState struct {
		Posted float64 `json:"posted"`
		Frame  float64 `json:"frame"`
	}
	if _, err := Poll[bool](b, state+`.every(s => s.frame === s.posted)`, 30*time.Second); err != nil {
		got, _ := Eval[[]frameState](b, state)
		t.Fatalf("the frames are not at their own posted heights: %+v", got)
	}
	time.Sleep(time.Second) // let late messages (fonts, layout) arrive
	got, err := Eval[[]frameState](b, state)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range got {
		if s.Frame != s.Posted {
			t.Errorf("frame %d is %v px tall, its embed posted %v", i, s.Frame, s.Posted)
		}
	}
	if got[0].Posted == got[1].Posted {
		t.Errorf("both embeds posted %v px: the test cannot tell one frame's height from the other's", got[0].Posted)
	}
	t.Logf("frames: %+v", got)
}
