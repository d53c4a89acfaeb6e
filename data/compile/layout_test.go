package compile

import "testing"

func TestLayout(t *testing.T) {
	tests := []struct {
		name, compact, want string
	}{
		{"scalar", `1.5`, `1.5`},
		{"flat object stays on one line", `{"a":1,"b":"x,}]"}`, `{"a":1,"b":"x,}]"}`},
		{"flat array stays on one line", `["a","b\"]"]`, `["a","b\"]"]`},
		{"empty containers", `{"a":{},"b":[]}`, "{\n  \"a\": {},\n  \"b\": []\n}"},
		{"nested object", `{"a":1,"s":{"x":[1,2]}}`, "{\n  \"a\": 1,\n  \"s\": {\n    \"x\": [1,2]\n  }\n}"},
		{"configurations one per line", `{"configurations":[{"gpu":"H100","x":{"y":1},"row_id":"m/H100/1/8"},{"gpu":"B200","row_id":"m/B200/1/8"}]}`,
			"{\n  \"configurations\": [\n    {\"gpu\":\"H100\",\"x\":{\"y\":1},\"row_id\":\"m/H100/1/8\"},\n    {\"gpu\":\"B200\",\"row_id\":\"m/B200/1/8\"}\n  ]\n}"},
		{"array of objects", `[{"a":[1]},{"b":2}]`, "[\n  {\n    \"a\": [1]\n  },\n  {\"b\":2}\n]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := layout([]byte(tt.compact))
			if err != nil {
				t.Fatalf("layout: %v", err)
			}
			if string(got) != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
	for _, bad := range []string{`{"a":1`, `"abc`, `{"a":1}x`} {
		if _, err := layout([]byte(bad)); err == nil {
			t.Errorf("layout(%q): got no error", bad)
		}
	}
}
