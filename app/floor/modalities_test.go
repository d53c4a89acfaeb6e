package floor_test

import (
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
	want := "One image ≈ 55.6 chat answers: FLUX.1 Dev needs at least 1.86 Wh an image, Qwen 3 235B A22B Instruct 0.0334 Wh " +
		"a chat answer (GPU energy floors, same data); CogVideoX 2B's video ≈ 219 chat answers."
	if got := m.Sentence(video, "CogVideoX 2B's video"); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := m.Sentence(m.Chat.Figures.WhPerRequest, "request"); got != want[:len("One image ≈ 55.6 chat answers: FLUX.1 Dev needs at least 1.86 Wh an image, Qwen 3 235B A22B Instruct 0.0334 Wh a chat answer (GPU energy floors, same data)")]+"." {
		t.Errorf("on the chat page itself: %s", got)
	}
}
