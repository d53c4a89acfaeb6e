package ui

import (
	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// The line under the headline figures that compares across modalities from
// the bundled data (floor.CompareModalities): on a token page, one image
// beside the page's own answer at its floor and at your traffic
// (floor.ImageRef.Beside); on an image or video page, "One image ≈ 55.6
// default chat answers: FLUX.1 Dev needs at least 1.86 Wh an image within a
// 30 s batch latency target, Qwen 3 235B A22B Instruct 0.0334 Wh a chat
// answer of …", with the selected model's request in chat answers too.
//
// Its figures need the image workload's models, which the browser decodes
// only for an image or video page (pageWorkloads): a token page there takes
// the reference image, and the sentence without a subject, which depend on
// the dataset alone, from the prerendered page's #modalities, read at start
// (readModalitiesBase).

// modalitiesID is the DOM id of the line.
const modalitiesID = "modalities"

// modalitiesBase is the sentence without a subject, and imageRef the
// reference image, as the prerendered page gave them (data-base,
// data-image-model, data-image-wh, data-image-target): the browser's until
// it decodes the image models.
var (
	modalitiesBase string
	imageRef       floor.ImageRef
)

// readModalitiesBase reads the prerendered page's sentence and reference
// image, in the browser's first mount.
func readModalitiesBase() {
	el := app.Window().GetElementByID(modalitiesID)
	if !el.Truthy() {
		return
	}
	get := func(name string) string {
		if v := el.Call("getAttribute", name); v.Truthy() {
			return v.String()
		}
		return ""
	}
	modalitiesBase = get("data-base")
	if wh, err := decimal.NewFromString(get("data-image-wh")); err == nil {
		imageRef = floor.ImageRef{Model: get("data-image-model"), Wh: wh, Target: get("data-image-target")}
	}
}

// modalities returns the line for workload w and the selected model's
// floor r (found, meeting the target, or not), the sentence without a
// subject and the reference image; all empty when the dataset cannot
// compare (nor did the prerendered page).
func modalities(ds *floor.Dataset, w *floor.Workload, r floor.Result) (line, base string, ref floor.ImageRef) {
	if !modelsDecoded(ds.TokenWorkload(floor.DefaultWorkload)) || !modelsDecoded(ds.DiffusionWorkload(floor.ImageWorkload)) {
		if w.Kind.PerToken() && r.Meets() && imageRef.Model != "" {
			return imageRef.Beside(r), modalitiesBase, imageRef
		}
		return modalitiesBase, modalitiesBase, imageRef
	}
	m, ok := floor.CompareModalities(ds)
	if !ok {
		return "", "", floor.ImageRef{}
	}
	return m.For(w, r), m.Sentence(m.Image.Figures.WhPerRequest, ""), m.Ref()
}

// modalitiesLine draws the line, or nothing when there is none, with the
// sentence without a subject and the reference image ref for the browser.
func modalitiesLine(line, base string, ref floor.ImageRef) app.UI {
	if line == "" {
		return nil
	}
	p := app.P().ID(modalitiesID).Class("modalities").DataSet("base", base)
	if ref.Model != "" {
		p = p.DataSet("image-model", ref.Model).DataSet("image-wh", ref.Wh.String()).DataSet("image-target", ref.Target)
	}
	return p.Text(line)
}
