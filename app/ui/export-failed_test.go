//go:build !wasm

package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// press presses the export panel's button for kind, as the reader does:
// go-app runs an event's handler in a dispatch, as here.
func (lv *live) press(kind string) {
	lv.l.ctx.Dispatch(func(ctx app.Context) { (&exportPanel{}).post(kind)(ctx, app.Event{}) })
	lv.e.ConsumeAll()
}

// exportFailed returns what #export-failed says, "" when the page has none.
func exportFailed(page string) string {
	if !strings.Contains(page, `id="export-failed"`) {
		return ""
	}
	return html.UnescapeString(text(page, "export-failed"))
}

// TestExportSaysWhyNot: a download asked for while a field holds a bad
// value is refused, and the export panel says why next to its buttons,
// again on a second press; once the field is corrected the download is
// made (outside the browser, the file is made and not offered) and the
// message goes. A format the calculator does not export is refused in
// words too.
func TestExportSaysWhyNot(t *testing.T) {
	lv := newLive(t, "itl=60&model=alpha")
	if got := exportFailed(lv.html()); got != "" {
		t.Fatalf("a fresh page says %q about exports", got)
	}
	lv.typeInto("output-tokens", "many")
	const refused = "Not downloaded: the figures are not for the values in the fields. Correct the marked field first."
	for _, kind := range []string{"csv", "json"} {
		lv.press(kind)
		if got := exportFailed(lv.html()); got != refused {
			t.Errorf("%s with a bad field: #export-failed says %q, want %q", kind, got, refused)
		}
	}

	lv.typeInto("output-tokens", "400")
	lv.press("csv")
	if got := exportFailed(lv.html()); got != "" {
		t.Errorf("after the correction a CSV export still says %q", got)
	}
	lv.press("json")
	if got := exportFailed(lv.html()); got != "" {
		t.Errorf("after the correction a JSON export says %q", got)
	}

	lv.press("pdf")
	if got, want := exportFailed(lv.html()), `The download did not work: no export as "pdf".`; got != want {
		t.Errorf("a PDF export: #export-failed says %q, want %q", got, want)
	}
}
