package floor_test

import (
	"strings"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/data"
)

// TestCompareModalities: worked out from the compiled data by hand. The
// default chat answer is Qwen 3 235B A22B Instruct's floor at the defaults,
// 4×B200 at 0.2402453 J per output token × 500 tokens = 120.12265 J,
// 0.03336740277… Wh; the default image is FLUX.1 Dev's within 30 s, one
// B200 at batch 1, 6,678.8068 J, 1.855224111… Wh; 6,678.8068 ÷ 120.12265 =
// 55.5998956…. CogVideoX 2B's video floor at the video defaults, 26,360.4759
// J, is 219.4463400… chat answers.
func TestCompareModalities(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	m, ok := floor.CompareModalities(ds)
	if !ok {
		t.Fatal("no comparison")
	}
	if m.Chat.Chosen.RowID != "qwen-3-235b-a22b-instruct/B200/4/4096" || m.Image.Chosen.RowID != "flux-1-dev/B200/1/u1xr1/b1" {
		t.Errorf("got %s and %s", m.Chat.Chosen.RowID, m.Image.Chosen.RowID)
	}
	if !sameDigits(m.ImageInChatAnswers, "55.59989560669865") {
		t.Errorf("one image = %s chat answers, want 55.59989560669865", m.ImageInChatAnswers)
	}
	video := dec("26360.4759").Div(dec("3600"))
	if got := m.InChatAnswers(video); !sameDigits(got, "219.4463400532706") {
		t.Errorf("one video = %s chat answers, want 219.4463400532706", got)
	}
	// The sentence states each reference's inputs: a page can show either
	// model at other inputs, with another figure.
	base := "One image ≈ 55.6 default chat answers: FLUX.1 Dev needs at least 1.86 Wh an image within a 30 s batch latency target, " +
		"Qwen 3 235B A22B Instruct 0.0334 Wh a chat answer of 500 output tokens with a median of at most 100 ms between tokens " +
		"(GPU energy floors on either GPU, same data)"
	if got, want := m.Sentence(video, "CogVideoX 2B's video"), base+"; CogVideoX 2B's video ≈ 219 chat answers."; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := m.Sentence(m.Chat.Figures.WhPerRequest, "request"); got != base+"." {
		t.Errorf("on the chat page itself: %s", got)
	}
	// For, on a page: a video page adds its floor, 26,360.4759 J = 7.32 Wh;
	// a token page, or a video target nothing meets, gives the references
	// alone.
	videos := ds.DiffusionWorkload("text-to-video")
	cog := videos.Model("cogvideox-2b")
	r, _ := floor.ModelFloor(cog, floor.Inputs{Workload: "text-to-video", ImagesOrVideosPerMonth: dec("10000"), TargetLatencyS: dec("1800")})
	if got, want := m.For(videos, r), base+"; CogVideoX 2B's video (7.32 Wh) ≈ 219 chat answers."; got != want {
		t.Errorf("For a video page: got\n%s\nwant\n%s", got, want)
	}
	slow, _ := floor.ModelFloor(cog, floor.Inputs{Workload: "text-to-video", ImagesOrVideosPerMonth: dec("10000"), TargetLatencyS: dec("1")})
	if got := m.For(videos, slow); got != base+"." {
		t.Errorf("For a video page whose target nothing meets: %s", got)
	}
	chat := ds.TokenWorkload(floor.DefaultWorkload)
	r, _ = floor.ModelFloor(chat.Model("llama-3-1-8b-instruct"), floor.DefaultInputs())
	// A token page sets one image beside its own answer, at its floor and
	// at your traffic: the image's floor ÷ each, as the cards give them.
	img := m.Image.Figures.WhPerRequest
	want := "One image ≈ " + floor.FormatNumber(img.DivRound(r.Figures.WhPerRequest, 20)) + " of this page's answers at their floor (" +
		floor.FormatWh(r.Figures.WhPerRequest) + ") and " + floor.FormatNumber(img.DivRound(r.Traffic.Figures.WhPerRequest, 20)) +
		" at your traffic (" + floor.FormatWh(r.Traffic.Figures.WhPerRequest) + "): FLUX.1 Dev needs at least 1.86 Wh an image within a 30 s batch latency target (GPU energy floors, same data)."
	if got := m.For(chat, r); got != want || !strings.Contains(got, "(0.00763 Wh) and 34.2 at your traffic (0.0542 Wh)") {
		t.Errorf("For a token page: %s\nwant %s", got, want)
	}
	in := floor.DefaultInputs()
	in.TargetITLMs = dec("1")
	r, _ = floor.ModelFloor(chat.Model("llama-3-1-8b-instruct"), in)
	if got := m.For(chat, r); got != base+"." {
		t.Errorf("For a token page whose target nothing meets: %s", got)
	}
}
