package deflate

// token is one LZ77 symbol: a literal byte (dist 0, the byte in length) or
// a match of length bytes at distance dist.
type token struct{ length, dist uint16 }

func literal(b byte) token { return token{uint16(b), 0} }

// The DEFLATE length and distance codes: base value and extra bits per code.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

// lengthCode[l] is the length code (0..28, symbol 257+code) of match length l;
// distCodeTable[d] the distance code of distance d.
var (
	lengthCode    [maxMatch + 1]uint8
	distCodeTable [windowSize + 1]uint8
	fixedLitLens  [288]uint8 // all 288, or the canonical codes come out wrong
	fixedDistLens [30]uint8
)

// fillCodes sets table[v] to the code c with base[c] ≤ v < base[c+1], the
// last code reaching to the end of table.
func fillCodes(table []uint8, base []uint16) {
	for c := range base {
		end := len(table)
		if c+1 < len(base) {
			end = int(base[c+1])
		}
		for v := int(base[c]); v < end; v++ {
			table[v] = uint8(c)
		}
	}
}

func init() {
	fillCodes(lengthCode[:], lengthBase[:])
	lengthCode[maxMatch] = 28 // 258 has its own code, not 227+31 under code 27
	fillCodes(distCodeTable[:], distBase[:])
	for s := range fixedLitLens {
		switch {
		case s < 144:
			fixedLitLens[s] = 8
		case s < 256:
			fixedLitLens[s] = 9
		case s < 280:
			fixedLitLens[s] = 7
		default:
			fixedLitLens[s] = 8
		}
	}
	for d := range fixedDistLens {
		fixedDistLens[d] = 5
	}
}

// histogram counts the literal/length and distance symbols of toks, plus one
// end-of-block symbol.
func histogram(toks []token, lit *[286]uint32, dist *[30]uint32) {
	for _, t := range toks {
		if t.dist == 0 {
			lit[t.length]++
		} else {
			lit[257+int(lengthCode[t.length])]++
			dist[distCodeTable[t.dist]]++
		}
	}
	lit[256]++
}

// dataBits is the size in bits of the symbols counted in lit and dist under
// the given code lengths, extra bits included.
func dataBits(lit *[286]uint32, dist *[30]uint32, litLens, distLens []uint8) int {
	n := 0
	for s, f := range lit {
		n += int(f) * int(litLens[s])
		if s > 256 {
			n += int(f) * int(lengthExtra[s-257])
		}
	}
	for d, f := range dist {
		n += int(f) * (int(distLens[d]) + int(distExtra[d]))
	}
	return n
}

// storedBits is the size of raw bytes sent as stored blocks when the writer
// is pending bits into its current byte.
func storedBits(n int, pending uint) int {
	bits := 0
	for first := true; first || n > 0; first = false {
		size := min(n, 0xffff)
		bits += 3 + int((8-(pending+3)%8)%8) + 32 + 8*size
		pending = 0
		n -= size
	}
	return bits
}

// blockPlan is a block's encoding: the cheapest of stored, fixed and dynamic.
type blockPlan struct {
	kind              int // 0 stored, 1 fixed, 2 dynamic
	bits              int
	litLens, distLens []uint8
	header            dynHeader
}

// planBlock picks the cheapest encoding of toks, which decode to raw, when the
// writer has pending bits in its current byte.
func planBlock(toks []token, raw []byte, pending uint) blockPlan {
	var lit [286]uint32
	var dist [30]uint32
	histogram(toks, &lit, &dist)
	litLens := make([]uint8, 286)
	distLens := make([]uint8, 30)
	huffmanLengths(lit[:], 15, litLens)
	huffmanLengths(dist[:], 15, distLens)
	if distLens[0] == 0 && allZero(distLens) {
		distLens[0] = 1 // one unused code keeps strict decoders happy
	}
	h := makeHeader(litLens, distLens)
	p := blockPlan{kind: 2, bits: 3 + h.bits + dataBits(&lit, &dist, litLens, distLens), litLens: litLens, distLens: distLens, header: h}
	if fixed := 3 + dataBits(&lit, &dist, fixedLitLens[:], fixedDistLens[:]); fixed <= p.bits {
		p = blockPlan{kind: 1, bits: fixed, litLens: fixedLitLens[:], distLens: fixedDistLens[:]}
	}
	if stored := storedBits(len(raw), pending); stored < p.bits {
		p = blockPlan{kind: 0, bits: stored}
	}
	return p
}

func allZero(b []uint8) bool {
	for _, v := range b {
		if v != 0 {
			return false
		}
	}
	return true
}

// blockBits is the size of the cheapest encoding of toks (decoding to n
// bytes), assuming the worst byte alignment for a stored block.
func blockBits(toks []token, n int) int {
	var lit [286]uint32
	var dist [30]uint32
	histogram(toks, &lit, &dist)
	var litLens [286]uint8
	var distLens [30]uint8
	huffmanLengths(lit[:], 15, litLens[:])
	huffmanLengths(dist[:], 15, distLens[:])
	if allZero(distLens[:]) {
		distLens[0] = 1
	}
	h := makeHeader(litLens[:], distLens[:])
	bits := 3 + h.bits + dataBits(&lit, &dist, litLens[:], distLens[:])
	bits = min(bits, 3+dataBits(&lit, &dist, fixedLitLens[:], fixedDistLens[:]))
	return min(bits, storedBits(n, 4))
}

// writeBlock writes toks, which decode to raw, as one block (or, if stored
// wins, as many stored blocks as raw's length needs). final sets BFINAL on
// the last block written.
func writeBlock(w *bitWriter, toks []token, raw []byte, final bool) {
	p := planBlock(toks, raw, w.nacc%8)
	bfinal := uint32(0)
	if final {
		bfinal = 1
	}
	if p.kind == 0 {
		for first := true; first || len(raw) > 0; first = false {
			size := min(len(raw), 0xffff)
			last := uint32(0)
			if size == len(raw) {
				last = bfinal
			}
			w.writeBits(last, 3)
			w.alignToByte()
			w.writeBits(uint32(size)|uint32(^uint16(size))<<16, 32)
			w.flushBytes()
			w.out = append(w.out, raw[:size]...)
			raw = raw[size:]
		}
		return
	}
	w.writeBits(bfinal|uint32(p.kind)<<1, 3)
	if p.kind == 2 {
		p.header.write(w)
	}
	litCodes := make([]uint16, len(p.litLens))
	distCodes := make([]uint16, len(p.distLens))
	canonicalCodes(p.litLens, litCodes)
	canonicalCodes(p.distLens, distCodes)
	for _, t := range toks {
		if t.dist == 0 {
			w.writeBits(uint32(litCodes[t.length]), uint(p.litLens[t.length]))
			continue
		}
		lc := lengthCode[t.length]
		w.writeBits(uint32(litCodes[257+int(lc)]), uint(p.litLens[257+int(lc)]))
		w.writeBits(uint32(t.length-lengthBase[lc]), uint(lengthExtra[lc]))
		dc := distCodeTable[t.dist]
		w.writeBits(uint32(distCodes[dc]), uint(p.distLens[dc]))
		w.writeBits(uint32(t.dist-distBase[dc]), uint(distExtra[dc]))
	}
	w.writeBits(uint32(litCodes[256]), uint(p.litLens[256]))
}
