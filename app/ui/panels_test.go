//go:build !wasm

package ui

import (
	"strings"
	"testing"

	"energyfloor/app/floor/floortest"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// TestChartWithoutModelOrTarget: a chart with no model to plot says so in
// words; one with no target yet still plots every configuration of its
// model (alpha's three) and writes no target figure (not 0, nor the 1 ms its frame is laid out for).
func TestChartWithoutModelOrTarget(t *testing.T) {
	if got := app.HTMLString(&tradeoffChart{Statistic: "median"}); !strings.Contains(got, "<p>No configuration to plot.</p>") {
		t.Errorf("a chart without a model does not say it has nothing to plot: %s", got)
	}
	alpha := floortest.Dataset().TokenWorkloads[0].Model("alpha")
	ch := &tradeoffChart{Model: alpha, Statistic: "median", Volume: decimal.NewFromInt(1e12)}
	ch.OnInit()
	html := app.HTMLString(ch)
	for _, row := range []string{"alpha/H100/1/8", "alpha/H100/1/64", "alpha/H100/1/256"} {
		if !strings.Contains(html, `data-row-id="`+row+`"`) {
			t.Errorf("without a target the chart lacks %s", row)
		}
	}
	if strings.Contains(html, ">target 0") || strings.Contains(html, ">target 1 ms") {
		t.Error("without a target the chart writes a target of 0")
	}
}

// TestStatementQuotes: each copy button copies its statement followed by
// the page's permalink, so that a pasted quote carries its source.
func TestStatementQuotes(t *testing.T) {
	c := fixtureCalculator("itl=60&model=alpha", false)
	p := &statementPanel{Text: c.statement, Short: c.statementShort, Permalink: "https://energy.example/?itl=60&model=alpha", Current: true}
	if p.Text == "" || p.Short == "" {
		t.Fatal("the fixture's page has no statement")
	}
	if got, want := p.quote(), c.statement+" https://energy.example/?itl=60&model=alpha"; got != want {
		t.Errorf("Copy statement copies %q, want %q", got, want)
	}
	if got, want := p.quoteShort(), c.statementShort+" https://energy.example/?itl=60&model=alpha"; got != want {
		t.Errorf("Copy sentence copies %q, want %q", got, want)
	}
}

// TestBrowserEventsOutsideABrowser: when go-app reports that an update or
// the install prompt changed, the status and the button follow what the
// browser says: outside one, no update waits and nothing installs, so a
// notice or button shown before goes.
func TestBrowserEventsOutsideABrowser(t *testing.T) {
	s := &appStatus{update: true}
	s.OnAppUpdate(app.Context{})
	if strings.Contains(app.HTMLString(s), `id="update-notice"`) {
		t.Error("the update notice stays after go-app said no update is available")
	}
	b := &installButton{installable: true}
	b.OnAppInstallChange(app.Context{})
	if strings.Contains(app.HTMLString(b), `id="install"`) {
		t.Error("the install button stays after go-app said the app cannot be installed")
	}
}

// TestLogRange: the published figures' log scale spans whole decades
// around its figures, at least one: 0.5 to 20 Wh is 10^-1 to 10^2; a
// single figure of 1 Wh, 10^0 to 10^1.
func TestLogRange(t *testing.T) {
	for _, tt := range []struct {
		lo, hi string
		a, b   int
	}{{"0.5", "20", -1, 2}, {"1", "1", 0, 1}, {"0.24", "0.24", -1, 0}} {
		a, b := logRange(decimal.RequireFromString(tt.lo), decimal.RequireFromString(tt.hi))
		if a != tt.a || b != tt.b {
			t.Errorf("logRange(%s, %s) = 10^%d to 10^%d, want 10^%d to 10^%d", tt.lo, tt.hi, a, b, tt.a, tt.b)
		}
	}
}

// TestMoreText: the next step's volume is said as how much more than
// yours it is: a percentage below ten times, a multiple from ten times up,
// and nothing when your volume is zero (no ratio to give).
func TestMoreText(t *testing.T) {
	d := decimal.RequireFromString
	for _, tt := range []struct{ from, vol, want string }{
		{"1.0194e9", "1e9", " (1.94% more)"},
		{"1.25e10", "1e9", " (12.5 times your volume)"},
		{"5e9", "0", ""},
	} {
		if got := moreText(d(tt.from), d(tt.vol)); got != tt.want {
			t.Errorf("moreText(%s, %s) = %q, want %q", tt.from, tt.vol, got, tt.want)
		}
	}
}

// TestStatementCopyStatus: after a copy the status beside its button says
// "Copied"; after the browser refused, it says that the statement is
// selected for the keyboard; the other button's status says nothing.
func TestStatementCopyStatus(t *testing.T) {
	const refused = "The browser refused to copy; the statement is selected: copy it with your keyboard."
	for _, tt := range []struct {
		name                     string
		ok                       bool
		copied, failed, selected string
		full, short              string
	}{
		{"the statement copied", true, "statement", "failed", "statement-text", "Copied", ""},
		{"the statement refused", false, "statement", "failed", "statement-text", refused, ""},
		{"the sentence copied", true, "short", "failed-short", "statement-short", "", "Copied"},
		{"the sentence refused", false, "short", "failed-short", "statement-short", "", refused},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := &statementPanel{Text: "S.", Short: "s.", Permalink: "https://energy.example/", Current: true}
			p.copyDone(tt.ok, tt.copied, tt.failed, tt.selected)
			page := app.HTMLString(p)
			if got := text(page, "copy-statement-status"); got != tt.full {
				t.Errorf("#copy-statement-status says %q, want %q", got, tt.full)
			}
			if got := text(page, "copy-statement-short-status"); got != tt.short {
				t.Errorf("#copy-statement-short-status says %q, want %q", got, tt.short)
			}
		})
	}
}

// TestChartHeading: a chart's heading names the model it plots, and is
// the title alone when there is none.
func TestChartHeading(t *testing.T) {
	alpha := floortest.Dataset().TokenWorkloads[0].Model("alpha")
	if got, want := chartHeading("Energy per token against monthly volume", alpha), "Energy per token against monthly volume: Alpha 8B"; got != want {
		t.Errorf("heading %q, want %q", got, want)
	}
	if got, want := chartHeading("Energy per token against monthly volume", nil), "Energy per token against monthly volume"; got != want {
		t.Errorf("heading without a model %q, want %q", got, want)
	}
}
