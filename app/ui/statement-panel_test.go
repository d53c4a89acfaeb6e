//go:build !wasm

package ui

import (
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/app/floor/floortest"
	"energyfloor/app/link"

	"github.com/shopspring/decimal"
)

// statementOf returns the text of #statement-text in page, its link's text
// cut off, and the link's href.
func statementOf(t *testing.T, page string) (text, href string) {
	t.Helper()
	body := regexp.MustCompile(`<span [^>]*class="statement-body"[^>]*>([^<]*)<`).FindStringSubmatch(page)
	link := regexp.MustCompile(`<a [^>]*id="statement-link"[^>]*>([^<]*)</a>`).FindStringSubmatch(page)
	if body == nil || link == nil || !strings.Contains(page, `id="statement-text"`) {
		t.Fatalf("no #statement-text with its link in the page")
	}
	href, _ = attr(page, "statement-link", "href")
	if html.UnescapeString(strings.TrimSpace(link[1])) != html.UnescapeString(href) {
		t.Errorf("the link reads %q, its href is %q", link[1], href)
	}
	return html.UnescapeString(strings.TrimSpace(body[1])), html.UnescapeString(href)
}

func TestStatementPanel(t *testing.T) {
	// Worked by hand from the fixture: within 60 ms, alpha's floor is a2,
	// 0.36 J × 500 = 180 J = 0.05 Wh a request; 1,000,000,000 tokens a
	// month are 2,000,000 requests, 100 kWh. The link is the page's
	// permalink, which keeps the volume as typed (1B).
	query := "itl=60&model=alpha"
	c := fixtureCalculator(query, false)
	page := render(t, c)
	text, href := statementOf(t, page)
	if !strings.Contains(text, "takes at least 0.0500 Wh per request and 100 kWh per month of GPU energy, at 1×H100 with max_num_seqs 64.") {
		t.Errorf("the statement does not give the floor worked by hand:\n%s", text)
	}
	ds := floortest.Dataset()
	w := ds.TokenWorkload("lm-arena-chat")
	in, r, _ := floor.StatementFloor(w, c.form.In)
	if want := floor.Statement(ds, w, in, r, ""); text != want {
		t.Errorf("#statement-text says\n%s\nwant floor.Statement's\n%s", text, want)
	}
	if want := PermalinkOrigin + "/?" + c.query; href != want || !strings.Contains(href, "itl=60&model=alpha") {
		t.Errorf("the prerendered link is %q, want %q", href, want)
	}
	if _, disabled := attr(page, "copy-statement", "disabled"); disabled {
		t.Error("the copy button is disabled for current figures")
	}

	t.Run("not current", func(t *testing.T) {
		page := render(t, fixtureCalculator("itl=soon&model=alpha", false))
		if _, disabled := attr(page, "copy-statement", "disabled"); !disabled {
			t.Error("the copy button is enabled while the figures are not for the fields")
		}
		if got, _ := attr(page, "copy-statement", "aria-describedby"); got != "copy-statement-why" {
			t.Errorf("the disabled button is described by %q, want copy-statement-why", got)
		}
	})

	t.Run("origin known", func(t *testing.T) {
		c := fixtureCalculator(query, false)
		c.origin, c.base = "https://example.org", "/energy"
		if got := c.permalinkURL(); got != "https://example.org/energy/?"+c.query {
			t.Errorf("permalink %q", got)
		}
	})
}

func TestEquivalents(t *testing.T) {
	page := render(t, fixtureCalculator("itl=60&model=alpha", false))
	rows := regexp.MustCompile(`<span ([^>]*class="equivalent-row"[^>]*)>`).FindAllStringSubmatch(page, -1)
	if len(rows) != 4 {
		t.Fatalf("%d equivalents, want 2 per figure", len(rows))
	}
	get := func(el, name string) string {
		m := regexp.MustCompile(`(^|\s)` + name + `="([^"]*)"`).FindStringSubmatch(el)
		if m == nil {
			return ""
		}
		return m[2]
	}
	for _, row := range rows {
		of := get(row[1], "data-of")
		wh, _ := attr(page, of, "data-wh")
		perUnit, count := decimal.RequireFromString(get(row[1], "data-per-unit-wh")), decimal.RequireFromString(get(row[1], "data-count"))
		requests := get(row[1], "data-requests")
		if of == "energy-per-month" && requests != "1" || requests != "1" && requests != "1000" && requests != "1000000" {
			t.Errorf("%s row for %s requests", of, requests)
		}
		if !quotientOf(count, decimal.RequireFromString(wh).Mul(decimal.RequireFromString(requests)), perUnit) {
			t.Errorf("%s × %s ÷ %s: data-count %s", wh, requests, perUnit, count)
		}
		if src := get(row[1], "data-source"); !strings.HasPrefix(src, "https://example.org/") {
			t.Errorf("data-source %q", src)
		}
	}
	// 50 mWh is 18 seconds of a 10 W bulb (0.05 × 3,600 ÷ 10); a home's
	// hour is 300,000 × 3,600 ÷ 2,628,000 = 410.96 Wh, so a million
	// requests, 50 kWh, are 50,000 ÷ 9,863.0 = 5.07 days of it.
	for _, want := range []string{"about 18.0 seconds of a 10 W LED bulb", "per million requests, about 5.07 days of a home's electricity"} {
		if !strings.Contains(html.UnescapeString(page), want) {
			t.Errorf("the page does not say %q: %q", want, regexp.MustCompile(`equivalent-count">[^<]*`).FindAllString(page, -1))
		}
	}
}

func TestEmbedQuote(t *testing.T) {
	for _, tc := range []struct {
		query string
		want  bool
	}{
		{"itl=60", false},
		{"itl=60&quote=0", false},
		{"itl=60&quote=1", true},
	} {
		page := render(t, fixtureCalculator(tc.query, true))
		// The form keeps quote=1 for Calculate without JavaScript.
		for _, id := range []string{`id="statement"`, `id="copy-statement"`, `id="equivalents"`} {
			if got := strings.Contains(page, id); got != tc.want {
				t.Errorf("embed?%s has %s: %t, want %t", tc.query, id, got, tc.want)
			}
		}
		hidden := regexp.MustCompile(`<input [^>]*name="quote"[^>]*>`).FindString(page)
		if got := strings.Contains(hidden, `type="hidden"`) && strings.Contains(hidden, `value="1"`); got != tc.want {
			t.Errorf("embed?%s's form sends quote=1 (%q): %t, want %t", tc.query, hidden, got, tc.want)
		}
	}
	if page := render(t, fixtureCalculator("itl=60&quote=1", false)); strings.Contains(page, `name="quote"`) {
		t.Error("the full page's form sends quote")
	}
	q, _ := url.ParseQuery("quote=1")
	if f, notices := link.DecodeQuery(floortest.Dataset(), q); !f.Quote || len(notices) != 0 {
		t.Errorf("quote=1 reads as %t with %q", f.Quote, notices)
	}
}

// quotientOf reports whether count is a ÷ b rounded at count's last digit,
// and not to fewer than 15 significant digits (a plain decimal, unrounded
// for display).
func quotientOf(count, a, b decimal.Decimal) bool {
	exact := a.DivRound(b, 60)
	ulp := decimal.New(1, count.Exponent())
	digits := len(count.Coefficient().String())
	return count.Sub(exact).Abs().LessThanOrEqual(ulp) && (digits >= 15 || count.Equal(exact))
}
