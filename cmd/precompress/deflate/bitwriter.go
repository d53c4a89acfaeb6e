package deflate

// bitWriter appends bits to a byte slice least significant bit first, the
// order DEFLATE packs everything but Huffman codes (which callers reverse).
type bitWriter struct {
	out  []byte
	acc  uint64 // pending bits, the oldest in the low end
	nacc uint   // number of pending bits, < 32 between calls
}

// writeBits appends the n low bits of v; n is at most 32.
func (w *bitWriter) writeBits(v uint32, n uint) {
	w.acc |= uint64(v) << w.nacc
	w.nacc += n
	if w.nacc >= 32 {
		w.out = append(w.out, byte(w.acc), byte(w.acc>>8), byte(w.acc>>16), byte(w.acc>>24))
		w.acc >>= 32
		w.nacc -= 32
	}
}

// alignToByte pads with zero bits up to the next byte boundary.
func (w *bitWriter) alignToByte() {
	w.writeBits(0, (8-w.nacc%8)%8)
	w.flushBytes()
}

// flushBytes moves every whole pending byte to out.
func (w *bitWriter) flushBytes() {
	for w.nacc >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.nacc -= 8
	}
}

// finish pads the last byte with zero bits and returns the bytes.
func (w *bitWriter) finish() []byte {
	w.alignToByte()
	return w.out
}
