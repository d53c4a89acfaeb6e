package server

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"syscall"
	"time"
)

// Limits of the HTTP server. Requests are small GETs; the largest response is
// app.wasm sent uncompressed (about 9 MB), which WriteTimeout leaves room for
// on a slow link.
const (
	ReadHeaderTimeout = 10 * time.Second
	ReadTimeout       = 15 * time.Second
	WriteTimeout      = 60 * time.Second
	IdleTimeout       = 120 * time.Second
	MaxHeaderBytes    = 256 << 10 // room for a long permalink, far below net/http's 1 MB default
	ShutdownTimeout   = 10 * time.Second
)

// NewHTTPServer returns an http.Server for h with the timeouts and the
// header cap above.
func NewHTTPServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout:       ReadTimeout,
		WriteTimeout:      WriteTimeout,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
		ErrorLog:          log.New(log.Writer(), "http: ", log.LstdFlags),
	}
}

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

// Serve serves h on ln until ctx is done, then shuts down gracefully: it
// stops accepting, lets requests in flight finish (up to ShutdownTimeout)
// and returns nil.
func Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	srv := NewHTTPServer(h)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serving: %w", err)
	}
	return nil
}
