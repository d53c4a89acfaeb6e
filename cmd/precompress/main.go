// Command precompress writes brotli (.br) and gzip (.gz) copies of files, so a
// server or a static host can send them as they are, without compressing on
// every request.
//
// Usage:
//
//	precompress [-brotli-quality N] FILE...
//
// For each FILE it writes FILE.br (brotli, quality 11, or N: 0 to 11) and
// FILE.gz (gzip at its best compression, for the few clients without
// brotli) next to it and prints the three sizes. A lower quality is for
// builds no visitor downloads, such as a test's: quality 11 takes tens of
// seconds for app.wasm. A copy that already decompresses to FILE's bytes is
// left alone, so running it again after an unchanged build costs a
// decompression, not a compression.
package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/andybalholm/brotli"
)

func main() {
	quality := flag.Int("brotli-quality", brotli.BestCompression, "brotli `quality`, 0 (fastest) to 11 (smallest)")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: precompress [-brotli-quality N] FILE...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 || *quality < brotli.BestSpeed || *quality > brotli.BestCompression {
		flag.Usage()
		os.Exit(2)
	}
	encs := withBrotliQuality(*quality)
	for _, name := range flag.Args() {
		if err := precompress(name, encs, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "precompress:", err)
			os.Exit(1)
		}
	}
}

// encoding is one compressed form: its file suffix and its codec.
type encoding struct {
	suffix string
	writer func(w io.Writer) (io.WriteCloser, error)
	reader func(r io.Reader) (io.Reader, error)
}

// withBrotliQuality returns the encodings precompress writes: brotli at
// quality (with a 16 MB window) and gzip at its best compression.
func withBrotliQuality(quality int) []encoding {
	return []encoding{
		{
			suffix: ".br",
			writer: func(w io.Writer) (io.WriteCloser, error) {
				return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: quality, LGWin: 24}), nil
			},
			reader: func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
		},
		{
			suffix: ".gz",
			writer: func(w io.Writer) (io.WriteCloser, error) { return gzip.NewWriterLevel(w, gzip.BestCompression) },
			reader: func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
		},
	}
}

// compress returns raw compressed in the encoding.
func (enc encoding) compress(raw []byte) ([]byte, error) {
	var b bytes.Buffer
	w, err := enc.writer(&b)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(raw); err != nil {
		return nil, err
	}
	err = w.Close()
	return b.Bytes(), err
}

// precompress writes name.br and name.gz, in encs, unless they already
// hold name's bytes.
func precompress(name string, encs []encoding, out io.Writer) error {
	raw, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s: %d bytes", filepath.Base(name), len(raw))
	for _, enc := range encs {
		target := name + enc.suffix
		if !upToDate(target, raw, enc) {
			if err := write(target, raw, enc); err != nil {
				return err
			}
		}
		info, err := os.Stat(target)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, ", %s %d bytes", enc.suffix, info.Size())
	}
	fmt.Fprintln(out)
	return nil
}

// upToDate reports whether target exists and decompresses to raw.
func upToDate(target string, raw []byte, enc encoding) bool {
	f, err := os.Open(target)
	if err != nil {
		return false
	}
	defer f.Close()
	r, err := enc.reader(f)
	if err != nil {
		return false
	}
	got, err := io.ReadAll(r)
	return err == nil && bytes.Equal(got, raw)
}

// write compresses raw into target atomically: a failure leaves no partial
// file. The temporary file's name starts with a dot, so that go:embed (in
// package web) never picks one up, even one left by an interrupted run.
func write(target string, raw []byte, enc encoding) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	packed, err := enc.compress(raw)
	if err != nil {
		tmp.Close()
		return fmt.Errorf("compressing %s: %w", target, err)
	}
	_, werr := tmp.Write(packed)
	if err := errors.Join(werr, tmp.Close()); err != nil {
		return fmt.Errorf("writing %s: %w", target, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), target)
}
