package e2e

import (
	"fmt"
	"testing"
	"time"
)

// TestEmbedPostsHeightToCrossOriginParent frames /embed in a page served
// from another origin (another 127.0.0.1 port) and checks that the parent
// receives {type: "energyfloor:height", height} from the app's origin, and a
// new height when the frame's width changes the content's height.
func TestEmbedPostsHeightToCrossOriginParent(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	b := openHostPage(t, fmt.Sprintf(`<!doctype html><meta charset=utf-8><title>A blog post</title>
<p>Our model's energy:</p>
<iframe id=ef src="%s/embed?tokens=2B" style="width:600px;height:300px;border:0"></iframe>
<script>
window.__msgs = [];
window.addEventListener("message", e => window.__msgs.push({origin: e.origin, data: e.data}));
</script>`, base), base)
	type msg struct {
		Origin string `json:"origin"`
		Data   struct {
			Type   string  `json:"type"`
			Height float64 `json:"height"`
		} `json:"data"`
	}
	heights := func() ([]float64, error) {
		msgs, err := Eval[[]msg](b, `window.__msgs`)
		var hs []float64
		for _, m := range msgs {
			if m.Data.Type == "energyfloor:height" {
				if m.Origin != Origin(base) {
					return nil, fmt.Errorf("height message from %s, want %s", m.Origin, Origin(base))
				}
				hs = append(hs, m.Data.Height)
			}
		}
		return hs, err
	}
	if _, err := Poll[bool](b, `window.__msgs.some(m => m.data && m.data.type === "energyfloor:height" && m.data.height > 0)`, 60*time.Second); err != nil {
		hs, _ := heights()
		t.Fatalf("the parent never got a positive energyfloor:height message: %v (got %v)", err, hs)
	}
	first, err := heights()
	if err != nil {
		t.Fatal(err)
	}
	last := first[len(first)-1]
	t.Logf("heights so far: %v", first)
	// A narrower frame wraps the content: its height changes and is posted.
	if _, err := Eval[bool](b, `document.getElementById("ef").style.width = "300px", true`); err != nil {
		t.Fatal(err)
	}
	if _, err := Poll[bool](b, fmt.Sprintf(`window.__msgs.filter(m => m.data && m.data.type === "energyfloor:height").map(m => m.data.height).pop() !== %v`, last), 10*time.Second); err != nil {
		t.Errorf("no new height after the frame narrowed from 600 to 300 px: %v", err)
	}
	all, _ := heights()
	t.Logf("heights: %v", all)
}
