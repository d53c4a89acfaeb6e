package server

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"energyfloor/app/ui"
)

// validPrefix is a sub-path such as "/energy" or "/tools/energy".
var validPrefix = regexp.MustCompile(`^(/[A-Za-z0-9._~-]+)+$`)

// NormalizePrefix returns prefix with one leading slash and no trailing one
// ("" for the root), or an error naming what is wrong with it.
func NormalizePrefix(prefix string) (string, error) {
	p := strings.TrimRight(strings.TrimSpace(prefix), "/")
	if p == "" {
		return "", nil
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	if !validPrefix.MatchString(p) {
		return "", fmt.Errorf("invalid prefix %q: want a path such as /energy (letters, digits, . _ ~ -)", prefix)
	}
	return p, nil
}

// NormalizeOrigin returns origin, a site's public origin such as
// https://example.org, as scheme://host[:port] in lower case ("" for ""),
// or an error naming what is wrong with it.
func NormalizeOrigin(origin string) (string, error) {
	if origin == "" {
		return "", nil
	}
	u, err := url.Parse(strings.TrimSpace(origin))
	if err != nil {
		return "", fmt.Errorf("invalid origin %q: %w", origin, err)
	}
	scheme, host := strings.ToLower(u.Scheme), strings.ToLower(u.Host)
	if (scheme != "http" && scheme != "https") || !plainHost.MatchString(host) || u.User != nil ||
		strings.TrimSuffix(u.Path, "/") != "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("invalid origin %q: want a scheme and host only, such as https://example.org", origin)
	}
	return scheme + "://" + host, nil
}

// WriteStatic writes the static site to dir, replacing it: the prerendered
// pages (index.html, one .html per other page), go-app's files (app.js,
// app-worker.js, wasm_exec.js, app.css, manifest.webmanifest), web/ with
// app.wasm, its .br and .gz and the other assets, and a _headers file with
// the headers to send (the format of Netlify and Cloudflare Pages; see the
// README for other hosts). prefix is the sub-path the site is served under,
// and origin its public origin, which the pages' embed snippet names (see
// NormalizeOrigin; "" leaves the snippet's placeholder and its note saying
// to replace it). The site is written next to dir first, so a failure
// leaves dir as it was.
func (s *Site) WriteStatic(dir, prefix, origin string) (err error) {
	prefix, err = NormalizePrefix(prefix)
	if err != nil {
		return err
	}
	if origin, err = NormalizeOrigin(origin); err != nil {
		return err
	}
	dir = filepath.Clean(dir)
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "."+filepath.Base(dir)+".tmp*")
	if err != nil {
		return fmt.Errorf("writing the static site: %w", err)
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if err := app.GenerateStaticWebsite(tmp, handler(s.Version, s.WasmSize, prefix), ui.Pages...); err != nil {
		return fmt.Errorf("generating the static pages: %w", err)
	}
	styles, err := staticStyles(tmp, s.assets["/web/app.css"].forms["identity"].body)
	if err != nil {
		return err
	}
	if err := fixStaticPages(tmp, prefix, origin, styles); err != nil {
		return err
	}
	if err := fixStaticAppJS(tmp); err != nil {
		return err
	}
	for name, a := range s.assets {
		for coding, f := range a.forms {
			file := filepath.Join(tmp, filepath.FromSlash(name)) + suffix(coding)
			if err := os.WriteFile(file, f.body, 0o644); err != nil {
				return fmt.Errorf("writing the static site: %w", err)
			}
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, "_headers"), []byte(StaticHeaders(prefix, s.Version, styles.headers())), 0o644); err != nil {
		return fmt.Errorf("writing the static site: %w", err)
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("replacing %s: %w", dir, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		return fmt.Errorf("replacing %s: %w", dir, err)
	}
	return nil
}

// suffix is the file suffix of a content coding.
func suffix(coding string) string {
	for _, enc := range encodings {
		if enc.name == coding {
			return enc.suffix
		}
	}
	return ""
}

// StaticHeaders returns the _headers file of the static build: the security
// headers for every path (headers: Headers with the pages' CSP), the CORS
// header of publicFiles, and app.wasm's type and version (ui.HeaderVersion). (Hosts with this format
// compress by themselves; the .br and .gz copies serve hosts that pick a
// precompressed sibling, such as nginx's brotli_static/gzip_static or
// Caddy's file_server precompressed.)
func StaticHeaders(prefix, version string, headers map[string]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s/*\n", prefix)
	for _, k := range sortedKeys(headers) {
		fmt.Fprintf(&b, "  %s: %s\n", k, headers[k])
	}
	for _, f := range publicFiles {
		fmt.Fprintf(&b, "%s%s\n", prefix, f)
		for _, k := range sortedKeys(publicFileHeaders) {
			fmt.Fprintf(&b, "  %s: %s\n", k, publicFileHeaders[k])
		}
	}
	fmt.Fprintf(&b, "%s/web/app.wasm\n  Content-Type: application/wasm\n  Cache-Control: no-cache\n  %s: %s\n", prefix, ui.HeaderVersion, version)
	fmt.Fprintf(&b, "%s/app-worker.js\n  Cache-Control: no-cache\n", prefix)
	return b.String()
}

// sortedKeys returns m's keys in order.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// staticStyles inlines the app.css go-app wrote into dir and ownCSS.
func staticStyles(dir string, ownCSS []byte) (*inlineStyles, error) {
	goapp, err := os.ReadFile(filepath.Join(dir, "app.css"))
	if err != nil {
		return nil, fmt.Errorf("reading go-app's app.css: %w", err)
	}
	return newInlineStyles(goapp, ownCSS)
}

// fixStaticPages applies rewritePage to the pages go-app
// wrote.
func fixStaticPages(dir, prefix, origin string, styles *inlineStyles) error {
	pages, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil {
		return err
	}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		fixed, err := rewritePage(b, prefix, origin, styles)
		if err != nil {
			return fmt.Errorf("%s: %w", filepath.Base(p), err)
		}
		if fixed, err = markPrerenderedForNoQuery(fixed); err != nil {
			return fmt.Errorf("%s: %w", filepath.Base(p), err)
		}
		if err := os.WriteFile(p, fixed, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// fixStaticAppJS applies rewriteAppJS to the app.js go-app wrote.
func fixStaticAppJS(dir string) error {
	file := filepath.Join(dir, "app.js")
	b, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("writing the static site: %w", err)
	}
	js, err := rewriteAppJS(b)
	if err != nil {
		return fmt.Errorf("writing the static site: %w", err)
	}
	if err := os.WriteFile(file, js, 0o644); err != nil {
		return fmt.Errorf("writing the static site: %w", err)
	}
	return nil
}
