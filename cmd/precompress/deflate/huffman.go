package deflate

import (
	"math/bits"
	"slices"
)

// huffmanLengths sets lens[s] to the code length of symbol s in an optimal
// prefix code for freqs whose codes are at most maxBits long (0 for unused
// symbols). It uses package-merge, which is exact under the length limit.
// A lone used symbol gets length 1, so that every decoder accepts the code.
func huffmanLengths(freqs []uint32, maxBits int, lens []uint8) {
	clear(lens)
	type leaf struct {
		w   uint64
		sym int32
	}
	var leaves []leaf
	for s, f := range freqs {
		if f > 0 {
			leaves = append(leaves, leaf{uint64(f), int32(s)})
		}
	}
	n := len(leaves)
	switch n {
	case 0:
		return
	case 1:
		lens[leaves[0].sym] = 1
		return
	}
	slices.SortFunc(leaves, func(a, b leaf) int {
		if a.w != b.w {
			if a.w < b.w {
				return -1
			}
			return 1
		}
		return int(a.sym - b.sym)
	})

	// An item is a leaf (sym >= 0) or a package of items first and first+1
	// of the previous level's list (sym < 0).
	type item struct {
		w     uint64
		sym   int32
		first int32
	}
	levels := make([][]item, maxBits)
	first := make([]item, n)
	for i, l := range leaves {
		first[i] = item{l.w, l.sym, 0}
	}
	levels[0] = first
	for k := 1; k < maxBits; k++ {
		prev := levels[k-1]
		np := len(prev) / 2
		cur := make([]item, 0, n+np)
		li, pj := 0, 0
		for li < n || pj < np {
			if pj < np {
				pw := prev[2*pj].w + prev[2*pj+1].w
				if li >= n || pw < leaves[li].w {
					cur = append(cur, item{pw, -1, int32(2 * pj)})
					pj++
					continue
				}
			}
			cur = append(cur, item{leaves[li].w, leaves[li].sym, 0})
			li++
		}
		levels[k] = cur
	}
	type ref struct{ level, index int32 }
	var stack []ref
	for i := range 2*n - 2 {
		stack = append(stack, ref{int32(maxBits - 1), int32(i)})
	}
	for len(stack) > 0 {
		r := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		it := levels[r.level][r.index]
		if it.sym >= 0 {
			lens[it.sym]++
			continue
		}
		stack = append(stack, ref{r.level - 1, it.first}, ref{r.level - 1, it.first + 1})
	}
}

// canonicalCodes sets codes[s] to symbol s's canonical Huffman code for the
// lengths lens, bit-reversed so that the LSB-first bitWriter emits it MSB first.
func canonicalCodes(lens []uint8, codes []uint16) {
	var count [16]int
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [16]int
	code := 0
	for b := 1; b < 16; b++ {
		code = (code + count[b-1]) << 1
		next[b] = code
	}
	for s, l := range lens {
		if l > 0 {
			codes[s] = bits.Reverse16(uint16(next[l])) >> (16 - l)
			next[l]++
		} else {
			codes[s] = 0
		}
	}
}

// clSym is one symbol of the code-length alphabet with its extra-bits value.
type clSym struct{ sym, extra uint8 }

// clExtraBits is the number of extra bits of code-length symbols 16, 17, 18.
var clExtraBits = [19]uint8{16: 2, 17: 3, 18: 7}

// clOrder is the order in which the code-length code's lengths are sent.
var clOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// rleLengths run-length encodes code lengths with the code-length alphabet,
// using symbols 16 (repeat previous), 17 and 18 (runs of zeros) as allowed.
func rleLengths(lens []uint8, use16, use17, use18 bool) []clSym {
	var out []clSym
	for i := 0; i < len(lens); {
		v := lens[i]
		run := 1
		for i+run < len(lens) && lens[i+run] == v {
			run++
		}
		i += run
		if v == 0 {
			for use18 && run >= 11 {
				r := min(run, 138)
				out = append(out, clSym{18, uint8(r - 11)})
				run -= r
			}
			for use17 && run >= 3 {
				r := min(run, 10)
				out = append(out, clSym{17, uint8(r - 3)})
				run -= r
			}
		} else if use16 && run >= 4 {
			out = append(out, clSym{v, 0})
			run--
			for run >= 3 {
				r := min(run, 6)
				out = append(out, clSym{16, uint8(r - 3)})
				run -= r
			}
		}
		for ; run > 0; run-- {
			out = append(out, clSym{v, 0})
		}
	}
	return out
}

// dynHeader is the encoded description of a dynamic block's two codes.
type dynHeader struct {
	hlit, hdist, hclen int
	clLens             [19]uint8
	clCodes            [19]uint16
	syms               []clSym
	bits               int // size of the header after the 3 block-type bits
}

// makeHeader builds the cheapest header it finds for the given code lengths
// (286 literal/length and 30 distance lengths), trying every combination of
// the three run-length symbols.
func makeHeader(litLens, distLens []uint8) dynHeader {
	hlit := 286
	for hlit > 257 && litLens[hlit-1] == 0 {
		hlit--
	}
	hdist := 30
	for hdist > 1 && distLens[hdist-1] == 0 {
		hdist--
	}
	all := make([]uint8, 0, hlit+hdist)
	all = append(all, litLens[:hlit]...)
	all = append(all, distLens[:hdist]...)

	var best dynHeader
	best.bits = -1
	for flags := range 8 {
		syms := rleLengths(all, flags&1 != 0, flags&2 != 0, flags&4 != 0)
		var freqs [19]uint32
		for _, s := range syms {
			freqs[s.sym]++
		}
		var h dynHeader
		h.hlit, h.hdist, h.syms = hlit, hdist, syms
		huffmanLengths(freqs[:], 7, h.clLens[:])
		h.hclen = 19
		for h.hclen > 4 && h.clLens[clOrder[h.hclen-1]] == 0 {
			h.hclen--
		}
		h.bits = 5 + 5 + 4 + 3*h.hclen
		for s, f := range freqs {
			h.bits += int(f) * (int(h.clLens[s]) + int(clExtraBits[s]))
		}
		if best.bits < 0 || h.bits < best.bits {
			best = h
		}
	}
	canonicalCodes(best.clLens[:], best.clCodes[:])
	return best
}

// write emits the header (without the 3 block-type bits).
func (h *dynHeader) write(w *bitWriter) {
	w.writeBits(uint32(h.hlit-257), 5)
	w.writeBits(uint32(h.hdist-1), 5)
	w.writeBits(uint32(h.hclen-4), 4)
	for _, s := range clOrder[:h.hclen] {
		w.writeBits(uint32(h.clLens[s]), 3)
	}
	for _, s := range h.syms {
		w.writeBits(uint32(h.clCodes[s.sym]), uint(h.clLens[s.sym]))
		if n := clExtraBits[s.sym]; n > 0 {
			w.writeBits(uint32(s.extra), uint(n))
		}
	}
}
