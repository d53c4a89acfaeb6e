package e2e

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r < 0x20 || r == 0x2028 || r == 0x2029 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			fmt.Fprintf(&sb, "\\u%04x", r)
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// Type replaces the text of the input matching the CSS selector sel the way a
// user pasting does: click into it, select all (Ctrl+A), then insert text
// (or press Backspace when text is empty). TypeKeys types key by key. An
// input inside a closed <details> (the embed's folded inputs) is first
// revealed as a user does, by a click on the summary.
func (b *Browser) Type(sel, text string) error {
	if err := b.Unfold(sel); err != nil {
		return err
	}
	selectAll := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeRawKeyDown, input.DispatchKeyEventTypeKeyUp} {
			p := input.DispatchKeyEventParams{Type: typ, Key: "a", Code: "KeyA", WindowsVirtualKeyCode: 65,
				NativeVirtualKeyCode: 65, Modifiers: 2 /* Ctrl */}
			if typ == input.DispatchKeyEventTypeRawKeyDown {
				p.Commands = []string{"selectAll"}
			}
			if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, p); err != nil {
				return err
			}
		}
		return nil
	})
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible),
		selectAll,
	}
	if text == "" {
		steps = append(steps, chromedp.KeyEvent("\b"))
	} else {
		// insertText enters any Unicode (full-width digits, RTL marks,
		// control characters) in one input event, as a paste or an input
		// method does.
		steps = append(steps, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: text})
			return err
		}))
	}
	if err := chromedp.Do(b.Ctx, steps...); err != nil {
		return fmt.Errorf("typing %.40q into %s: %w", text, sel, err)
	}
	return nil
}

// Unfold clicks the summary of each closed <details> that holds the element
// matching sel, outermost first, so that the element is shown.
func (b *Browser) Unfold(sel string) error {
	_, err := Eval[bool](b, fmt.Sprintf(`(() => {
		const closed = [];
		for (let d = document.querySelector(%s)?.closest("details:not([open])"); d; d = d.parentElement?.closest("details:not([open])")) closed.unshift(d);
		for (const d of closed) d.querySelector(":scope > summary").click();
		return true;
	})()`, jsString(sel)))
	if err != nil {
		return fmt.Errorf("unfolding %s: %w", sel, err)
	}
	return nil
}

// TypeKeys is Type with real key events for every character (slower; for
// short plain text).
func (b *Browser) TypeKeys(sel, text string) error {
	if err := b.Type(sel, ""); err != nil {
		return err
	}
	if err := chromedp.Do(b.Ctx, chromedp.SendKeys(chromedp.CSS(sel), text)); err != nil {
		return fmt.Errorf("typing %q into %s: %w", text, sel, err)
	}
	return nil
}

// Select chooses the option with value v in the <select> matching sel, as a
// user's choice does: it focuses the element, sets the value and fires input
// and change events.
func (b *Browser) Select(sel, v string) error {
	expr := fmt.Sprintf(`(() => {
		const el = document.querySelector(%s);
		if (!el) return "no element";
		if (![...el.options].some(o => o.value === %s)) return "no option " + %s + " in " + [...el.options].map(o => o.value).join(",");
		el.focus();
		el.value = %s;
		el.dispatchEvent(new Event("input", {bubbles: true}));
		el.dispatchEvent(new Event("change", {bubbles: true}));
		return "";
	})()`, jsString(sel), jsString(v), jsString(v), jsString(v))
	msg, err := Eval[string](b, expr)
	if err != nil {
		return fmt.Errorf("selecting %q in %s: %w", v, sel, err)
	}
	if msg != "" {
		return fmt.Errorf("selecting %q in %s: %s", v, sel, msg)
	}
	return nil
}

// Attr returns the attribute name of the first element matching sel, and
// whether the element and the attribute exist.
func (b *Browser) Attr(sel, name string) (string, bool, error) {
	v, err := Eval[*string](b, fmt.Sprintf(`document.querySelector(%s)?.getAttribute(%s) ?? null`, jsString(sel), jsString(name)))
	if err != nil || v == nil {
		return "", false, err
	}
	return *v, true, nil
}

// WaitAttrChange waits until the attribute name of sel exists and differs
// from old, and returns the new value.
func (b *Browser) WaitAttrChange(sel, name, old string, timeout time.Duration) (string, error) {
	expr := fmt.Sprintf(`(() => { const v = document.querySelector(%s)?.getAttribute(%s); return v != null && v !== %s ? v : null; })()`,
		jsString(sel), jsString(name), jsString(old))
	return Poll[string](b, expr, timeout)
}

// Screenshot captures the full page as PNG.
func (b *Browser) Screenshot() ([]byte, error) {
	return chromedp.Run(b.Ctx, chromedp.FullScreenshot(100))
}
