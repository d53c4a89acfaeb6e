//go:build !wasm

package ui

import (
	"errors"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"energyfloor/app/floor"
)

// lazyCalculator returns a calculator on a copy of the bundled dataset that
// lists every workload without its models, as the browser's Load does, and
// whose loadModels fills a workload's models in from the whole dataset and
// adds its id to *decoded; fail, when not "", is a workload whose decoding
// fails.
func lazyCalculator(t *testing.T, decoded *[]string, fail string) *calculator {
	t.Helper()
	whole, err := loadDataset()
	if err != nil {
		t.Fatal(err)
	}
	lazy := *whole
	lazy.TokenWorkloads, lazy.DiffusionWorkloads = nil, nil
	bare := func(w *floor.Workload) *floor.Workload {
		return &floor.Workload{ID: w.ID, Name: w.Name, Kind: w.Kind, Source: w.Source}
	}
	for _, w := range whole.TokenWorkloads {
		lazy.TokenWorkloads = append(lazy.TokenWorkloads, bare(w))
	}
	for _, w := range whole.DiffusionWorkloads {
		lazy.DiffusionWorkloads = append(lazy.DiffusionWorkloads, bare(w))
	}
	return &calculator{
		load: func() (*floor.Dataset, error) { return &lazy, nil },
		loadModels: func(id string) error {
			if id == fail {
				return errors.New("dataset: file \"" + id + "/x.json\": decode: broken")
			}
			*decoded = append(*decoded, id)
			lazy.FindWorkload(id).Models = whole.FindWorkload(id).Models
			return nil
		},
	}
}

// withModels returns the ids of ds's workloads that have their models.
func withModels(ds *floor.Dataset) []string {
	var ids []string
	for _, w := range ds.AllWorkloads() {
		if len(w.Models) > 0 {
			ids = append(ids, w.ID)
		}
	}
	return ids
}

// page renders a copy of c, so that c, never mounted, can change and be
// rendered again, with each element's attributes sorted (the test engine
// writes them in no set order), one element a line.
func page(t *testing.T, c *calculator) string {
	t.Helper()
	cp := *c
	html := render(t, &cp)
	attrs := regexp.MustCompile(`\s[a-zA-Z:-]+(="[^"]*")?`)
	html = regexp.MustCompile(`<[a-zA-Z0-9]+(\s[^>]*)?>`).ReplaceAllStringFunc(html, func(tag string) string {
		name, _, _ := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(tag, "<"), ">"), " ")
		as := attrs.FindAllString(strings.TrimPrefix(tag, "<"+name), -1)
		slices.Sort(as)
		return "<" + name + strings.Join(as, "") + ">"
	})
	return strings.ReplaceAll(html, "><", ">\n<")
}

// TestWorkloadsDecodedOnNeed: a calculator whose dataset lists the workloads
// without their models, as the browser's does, decodes the default
// workload's alone for the default page, and each other workload's when a
// link or the workload select first needs it, with the image workload for
// the line that compares modalities on an image or video page; and it draws
// every page as the calculator on the whole dataset draws it, the token
// pages' modalities line taken from the prerendered page as in the browser.
func TestWorkloadsDecodedOnNeed(t *testing.T) {
	defer func(base string, ref floor.ImageRef) { modalitiesBase, imageRef = base, ref }(modalitiesBase, imageRef)
	eager := newCalculator()
	eager.navigate("")
	modalitiesBase, imageRef = eager.modalitiesBase, eager.modalitiesRef // as the prerendered page gives them
	if modalitiesBase == "" {
		t.Fatal("the whole dataset gives no modalities line")
	}

	var decoded []string
	lazy := lazyCalculator(t, &decoded, "")
	lazy.navigate("")
	if want := []string{floor.DefaultWorkload}; !slices.Equal(decoded, want) || !slices.Equal(withModels(lazy.ds), want) {
		t.Errorf("the default page decoded %v and has the models of %v, want %v alone", decoded, withModels(lazy.ds), want)
	}
	same := func(step string) {
		t.Helper()
		got, want := strings.Split(page(t, lazy), "\n"), strings.Split(page(t, eager), "\n")
		for i := range max(len(got), len(want)) {
			if i >= len(got) || i >= len(want) || got[i] != want[i] {
				t.Errorf("%s: the page differs from the one on the whole dataset from its line %d:\n%s\nwant:\n%s",
					step, i+1, strings.Join(got[i:min(i+3, len(got))], "\n"), strings.Join(want[i:min(i+3, len(want))], "\n"))
				break
			}
		}
		if !reflect.DeepEqual(lazy.modelChoices[lazy.form.In.Workload], eager.modelChoices[eager.form.In.Workload]) {
			t.Errorf("%s: model choices %v, want %v", step, lazy.modelChoices[lazy.form.In.Workload], eager.modelChoices[eager.form.In.Workload])
		}
	}
	same("default page")

	for _, step := range []struct{ workload, decodes string }{
		{"gpqa", "gpqa"},
		{"text-to-image", "text-to-image"},
		{"lm-arena-chat", ""},
		{"text-to-video", "text-to-video"},
		{"gpqa", ""},
	} {
		before := len(decoded)
		for _, c := range []*calculator{eager, lazy} {
			if !c.apply(textEdit{"workload", step.workload}) {
				t.Fatalf("switching to %s was refused", step.workload)
			}
			c.recompute()
		}
		var want []string
		if step.decodes != "" {
			want = []string{step.decodes}
		}
		if got := decoded[before:]; !slices.Equal(got, want) {
			t.Errorf("switching to %s decoded %v, want %v", step.workload, got, want)
		}
		same("switched to " + step.workload)
	}

	for _, tt := range []struct {
		query   string
		decodes []string
	}{
		{"workload=gpqa&itl=60", []string{floor.DefaultWorkload, "gpqa"}},
		{"workload=", []string{floor.DefaultWorkload}},
		{"workload=no-such-task", []string{floor.DefaultWorkload}},
		{"workload=text-to-video&requests=20k", []string{floor.DefaultWorkload, "text-to-video", floor.ImageWorkload}},
		{"workload=%20text-to-image%20", []string{floor.DefaultWorkload, floor.ImageWorkload}},
	} {
		t.Run(tt.query, func(t *testing.T) {
			decoded = nil
			lazy = lazyCalculator(t, &decoded, "")
			lazy.navigate(tt.query)
			if !slices.Equal(decoded, tt.decodes) {
				t.Errorf("decoded %v, want %v", decoded, tt.decodes)
			}
			eager = newCalculator()
			eager.navigate(tt.query)
			same(tt.query)
			if !reflect.DeepEqual(lazy.notices, eager.notices) {
				t.Errorf("notices %q, want %q", lazy.notices, eager.notices)
			}
		})
	}
}

// TestWorkloadDecodeFailsPage: a workload whose models fail to decode, on a
// link or on a switch of the select, has the page show the dataset's error.
func TestWorkloadDecodeFailsPage(t *testing.T) {
	var decoded []string
	for name, c := range map[string]func() *calculator{
		"link": func() *calculator {
			c := lazyCalculator(t, &decoded, "gpqa")
			c.navigate("workload=gpqa")
			return c
		},
		"select": func() *calculator {
			c := lazyCalculator(t, &decoded, "gpqa")
			c.navigate("")
			if c.apply(textEdit{"workload", "gpqa"}) {
				t.Error("the switch to a workload that fails to decode was taken")
			}
			return c
		},
	} {
		t.Run(name, func(t *testing.T) {
			html := render(t, c())
			for _, want := range []string{`id="data-error"`, "gpqa/x.json", "broken"} {
				if !strings.Contains(html, want) {
					t.Errorf("the page lacks %q", want)
				}
			}
		})
	}
}
