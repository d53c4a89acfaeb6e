package server

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"
)

// Limits are the HTTP server's timeouts and caps.
type Limits struct {
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	// WriteTimeout bounds the time from reading a request to writing its
	// response. A response that states its length gets more: n bytes get
	// WriteTimeout plus n at MinWriteRate bytes a second, so that a slow
	// client that keeps reading gets the whole body (the uncompressed
	// app.wasm included) and one that stops is still cut in time.
	WriteTimeout time.Duration
	MinWriteRate int64
	IdleTimeout  time.Duration
	// MaxHeaderBytes caps a request's headers.
	MaxHeaderBytes int
	// ShutdownGrace is how long responses in flight get to finish when the
	// server stops; the connections of those still going are then closed.
	ShutdownGrace time.Duration
}

// DefaultLimits are the server's limits. Requests are small GETs; the
// headers leave room for a long permalink, far below net/http's 1 MB
// default.
var DefaultLimits = Limits{
	ReadHeaderTimeout: 10 * time.Second,
	ReadTimeout:       15 * time.Second,
	WriteTimeout:      60 * time.Second,
	MinWriteRate:      16 << 10,
	IdleTimeout:       120 * time.Second,
	MaxHeaderBytes:    256 << 10,
	ShutdownGrace:     10 * time.Second,
}

// newHTTPServer returns an http.Server for h with the limits lim, each
// response's write deadline sized to its body (see Limits.WriteTimeout).
// net/http's own answer to "OPTIONS *" (200 with no Allow) is off: h
// answers it, as every other request.
func newHTTPServer(h http.Handler, lim Limits) *http.Server {
	return &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h.ServeHTTP(&sizedWriter{ResponseWriter: w, lim: lim}, r)
		}),
		ReadHeaderTimeout:            lim.ReadHeaderTimeout,
		ReadTimeout:                  lim.ReadTimeout,
		WriteTimeout:                 lim.WriteTimeout,
		IdleTimeout:                  lim.IdleTimeout,
		MaxHeaderBytes:               lim.MaxHeaderBytes,
		DisableGeneralOptionsHandler: true,
		ErrorLog:                     log.New(log.Writer(), "http: ", log.LstdFlags),
	}
}

// sizedWriter moves a response's write deadline, when its status is
// written with a Content-Length of n bytes, to WriteTimeout plus n at
// MinWriteRate from then.
type sizedWriter struct {
	http.ResponseWriter
	lim         Limits
	wroteHeader bool
}

func (w *sizedWriter) WriteHeader(status int) {
	if !w.wroteHeader {
		w.wroteHeader = true
		if n, err := strconv.ParseInt(w.Header().Get("Content-Length"), 10, 64); err == nil && n > 0 && w.lim.MinWriteRate > 0 {
			d := w.lim.WriteTimeout + time.Duration(n)*time.Second/time.Duration(w.lim.MinWriteRate)
			// Without a connection deadline to set (such as in a test
			// recorder), WriteTimeout stands.
			_ = http.NewResponseController(w.ResponseWriter).SetWriteDeadline(time.Now().Add(d))
		}
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *sizedWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap gives http.ResponseController the connection's writer.
func (w *sizedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// ErrAddrInUse is returned by Listen when another process holds the address.
var ErrAddrInUse = errors.New("address already in use")

// Listen opens a TCP listener on addr, with a clear error when the port is
// taken.
func Listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		return nil, fmt.Errorf("cannot listen on %s: %w (is another server running there? choose another address: -addr, or make run ADDR=127.0.0.1:9000)", addr, ErrAddrInUse)
	}
	if err != nil {
		return nil, fmt.Errorf("listening on %s: %w", addr, err)
	}
	return ln, nil
}

// Serve serves h on ln with the limits lim until ctx is done, then stops:
// it stops accepting, gives the responses in flight lim.ShutdownGrace to
// finish, and closes the connections of those still going. A stop is a
// routine end: Serve then returns how many responses it closed (0 when all
// finished) and no error.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, lim Limits) (closed int, err error) {
	var inFlight atomic.Int64
	srv := newHTTPServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		inFlight.Add(1)
		defer inFlight.Add(-1)
		h.ServeHTTP(w, r)
	}), lim)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return 0, fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	grace, cancel := context.WithTimeout(context.Background(), lim.ShutdownGrace)
	defer cancel()
	err = srv.Shutdown(grace)
	if errors.Is(err, context.DeadlineExceeded) {
		closed = int(inFlight.Load())
		err = srv.Close()
	}
	if err != nil {
		return closed, fmt.Errorf("shutting down: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return closed, fmt.Errorf("serving: %w", err)
	}
	return closed, nil
}
