package e2e

import (
	"bufio"
	"context"
	"errors"
	"html"
	"io"
	"net"
	"net/http"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServerStopsWithStatusZeroWithADownloadInFlight sends the server
// binary SIGTERM while a client that does not read is downloading the
// uncompressed app.wasm: the server gives the download its grace period
// (-grace 1s here; 10 s by default), closes it, says so and exits with
// status 0.
func TestServerStopsWithStatusZeroWithADownloadInFlight(t *testing.T) {
	parallel(t)
	const grace = time.Second
	s, err := StartServer(context.Background(), serverBinary(t), "-grace", grace.String())
	if err != nil {
		t.Fatal(err)
	}
	exited := false
	defer func() {
		if !exited {
			s.Stop()
		}
	}()
	conn, err := net.Dial("tcp", s.Addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET /web/app.wasm HTTP/1.1\r\nHost: "+s.Addr+"\r\nAccept-Encoding: identity\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.ContentLength < 4<<20 {
		t.Fatalf("app.wasm: status %d, %d bytes: want a body far larger than the socket buffers", resp.StatusCode, resp.ContentLength)
	}
	t0 := time.Now()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var exitErr error
	select {
	case exitErr = <-s.done:
		exited = true
	case <-time.After(30 * time.Second):
		t.Fatalf("the server has not exited 30 s after SIGTERM:\n%s", s.out.String())
	}
	took := time.Since(t0)
	var exit *exec.ExitError
	if exitErr != nil && errors.As(exitErr, &exit) {
		t.Errorf("the server exited with status %d, want 0:\n%s", exit.ExitCode(), s.out.String())
	} else if exitErr != nil {
		t.Errorf("the server: %v", exitErr)
	}
	if want := "stopped: closed 1 response(s) still in flight after the 1s grace period"; !strings.Contains(s.out.String(), want) {
		t.Errorf("the server's output lacks %q:\n%s", want, s.out.String())
	}
	if took < grace || took > grace+10*time.Second {
		t.Errorf("the server exited %v after SIGTERM, want just after its %v grace period", took, grace)
	}
	n, _ := io.Copy(io.Discard, resp.Body)
	if n >= resp.ContentLength {
		t.Errorf("the client got all %d bytes: want the download cut", n)
	}
}

// TestEmbedSnippetIsAbsoluteBeforeTheAppStarts reads the embed snippet of
// the first HTML, as a reader without JavaScript gets it: the server's
// names the page's origin; the static build, made without an origin, a
// placeholder under /energy with a note saying to replace it.
func TestEmbedSnippetIsAbsoluteBeforeTheAppStarts(t *testing.T) {
	base, static := appServer(t), staticSite(t)
	const note = "<!-- Replace https://your-energy-floor-site.example with the origin this calculator is served from, such as https://example.org. -->\n"
	for _, tt := range []struct{ name, page, want string }{
		{"server", base + "/?tokens=2B&itl=80", `<iframe src="` + base + `/embed?itl=80&amp;`},
		{"static build", static + "/", note + `<iframe src="https://your-energy-floor-site.example/energy/embed?itl=100&amp;`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, body, err := Get(tt.page)
			if err != nil || status != 200 {
				t.Fatalf("GET %s: %d, %v", tt.page, status, err)
			}
			m := regexp.MustCompile(`(?s)id="embed-snippet"[^>]*>\s*<code>(.*?)</code>`).FindStringSubmatch(body)
			if m == nil {
				t.Fatal("the page has no #embed-snippet")
			}
			if got := html.UnescapeString(m[1]); !strings.HasPrefix(got, tt.want) {
				t.Errorf("the snippet is\n%s\nwant it to start\n%s", got, tt.want)
			}
		})
	}
}
