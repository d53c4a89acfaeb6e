package htmlattr

import "testing"

func TestFix(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain, attributes sorted", `<p id="a" class="b c">x</p>`, `<p class="b c" id="a">x</p>`},
		{"doctype and closing tags", "<!doctype html>\n<html lang=\"en\">\n</html>", "<!doctype html>\n<html lang=\"en\">\n</html>"},
		{"boolean attribute", `<input readonly id="x">`, `<input id="x" readonly>`},
		{"quote in a value", `<textarea value="<iframe style=\"border:0\">"></textarea>`, `<textarea value="&lt;iframe style=&#34;border:0&#34;&gt;"></textarea>`},
		{"breakout attempt", `<input value="\"><h1 id=pwned>">`, `<input value="&#34;&gt;&lt;h1 id=pwned&gt;">`},
		{"backslash", `<p title="a\\b">`, `<p title="a\b">`},
		{"escaped controls", `<p title="a\nb\u200fc">`, "<p title=\"a\nb\u200fc\">"},
		{"ampersand", `<a href="/?a=1&b=2">`, `<a href="/?a=1&amp;b=2">`},
		{"escaped text kept", `<p>&lt;b&gt; &amp; &#34;</p>`, `<p>&lt;b&gt; &amp; &#34;</p>`},
		{"svg", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="1"></circle></svg>`, `<svg viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg"><circle r="1"></circle></svg>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Fix([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
	for _, bad := range []string{`<p id="a>`, `<p id=a>`, `<p`, `<p id="a"`} {
		if _, err := Fix([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
