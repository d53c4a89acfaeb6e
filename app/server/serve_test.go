package server

import (
	"bufio"
	"context"
	"crypto/rand"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"energyfloor/data"
)

// serveOn serves h on 127.0.0.1 with the limits lim, through wrap (which
// may change the listener), and returns the base URL and a stop function
// that cancels the server and returns what Serve returned.
func serveOn(t *testing.T, h http.Handler, lim Limits, wrap func(net.Listener) net.Listener) (base string, stop func() (int, error)) {
	t.Helper()
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if wrap != nil {
		ln = wrap(ln)
	}
	ctx, cancel := context.WithCancel(context.Background())
	type result struct {
		closed int
		err    error
	}
	done := make(chan result, 1)
	go func() { closed, err := Serve(ctx, ln, h, lim); done <- result{closed, err} }()
	stopped := false
	stop = func() (int, error) {
		stopped = true
		cancel()
		r := <-done
		return r.closed, r.err
	}
	t.Cleanup(func() {
		if !stopped {
			stop()
		}
	})
	return "http://" + ln.Addr().String(), stop
}

// smallBuffers gives each accepted connection a small send buffer, and
// smallReceiveBuffer a client connection a small receive buffer, so that a
// slow reader on loopback slows the writer down within kilobytes rather
// than the megabytes the kernel would otherwise buffer.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(16 << 10)
	}
	return c, err
}

func smallReceiveBuffer(_, _ string, c syscall.RawConn) error {
	var err error
	if cerr := c.Control(func(fd uintptr) {
		err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 16<<10)
	}); cerr != nil {
		return cerr
	}
	return err
}

// slowClient returns a client whose connections have small receive buffers.
func slowClient(t *testing.T) *http.Client {
	tr := &http.Transport{DialContext: (&net.Dialer{Control: smallReceiveBuffer}).DialContext, DisableCompression: true}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}

// bigWasmSite returns a Site whose app.wasm is 1 MiB, half of it random.
func bigWasmSite(t *testing.T) (*Site, int) {
	t.Helper()
	wasm := make([]byte, 1<<20)
	rand.Read(wasm[:len(wasm)/2])
	s, err := New(testAssets(t, wasm), data.Files())
	if err != nil {
		t.Fatal(err)
	}
	return s, len(wasm)
}

// getWasm asks for the uncompressed app.wasm, and reads it after wait, in
// 16 KiB reads pause apart. It returns the bytes read, the error that ended
// the reading (nil at the end of the body) and how long it took.
func getWasm(t *testing.T, client *http.Client, base string, wait, pause time.Duration) (int, error, time.Duration) {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/web/app.wasm", nil)
	req.Header.Set("Accept-Encoding", "identity")
	t0 := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "" {
		t.Fatalf("status %d, Content-Encoding %q", resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
	time.Sleep(wait)
	buf := make([]byte, 16<<10)
	n := 0
	for {
		k, err := resp.Body.Read(buf)
		n += k
		if err == io.EOF {
			return n, nil, time.Since(t0)
		}
		if err != nil {
			return n, err, time.Since(t0)
		}
		time.Sleep(pause)
	}
}

// TestSlowClientGetsTheWholeBody reads the uncompressed app.wasm (1 MiB)
// at under 800 KiB/s, past the write timeout (300 ms): the write deadline,
// sized to the body (300 ms + 1 MiB at 256 KiB/s = 4.3 s), lets it finish.
func TestSlowClientGetsTheWholeBody(t *testing.T) {
	s, size := bigWasmSite(t)
	lim := DefaultLimits
	lim.WriteTimeout, lim.MinWriteRate = 300*time.Millisecond, 256<<10
	base, _ := serveOn(t, s, lim, func(l net.Listener) net.Listener { return smallBuffers{l} })
	n, err, took := getWasm(t, slowClient(t), base, 0, 20*time.Millisecond)
	if err != nil || n != size {
		t.Fatalf("the client got %d of %d bytes in %v: %v", n, size, took, err)
	}
	if took <= lim.WriteTimeout {
		t.Fatalf("the client read it all in %v, within the write timeout: the test shows nothing", took)
	}
}

// TestStalledClientIsCut checks that a client that stops reading is still
// cut: with 200 ms + 1 MiB at 8 MiB/s (325 ms) to write the body, a client
// that waits a second before reading gets only what the kernel buffered.
func TestStalledClientIsCut(t *testing.T) {
	s, size := bigWasmSite(t)
	lim := DefaultLimits
	lim.WriteTimeout, lim.MinWriteRate = 200*time.Millisecond, 8<<20
	base, _ := serveOn(t, s, lim, func(l net.Listener) net.Listener { return smallBuffers{l} })
	n, err, took := getWasm(t, slowClient(t), base, time.Second, 0)
	if err == nil || n >= size {
		t.Fatalf("the client got %d of %d bytes in %v (error %v), want it cut", n, size, took, err)
	}
}

func TestWriteDeadlineSizedToTheBody(t *testing.T) {
	lim := Limits{WriteTimeout: time.Minute, MinWriteRate: 16 << 10}
	tests := []struct {
		name          string
		contentLength string
		want          time.Duration // beyond now; 0 for none set
	}{
		{"the uncompressed app.wasm, 10.2 MB", "10200000", time.Minute + 10200000*time.Second/(16<<10)},
		{"one byte", "1", time.Minute + time.Second/(16<<10)},
		{"no Content-Length", "", 0},
		{"empty", "0", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &deadlineRecorder{ResponseWriter: httptest.NewRecorder()}
			w := &sizedWriter{ResponseWriter: rec, lim: lim}
			if tt.contentLength != "" {
				w.Header().Set("Content-Length", tt.contentLength)
			}
			t0 := time.Now()
			w.WriteHeader(http.StatusOK)
			if tt.want == 0 {
				if !rec.deadline.IsZero() {
					t.Errorf("deadline set to %v from now, want none", rec.deadline.Sub(t0))
				}
				return
			}
			if got := rec.deadline.Sub(t0); got < tt.want || got > tt.want+time.Second {
				t.Errorf("deadline %v from now, want %v", got, tt.want)
			}
		})
	}
}

// deadlineRecorder records the write deadline http.ResponseController sets.
type deadlineRecorder struct {
	http.ResponseWriter
	deadline time.Time
}

func (r *deadlineRecorder) SetWriteDeadline(t time.Time) error { r.deadline = t; return nil }

// TestShutdownClosesWhatOutlastsTheGrace stops the server while a response
// is still being sent: Serve waits the grace period, closes it, and
// reports a routine stop.
func TestShutdownClosesWhatOutlastsTheGrace(t *testing.T) {
	sending := make(chan struct{})
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "the first part of a long download")
		http.NewResponseController(w).Flush()
		close(sending)
		<-r.Context().Done() // the rest never comes
	})
	lim := DefaultLimits
	lim.ShutdownGrace = 300 * time.Millisecond
	base, stop := serveOn(t, slow, lim, nil)
	client := &http.Client{Timeout: 10 * time.Second} // a failure must not hang the test
	resp, err := client.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	<-sending
	t0 := time.Now()
	closed, err := stop()
	took := time.Since(t0)
	if err != nil || closed != 1 {
		t.Errorf("Serve returned %d closed, %v; want 1 closed and no error: a stop is routine", closed, err)
	}
	if took < lim.ShutdownGrace || took > lim.ShutdownGrace+2*time.Second {
		t.Errorf("Serve returned %v after the stop, want the grace period, %v", took, lim.ShutdownGrace)
	}
	if b, err := io.ReadAll(resp.Body); err == nil || time.Since(t0) > lim.ShutdownGrace+2*time.Second {
		t.Errorf("the client read %q, then %v, %v after the stop: want the response cut at the grace period", b, err, time.Since(t0))
	}
}

// TestAnswersOutsideTheHandler sends raw requests on 127.0.0.1: "OPTIONS *"
// reaches the Site (405, Allow and the security headers), and the answers
// net/http writes itself, before a request reaches any handler, are the
// ones the README and the package doc list as lacking the security headers.
func TestAnswersOutsideTheHandler(t *testing.T) {
	s := newTestSite(t)
	base, _ := serveOn(t, s, DefaultLimits, nil)
	addr := strings.TrimPrefix(base, "http://")
	tests := []struct {
		name, request string
		wantStatus    int
		wantHeaders   bool // the security headers
	}{
		{"OPTIONS *", "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", http.StatusMethodNotAllowed, true},
		{"a page", "GET / HTTP/1.1\r\nHost: x\r\n\r\n", http.StatusOK, true},
		{"net/http: a malformed Host", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n", http.StatusBadRequest, false},
		{"net/http: no Host", "GET / HTTP/1.1\r\n\r\n", http.StatusBadRequest, false},
		{"net/http: a malformed request line", "GET /\r\nHost: x\r\n\r\n", http.StatusBadRequest, false},
		{"net/http: an Expect other than 100-continue", "GET / HTTP/1.1\r\nHost: x\r\nExpect: tea\r\n\r\n", http.StatusExpectationFailed, false},
		{"net/http: headers over 256 KiB", "GET / HTTP/1.1\r\nHost: x\r\nX: " + strings.Repeat("x", 300<<10) + "\r\n\r\n", http.StatusRequestHeaderFieldsTooLarge, false},
		{"net/http: an unknown Transfer-Encoding", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: zip\r\n\r\n", http.StatusNotImplemented, false},
		{"net/http: HTTP/3.0", "GET / HTTP/3.0\r\nHost: x\r\n\r\n", http.StatusHTTPVersionNotSupported, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(10 * time.Second))
			go io.WriteString(conn, tt.request) // the server may answer before it has read it all
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.wantStatus {
				t.Errorf("status %d, want %d", resp.StatusCode, tt.wantStatus)
			}
			for k, want := range s.headers {
				got := resp.Header.Get(k)
				if tt.wantHeaders && got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
				if !tt.wantHeaders && got != "" {
					t.Errorf("%s = %q: net/http now sends the security headers; update the README and the package doc", k, got)
				}
			}
			if tt.wantStatus == http.StatusMethodNotAllowed && resp.Header.Get("Allow") != "GET, HEAD" {
				t.Errorf("Allow = %q, want GET, HEAD", resp.Header.Get("Allow"))
			}
		})
	}
}
