package floor

import "github.com/shopspring/decimal"

// DefaultImageModel is the image model of the line that compares
// modalities: FLUX.1 Dev, at the image defaults (KindImages.Defaults: 1,000,000
// images a month within 30 s), either GPU.
const DefaultImageModel = "flux-1-dev"

// ImageWorkload is the workload of the line's image floor
// (DefaultImageModel's); its chat answer's is on DefaultWorkload.
const ImageWorkload = "text-to-image"

// Modalities puts a floor per request beside two reference floors from the
// same bundled data, where people's intuition is most wrong: the default
// chat answer's (DefaultInputs: DefaultModel on DefaultWorkload, 500 output
// tokens within a 100 ms median target) and a default image's
// (DefaultImageModel at the image defaults).
type Modalities struct {
	Chat, Image Result
	// ImageInChatAnswers is the image's floor per request ÷ the chat
	// answer's.
	ImageInChatAnswers decimal.Decimal
	// The reference floors' workloads and inputs, which the sentence
	// states: each names a model the page may show at other inputs.
	imageW          *Workload
	chatIn, imageIn Inputs
}

// CompareModalities returns the two reference floors of ds; ok is false
// when ds lacks either model or either meets nothing.
func CompareModalities(ds *Dataset) (m Modalities, ok bool) {
	chatIn := DefaultInputs()
	w, iw := ds.TokenWorkload(DefaultWorkload), ds.DiffusionWorkload(ImageWorkload)
	if w == nil || iw == nil {
		return m, false
	}
	imageIn := Inputs{Workload: iw.ID, Model: DefaultImageModel}
	imageIn.ImagesOrVideosPerMonth, imageIn.TargetLatencyS = KindImages.Defaults()
	chat, okChat := ModelFloor(w.Model(chatIn.Model), chatIn)
	image, okImage := ModelFloor(iw.Model(DefaultImageModel), imageIn)
	if !okChat || !okImage || !chat.Meets() || !image.Meets() {
		return m, false
	}
	m = Modalities{Chat: chat, Image: image, imageW: iw, chatIn: chatIn, imageIn: imageIn}
	m.ImageInChatAnswers = m.InChatAnswers(image.Figures.WhPerRequest)
	return m, true
}

// InChatAnswers returns whPerRequest, a floor per request, in default chat
// answers: whPerRequest ÷ the chat answer's floor.
func (m Modalities) InChatAnswers(whPerRequest decimal.Decimal) decimal.Decimal {
	chat := m.Chat.Figures.WhPerRequest
	if chat.Sign() <= 0 || whPerRequest.Sign() <= 0 {
		return decimal.Zero
	}
	return quo(op(whPerRequest), opOne, op(chat), opOne)
}

// Sentence states the comparison for a floor per request whPerRequest,
// named subject: "One image ≈ 55.6 default chat answers: FLUX.1 Dev needs at least
// 1.86 Wh an image within a 30 s batch latency target, Qwen 3 235B A22B
// Instruct 0.0334 Wh a chat answer of 500 output tokens with a median of at
// most 100 ms between tokens (GPU energy floors on either GPU, same data);
// CogVideoX 2B's video (7.32 Wh) ≈ 219 chat answers." It states the
// references' inputs, so that a page showing one of their models at other
// inputs, with another figure, does not seem to contradict it; the chat
// answer's target in plain words, as image and video pages use no token
// terms. The last clause is left out when whPerRequest is one of the two
// reference floors.
func (m Modalities) Sentence(whPerRequest decimal.Decimal, subject string) string {
	s := "One image ≈ " + FormatNumber(m.ImageInChatAnswers) + " default chat answers: " + m.Image.Model.Name + " needs at least " +
		FormatWh(m.Image.Figures.WhPerRequest) + " an image within " + m.imageW.Kind.TargetWords(m.imageIn) + ", " +
		m.Chat.Model.Name + " " + FormatWh(m.Chat.Figures.WhPerRequest) + " a chat answer of " +
		Counted(FormatExact(m.chatIn.OutputTokensPerRequest), "output token") + " with a " + string(m.chatIn.Statistic) + " of at most " +
		FormatLatency(m.chatIn.TargetITLMs) + " between tokens" +
		" (GPU energy floors on either GPU, same data)"
	if n := m.InChatAnswers(whPerRequest); n.Sign() > 0 && !whPerRequest.Equal(m.Image.Figures.WhPerRequest) && !whPerRequest.Equal(m.Chat.Figures.WhPerRequest) {
		s += "; " + subject + " ≈ " + FormatNumber(n) + " chat answers"
	}
	return s + "."
}

// For states the comparison on a page of workload w whose floor is r: on a
// token workload whose floor meets the target, one image beside the page's
// answer (ImageRef.Beside); on an image or video workload whose floor
// meets it, with that request in default chat answers ("CogVideoX 2B's
// video (7.32 Wh) ≈ 219 chat answers"); otherwise the reference floors
// alone.
func (m Modalities) For(w *Workload, r Result) string {
	if w.Kind.PerToken() && r.Meets() {
		return m.Ref().Beside(r)
	}
	if w.Kind.PerToken() || !r.Meets() {
		return m.Sentence(m.Image.Figures.WhPerRequest, "")
	}
	wh := r.Figures.WhPerRequest
	return m.Sentence(wh, r.Model.Name+"'s "+w.Kind.Answer()+" ("+FormatWh(wh)+")")
}

// ImageRef is the reference image of the comparison, all a token page needs
// to set it beside its own answer: its model's name, its floor per image in
// Wh and its target in words.
type ImageRef struct {
	Model  string
	Wh     decimal.Decimal
	Target string
}

// Ref returns m's reference image.
func (m Modalities) Ref() ImageRef {
	return ImageRef{Model: m.Image.Model.Name, Wh: m.Image.Figures.WhPerRequest, Target: m.imageW.Kind.TargetWords(m.imageIn)}
}

// Beside sets one image beside the answer of a token page whose floor r
// meets the target, at its floor and at your traffic, each figure as the
// headline cards give it: "One image ≈ 69.7 of this page's answers at their
// floor (0.0267 Wh) and 2.07 at your traffic (0.897 Wh): FLUX.1 Dev needs at
// least 1.86 Wh an image within a 30 s batch latency target (GPU energy
// floors, same data)."
func (ref ImageRef) Beside(r Result) string {
	answers := func(wh decimal.Decimal) string { return FormatNumber(quo(op(ref.Wh), opOne, op(wh), opOne)) }
	s := "One image ≈ " + answers(r.Figures.WhPerRequest) + " of this page's answers at their floor (" + FormatWh(r.Figures.WhPerRequest) + ")"
	if t := r.Traffic; t != nil && t.Figures.WhPerRequest.Sign() > 0 {
		s += " and " + answers(t.Figures.WhPerRequest) + " at your traffic (" + FormatWh(t.Figures.WhPerRequest) + ")"
	}
	return s + ": " + ref.Model + " needs at least " + FormatWh(ref.Wh) + " an image within " + ref.Target + " (GPU energy floors, same data)."
}
