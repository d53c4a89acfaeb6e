// Package deflate is a DEFLATE (RFC 1951) and gzip (RFC 1952) encoder that
// trades time for size, for files compressed once and downloaded many times.
//
// The method is the one zopfli made known. A binary-tree match finder lists,
// for every position, the longest match within the 32 KiB window and the
// nearest match of each shorter length. A shortest-path search over the
// positions then finds the parse that is cheapest under a cost model that
// prices every literal, length and distance in bits. The first model is the
// fixed Huffman code; each later one comes from the symbol frequencies of the
// previous parse, separately for each block, and the parse is searched again:
// a dozen rounds, the last few pricing by the blocks' actual Huffman code
// lengths rather than by entropy. Blocks are chosen after every parse by a
// dynamic program over a grid of candidate boundaries that minimises the
// blocks' entropy plus an estimate of their headers; each boundary is then
// moved token by token to its best place, and neighbours are joined where the
// exact size says one block beats two. Each block is finally sent stored,
// with the fixed code or with length-limited (package-merge) Huffman codes,
// whichever is smallest, its code lengths run-length coded the cheapest way.
//
// The input is cut into chunks compressed in parallel; each chunk can match
// into the 32 KiB before it, so little is lost. The output depends only on the
// input, not on the number of CPUs.
package deflate

import (
	"encoding/binary"
	"hash/crc32"
	"runtime"
	"sync"
	"sync/atomic"
)

const (
	windowSize = 1 << 15
	minMatch   = 3
	maxMatch   = 258
)

// chunkSize is the number of input bytes compressed independently.
var chunkSize = 1 << 20

// Gzip returns src compressed as a gzip member with no file name and no
// modification time.
func Gzip(src []byte) []byte {
	out := []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255} // XFL 2: best compression; OS unknown
	out = appendDeflate(out, src)
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(src))
	return binary.LittleEndian.AppendUint32(out, uint32(len(src)))
}

// Deflate returns src compressed as a raw DEFLATE stream.
func Deflate(src []byte) []byte {
	return appendDeflate(nil, src)
}

// chunkResult is a compressed chunk: its tokens and its blocks' boundaries
// (token indices).
type chunkResult struct {
	start, end int // the chunk's bytes in src
	toks       []token
	bounds     []int
}

func appendDeflate(dst, src []byte) []byte {
	n := max(1, (len(src)+chunkSize-1)/chunkSize)
	results := make([]chunkResult, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				results[i] = compressChunk(src, i*chunkSize, min(len(src), (i+1)*chunkSize))
			}
		})
	}
	wg.Wait()

	w := bitWriter{out: dst}
	for i, r := range results {
		pos := r.start
		for k := 0; k+1 < len(r.bounds); k++ {
			toks := r.toks[r.bounds[k]:r.bounds[k+1]]
			size := 0
			for _, t := range toks {
				size += tokenLen(t)
			}
			final := i == n-1 && k+2 == len(r.bounds)
			writeBlock(&w, toks, src[pos:pos+size], final)
			pos += size
		}
	}
	return w.finish()
}

func compressChunk(src []byte, start, end int) chunkResult {
	from := max(0, start-windowSize)
	buf := src[from:end]
	c := &chunk{data: src[start:end], m: findMatches(buf, start-from, searchDepth)}
	toks, bounds := c.compress()
	return chunkResult{start: start, end: end, toks: toks, bounds: bounds}
}
