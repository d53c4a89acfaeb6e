package ui

import (
	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The line under the headline figures that compares across modalities from
// the bundled data (floor.CompareModalities): "One image ≈ 55.6 chat
// answers: FLUX.1 Dev needs at least 1.86 Wh an image within a 30 s batch
// latency target, Qwen 3 235B A22B Instruct 0.0334 Wh a chat answer of …",
// and on an image or video page the selected model's request in chat
// answers too.
//
// Its figures need the image workload's models, which the browser decodes
// only for an image or video page (pageWorkloads): a token page there takes
// the sentence, which depends on the dataset alone, from the prerendered
// page's #modalities (data-base), read at start (readModalitiesBase).

// modalitiesID is the DOM id of the line.
const modalitiesID = "modalities"

// modalitiesBase is the sentence without a subject, as the prerendered page
// gave it: the browser's until it decodes the image models.
var modalitiesBase string

// readModalitiesBase reads the prerendered page's sentence, in the
// browser's first mount.
func readModalitiesBase() {
	if el := app.Window().GetElementByID(modalitiesID); el.Truthy() {
		if v := el.Call("getAttribute", "data-base"); v.Truthy() {
			modalitiesBase = v.String()
		}
	}
}

// modalities returns the line for workload w and the selected model's
// floor r (found, meeting the target, or not), and the sentence without a
// subject; both "" when the dataset cannot compare (nor did the
// prerendered page).
func modalities(ds *floor.Dataset, w *floor.Workload, r floor.Result) (line, base string) {
	if !modelsDecoded(ds.TokenWorkload(floor.DefaultWorkload)) || !modelsDecoded(ds.DiffusionWorkload(floor.ImageWorkload)) {
		return modalitiesBase, modalitiesBase
	}
	m, ok := floor.CompareModalities(ds)
	if !ok {
		return "", ""
	}
	return m.For(w, r), m.Sentence(m.Image.Figures.WhPerRequest, "")
}

// modalitiesLine draws the line, or nothing when there is none.
func modalitiesLine(line, base string) app.UI {
	if line == "" {
		return nil
	}
	return app.P().ID(modalitiesID).Class("modalities").DataSet("base", base).Text(line)
}
