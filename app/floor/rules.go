package floor

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// The dataset's rules. Each is written once, here: the data compiler applies
// them when it writes the dataset, the loader checks the files against them,
// and the calculation makes its choices with them.

// RowID returns the row id of a configuration of model slug:
// "<slug>/<gpu>/<num_gpus>/<max_num_seqs>", with "/r<repeat>" appended from
// the second run of the same configuration on, so every row id is unique.
func RowID(slug, gpu string, numGPUs, maxNumSeqs, repeat int) string {
	id := slug + "/" + gpu + "/" + strconv.Itoa(numGPUs) + "/" + strconv.Itoa(maxNumSeqs)
	if repeat > 1 {
		id += "/r" + strconv.Itoa(repeat)
	}
	return id
}

// DiffusionRowID returns the row id of a diffusion configuration of model
// slug: "<slug>/<gpu>/<num_gpus>/u<ulysses_degree>xr<ring_degree>/b<batch_size>",
// "flux-1-dev/H100/4/u2xr2/b8" (4 H100s, Ulysses degree 2 × ring degree 2,
// batches of 8). Upstream measures each such configuration once.
func DiffusionRowID(slug, gpu string, numGPUs, ulysses, ring, batch int) string {
	return slug + "/" + gpu + "/" + strconv.Itoa(numGPUs) + "/u" + strconv.Itoa(ulysses) + "xr" + strconv.Itoa(ring) +
		"/b" + strconv.Itoa(batch)
}

// CompareConfigurations orders a model's configurations as the dataset
// lists them: by GPU, GPU count, max_num_seqs, then repeat; diffusion
// configurations by GPU, GPU count, Ulysses degree, ring degree, then batch
// size, so each curve (SameCurve) is in curve order. a and b are of one
// kind, as a model's configurations are.
func CompareConfigurations(a, b *Configuration) int {
	return cmp.Or(
		strings.Compare(a.GPU, b.GPU),
		cmp.Compare(a.NumGPUs, b.NumGPUs),
		a.family().compare(a, b),
		cmp.Compare(a.Repeat, b.Repeat),
	)
}

// ModelGPUs returns the GPU models of a model's configurations cs, as its
// gpus field lists them: in the order of cs, each run of configurations on
// one GPU giving it once, so each GPU once when cs is sorted
// (CompareConfigurations).
func ModelGPUs(cs []*Configuration) []string {
	var gpus []string
	for _, c := range cs {
		if len(gpus) == 0 || gpus[len(gpus)-1] != c.GPU {
			gpus = append(gpus, c.GPU)
		}
	}
	return gpus
}

// Preferred reports whether configuration a is chosen over b when both meet
// a latency target on statistic s: lower joules per output token (per image
// or video: JoulesPerUnit), then lower latency s (batch latency: Latency),
// then fewer GPUs, then row id. It is the one rule of every
// choice of a configuration: the floor (Floor, ModelFloor, Rank) and each
// model's best rows (BestRows).
func Preferred(a, b *Configuration, s Statistic) bool {
	if c := a.JoulesPerUnit().Cmp(b.JoulesPerUnit()); c != 0 {
		return c < 0
	}
	if c := a.Latency(s).Cmp(b.Latency(s)); c != 0 {
		return c < 0
	}
	if a.NumGPUs != b.NumGPUs {
		return a.NumGPUs < b.NumGPUs
	}
	return a.RowID < b.RowID
}

// BestRows returns each GPU's best row among token configurations cs: the one
// Preferred chooses on the median among those whose median inter-token
// latency is within the dataset's ceiling (UnderITLDeadline). A GPU with
// none within it has no best row.
func BestRows(cs []*Configuration) map[string]*Configuration {
	best := map[string]*Configuration{}
	for _, c := range cs {
		if c.UnderITLDeadline && (best[c.GPU] == nil || Preferred(c, best[c.GPU], Median)) {
			best[c.GPU] = c
		}
	}
	return best
}

// SameCurve reports whether configurations a and b lie on one concurrency
// curve: the same GPU, GPU count, tensor, data and expert parallelism and
// precision, measured at other max_num_seqs (or repeated); for diffusion,
// the same GPU, GPU count, Ulysses and ring degree and precision, measured
// at other batch sizes. Along a curve, in order of max_num_seqs then repeat
// (batch size), the traffic floor (Traffic) walks up to the first point the
// traffic cannot fill. a and b are of one kind, as a model's
// configurations are.
func SameCurve(a, b *Configuration) bool {
	return a.GPU == b.GPU && a.NumGPUs == b.NumGPUs && a.Precision == b.Precision && a.family().sameCurve(a, b)
}

// DiffusionCaveat is the caveat of a diffusion model: what each request
// (request: "image" or "video") makes, gen, measured in batches of minBatch
// to maxBatch. It stands in for the dataset's caveat wherever the model's
// figures are shown.
func DiffusionCaveat(request string, gen Generation, minBatch, maxBatch int) string {
	what := fmt.Sprintf("%d × %d images", gen.Width, gen.Height)
	if request == "video" {
		what = fmt.Sprintf("%d × %d videos of %d frames at %d fps", gen.Width, gen.Height, gen.Frames, gen.FPS)
	}
	batches := fmt.Sprintf("in batches of %d to %d", minBatch, maxBatch)
	if minBatch == maxBatch {
		batches = fmt.Sprintf("in batches of %d", minBatch)
	}
	return fmt.Sprintf("GPU energy only, measured generating %s with %d inference steps, %s on a busy server "+
		"(the configuration gives its batch size). Host, network, cooling and idle time are not counted. "+
		"Every figure is a floor; a lightly used server sits well above it.", what, gen.InferenceSteps, batches)
}

// Meets reports whether configuration c meets a latency target of target
// milliseconds at statistic s (for an image or video configuration, target
// seconds on its batch latency, whatever s: Kind.TargetOf gives the target
// of each kind): its latency (Latency) is at most the target. The floor's
// choice, the traffic floor's, the charts and the tables all ask it.
func Meets(c *Configuration, s Statistic, target decimal.Decimal) bool {
	return withinTarget(c.Latency(s), target)
}

// withinTarget is Meets on a latency: at most the target, both in the
// kind's unit (ms or s).
func withinTarget(latency, target decimal.Decimal) bool { return latency.Cmp(target) <= 0 }
