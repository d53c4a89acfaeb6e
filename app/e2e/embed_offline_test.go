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

// TestOffline loads the app once, waits for the service worker, turns the
// network off, and checks that a permalink with a query still opens, with
// its state and the CLI's figures, and that typing still updates the
// results: for the server, and for the static build under its sub-path.
func TestOffline(t *testing.T) {
	onDisk(t)
	eachSite(t, func(t *testing.T, b *Browser, base string) {
		visitUntilWorkerActive(t, b, base+"/")
		if err := b.SetOffline(true); err != nil {
			t.Fatal(err)
		}
		if online, err := Eval[bool](b, `navigator.onLine`); err != nil || online {
			t.Fatalf("navigator.onLine = %v (err %v) after going offline", online, err)
		}

		in := inputs{Workload: "gpqa", Tokens: "3B", Output: "1500", ITL: "90", Pct: "p90", GPU: "B200", Model: "qwen-3-8b"}
		if err := b.Navigate(base + "/" + in.query()); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
		got := readState(t, b)
		if got.Workload != in.Workload || got.Model != in.Model || got.GPU != in.GPU || got.Pct != in.Pct || !sameNumber(got.Tokens, in.Tokens) {
			t.Errorf("offline permalink state = %+v, want %+v", got, in)
		}
		waitResults(t, b, cliExpect(t, in), 5*time.Second)
		requireVisible(t, b, selPerMonth, true)
		before, _, _ := b.Attr(selPerMonth, "data-wh")
		if err := b.Type(selTokens, "4B"); err != nil {
			t.Fatal(err)
		}
		if _, err := b.WaitAttrChange(selPerMonth, "data-wh", before, 10*time.Second); err != nil {
			t.Errorf("offline, typing did not update the results: %v", err)
		}
		if err := b.SetOffline(false); err != nil {
			t.Fatal(err)
		}
	})
}
