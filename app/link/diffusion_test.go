package link

import (
	"strings"
	"testing"

	"energyfloor/data"
)

// TestDiffusionLinks: the CLI's state (Diffusion set) reads an image
// workload with its own defaults and writes a permalink of workload,
// requests, latency and model only; the page's state, which does not draw
// those workloads yet, falls back to the default workload with a notice.
func TestDiffusionLinks(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	f := NewState(ds)
	f.Diffusion = true
	for _, e := range []struct {
		k Field
		v string
	}{{FieldWorkload, "text-to-image"}, {FieldModel, "black-forest-labs/FLUX.1-dev"}, {FieldRequests, "2M"}, {FieldLatency, "20"}} {
		if err := f.Apply(ds, e.k, e.v); err != nil {
			t.Fatalf("%s=%s: %v", e.k, e.v, err)
		}
	}
	if got, want := f.Permalink(ds).Encode(), "latency=20&model=flux-1-dev&requests=2M&v="+ds.DataVersion+"&workload=text-to-image"; got != want {
		t.Errorf("permalink %s, want %s", got, want)
	}
	v := NewState(ds)
	v.Diffusion = true
	if err := v.Apply(ds, FieldWorkload, "text-to-video"); err != nil {
		t.Fatal(err)
	}
	if v.In.RequestsPerMonth.String() != "10000" || v.In.TargetLatencyS.String() != "1800" {
		t.Errorf("video defaults: %s videos within %s s, want 10000 within 1800", v.In.RequestsPerMonth, v.In.TargetLatencyS)
	}

	page, notices := DecodeQuery(ds, mustQuery(t, "workload=text-to-image&requests=2M&latency=20"))
	if page.In.Workload != "lm-arena-chat" || len(notices) != 1 || !strings.Contains(string(notices[0]), `Ignored workload="text-to-image"`) {
		t.Errorf("the page's state: workload %s, notices %q", page.In.Workload, notices)
	}
}

func mustQuery(t *testing.T, raw string) map[string][]string {
	t.Helper()
	q, _ := ParseQuery(raw)
	return q
}
