package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"energyfloor/app/e2e"
)

// embedQuery is the embed's link in embedRun, and embedEdit the value it
// types into its monthly tokens.
const (
	embedQuery = "/embed?tokens=2B"
	embedEdit  = "7B"
)

// embedRun loads the target's embed (/embed, on its own page) cold in a
// fresh profile, where its app starts only on the reader's first use
// (web/boot.js), and adds two samples: embed_bytes_before_use, what the
// page moved over the wire before any use (a second after its load), and
// embed_first_edit, the first edit answered after the first use: from the
// mouse press of a click into #tokens-per-month (the use that starts the
// app), with embedEdit typed at once, to the first animation frame in which
// the app's page (#calculator.live) shows #energy-per-month for it (its
// data-wh changed).
func embedRun(ctx context.Context, chromium, target string, o Options, samples map[string][]float64) error {
	b, err := e2e.NewBrowser(ctx, e2e.BrowserOptions{Chromium: chromium})
	if err != nil {
		return err
	}
	defer b.Close()
	if err := b.Navigate("about:blank"); err != nil {
		return err
	}
	time.Sleep(o.Settle)
	b.ResetRequests()
	if err := b.Navigate(strings.TrimSuffix(target, "/") + embedQuery); err != nil {
		return err
	}
	time.Sleep(time.Second)
	if err := b.WaitIdle(200*time.Millisecond, 10*time.Second); err != nil {
		return err
	}
	before := 0.0
	for _, r := range b.Requests() {
		if r.EncodedBytes > 0 {
			before += r.EncodedBytes
		}
	}
	if _, err := e2e.Eval[bool](b, `(() => {
		window.__efEdit = {use: -1, answered: -1};
		const wh = () => document.getElementById("energy-per-month")?.dataset.wh;
		const was = wh();
		addEventListener("pointerdown", () => {
			window.__efEdit.use = performance.now();
			const tick = () => {
				if (document.querySelector("#calculator.live") && wh() && wh() !== was) window.__efEdit.answered = performance.now();
				else requestAnimationFrame(tick);
			};
			requestAnimationFrame(tick);
		}, {capture: true, once: true});
		return true;
	})()`); err != nil {
		return err
	}
	if err := b.Type("#tokens-per-month", embedEdit); err != nil {
		return err
	}
	edit, err := e2e.Poll[map[string]float64](b, `window.__efEdit.answered >= 0 && window.__efEdit`, 60*time.Second)
	if err != nil {
		return fmt.Errorf("the embed's first edit was never answered: %w", err)
	}
	if errs := b.ConsoleErrors(); len(errs) > 0 {
		return fmt.Errorf("console errors: %s", strings.Join(errs, "; "))
	}
	samples["embed_bytes_before_use"] = append(samples["embed_bytes_before_use"], before)
	samples["embed_first_edit"] = append(samples["embed_first_edit"], edit["answered"]-edit["use"])
	return nil
}
