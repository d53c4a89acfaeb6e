package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// v2DataVersion is the data version of the second deployment.
const v2DataVersion = "2099-12-31"

// variantServer builds (copyBuild), from a copy of the checkout whose
// dataset carries the data version v2DataVersion, a second server: another
// app.wasm, other data, so another content version.
func variantServer(t testing.TB) string {
	t.Helper()
	p, err := builds.do("server-v2", func() (string, error) { return variantBuild(context.Background(), false) })
	if err != nil {
		t.Fatalf("building the second version: %v", err)
	}
	return p
}

// variantBuild builds the second version (copyBuild), at the lowest CPU
// priority when idle is set: serverBinary starts it in the background.
func variantBuild(ctx context.Context, idle bool) (string, error) {
	return copyBuild(ctx, "v2", setDataVersion, idle)
}

// setDataVersion sets the data version of every compiled data file in the
// tree at dir to v2DataVersion.
func setDataVersion(dir string) error {
	var idx struct {
		DataVersion string `json:"data_version"`
	}
	b, err := os.ReadFile(filepath.Join(dir, "data", "compiled", "index.json"))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, &idx); err != nil {
		return err
	}
	old := `"data_version": "` + idx.DataVersion + `"`
	return filepath.WalkDir(filepath.Join(dir, "data", "compiled"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(p, []byte(strings.ReplaceAll(string(b), old, `"data_version": "`+v2DataVersion+`"`)), 0o644)
	})
}

// servedVersion returns the content version a server announces in its
// service worker (go-app's template fills in {{.Version}}: `const version =
// "…"`, or go-app's default `"app-" + "…"`).
func servedVersion(t testing.TB, base string) string {
	t.Helper()
	_, body, err := Get(base + "/app-worker.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?:const version = |"app-" \+ )"([^"]+)"`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no version in /app-worker.js:\n%.400s", body)
	}
	return m[1]
}

// TestTwoVersionsDeployedInTurn serves version 1, lets a visitor load it
// and its service worker, then deploys version 2 on the same address. The
// visitor's next visit shows version 1 (cached) with an update notice, and
// one reload brings version 2's wasm and data together.
func TestTwoVersionsDeployedInTurn(t *testing.T) {
	onDisk(t)
	requireChromium(t)
	bin1, bin2 := serverBinary(t), variantServer(t)
	addr, err := FreeAddr()
	if err != nil {
		t.Fatal(err)
	}
	s1, err := StartServerAt(context.Background(), bin1, addr)
	if err != nil {
		t.Fatal(err)
	}
	base := s1.URL
	v1 := servedVersion(t, base)
	b := newCleanBrowser(t, 1280, 900, base)
	if err := b.Navigate(base + "/"); err != nil {
		s1.Stop()
		t.Fatal(err)
	}
	waitInteractive(t, b)
	if _, err := Poll[bool](b, WorkerActivated, 60*time.Second); err != nil {
		s1.Stop()
		t.Fatalf("the service worker never activated: %v", err)
	}
	line1 := versionLine(t, b)
	if !strings.Contains(line1, v1) {
		t.Errorf("version 1 page shows %q, want app version %s", line1, v1)
	}
	s1.Stop()

	s2, err := StartServerAt(context.Background(), bin2, addr)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Stop()
	v2 := servedVersion(t, base)
	if v2 == v1 {
		t.Fatalf("both builds announce version %s: the version is not pinned to the content", v1)
	}
	t.Logf("version 1 %s, version 2 %s (data %s)", v1, v2, v2DataVersion)

	if err := b.Navigate(base + "/"); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	notice, err := Poll[string](b, updateNoticeJS, 60*time.Second)
	if err != nil {
		t.Fatalf("no update notice after version 2 was deployed: %v (page shows %q)", err, versionLine(t, b))
	}
	t.Logf("update notice: %q", notice)

	if err := b.Reload(); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	line2 := versionLine(t, b)
	if !strings.Contains(line2, v2) || !strings.Contains(line2, v2DataVersion) {
		t.Errorf("after one reload the page shows %q, want app version %s with data version %s", line2, v2, v2DataVersion)
	}
	// The wasm's own dataset: the citation the Go side renders carries the
	// data version too.
	cite, err := Eval[string](b, `document.querySelector("`+selCitation+`")?.textContent ?? ""`)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cite, v2DataVersion) {
		t.Errorf("after one reload the citation does not carry data version %s: %.300q", v2DataVersion, cite)
	}
}

// versionLine returns the text of the app's version line (.versions).
func versionLine(t testing.TB, b *Browser) string {
	t.Helper()
	v, err := Eval[string](b, `[...document.querySelectorAll(".versions")].map(e => e.textContent.trim()).join(" | ")`)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// updateNoticeJS returns the text of a visible notice that a new version is
// ready, or "".
const updateNoticeJS = `(() => {
	for (const el of document.querySelectorAll('[role=status], [role=alert], #update-notice, [class*=update]')) {
		const r = el.getBoundingClientRect();
		const text = el.textContent.trim();
		if (r.width > 0 && r.height > 0 && /new version|update/i.test(text)) return text;
	}
	return "";
})()`
