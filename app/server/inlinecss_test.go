package server

import (
	"strings"
	"testing"
)

func TestInlineStyles(t *testing.T) {
	if _, err := newInlineStyles([]byte("a{}"), []byte("b{} </STYLE><script>x()</script>")); err == nil {
		t.Error("a stylesheet holding </style was inlined")
	}
	st, err := newInlineStyles([]byte("a{}"), []byte("b{}"))
	if err != nil {
		t.Fatal(err)
	}
	// printf 'a{}\nb{}' | openssl dgst -sha256 -binary | base64
	if want := "'sha256-zed0RLOFY+TcmXcTg8xXzuEuz9LcL/bpBT9mk1CINVo='"; st.hash != want {
		t.Errorf("hash %s, want %s", st.hash, want)
	}
	page := `<head><link href="/energy/app.css" rel="stylesheet" type="text/css"><link href="/energy/web/app.css" rel="stylesheet" type="text/css"></head>`
	got, err := st.apply([]byte(page), "/energy")
	if err != nil {
		t.Fatal(err)
	}
	if want := "<head><style>a{}\nb{}</style></head>"; string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
	for name, bad := range map[string]string{
		"no link to web/app.css":  `<link href="/app.css" rel="stylesheet" type="text/css">`,
		"another prefix":          strings.ReplaceAll(page, "/energy/", "/"),
		"go-app's link twice":     page + `<link href="/energy/app.css" rel="stylesheet" type="text/css">`,
		"attributes in new order": strings.ReplaceAll(page, `href="/energy/app.css" rel="stylesheet"`, `rel="stylesheet" href="/energy/app.css"`),
	} {
		if _, err := st.apply([]byte(bad), "/energy"); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if csp := st.headers()["Content-Security-Policy"]; !strings.Contains(csp, "style-src 'self' "+st.hash+";") || strings.Count(csp, "style-src") != 1 {
		t.Errorf("csp %q", csp)
	}
}
