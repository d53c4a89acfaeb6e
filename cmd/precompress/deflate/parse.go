package deflate

import (
	"math"
	"slices"
)

// model is a cost model: the price in bits of each literal, of each match
// length (its symbol and extra bits) and of each distance code (likewise).
type model struct {
	lit    [256]float64
	length [maxMatch + 1]float64
	dist   [30]float64
}

// fixedModel prices symbols as the fixed Huffman code does.
func fixedModel() *model {
	return codeModel(fixedLitLens[:], fixedDistLens[:])
}

func codeModel(litLens, distLens []uint8) *model {
	m := new(model)
	for b := range m.lit {
		m.lit[b] = float64(litLens[b])
	}
	for l := minMatch; l <= maxMatch; l++ {
		c := lengthCode[l]
		m.length[l] = float64(litLens[257+int(c)]) + float64(lengthExtra[c])
	}
	for d := range m.dist {
		m.dist[d] = float64(distLens[d]) + float64(distExtra[d])
	}
	return m
}

// statsModel prices each symbol at its information content, -log2 of its
// frequency in the counts; an unseen symbol is priced as if seen once.
func statsModel(lit *[286]uint32, dist *[30]uint32) *model {
	var litBits [286]float64
	var distBits [30]float64
	entropyBits(lit[:], litBits[:])
	entropyBits(dist[:], distBits[:])
	m := new(model)
	copy(m.lit[:], litBits[:256])
	for l := minMatch; l <= maxMatch; l++ {
		c := lengthCode[l]
		m.length[l] = litBits[257+int(c)] + float64(lengthExtra[c])
	}
	for d := range m.dist {
		m.dist[d] = distBits[d] + float64(distExtra[d])
	}
	return m
}

func entropyBits(counts []uint32, bits []float64) {
	total := 0
	for _, c := range counts {
		total += int(c)
	}
	logTotal := math.Log2(float64(max(total, 1)))
	for s, c := range counts {
		bits[s] = logTotal - math.Log2(float64(max(c, 1)))
	}
}

// huffmanModel prices symbols at their lengths in the Huffman code for the
// counts, which is what a block with these counts will spend; an unseen
// symbol costs the longest length allowed.
func huffmanModel(lit *[286]uint32, dist *[30]uint32) *model {
	var litLens [286]uint8
	var distLens [30]uint8
	huffmanLengths(lit[:], 15, litLens[:])
	huffmanLengths(dist[:], 15, distLens[:])
	for _, lens := range [][]uint8{litLens[:], distLens[:]} {
		for s, l := range lens {
			if l == 0 {
				lens[s] = 15
			}
		}
	}
	return codeModel(litLens[:], distLens[:])
}

// chunk is the state of compressing one slice of the input.
type chunk struct {
	data []byte // the chunk's bytes; history precedes them in the matches
	m    *matches

	cost       []float64
	chosenLen  []uint16
	chosenDist []uint16
	xlogx      []float64 // xlogx[c] = c*log2(c), for block splitting
}

// parse returns the cheapest tokens for the chunk under the cost models:
// symbols starting in [bounds[b], bounds[b+1]) are priced by models[b]. It is
// a shortest path through the positions, edges being literals and matches.
func (c *chunk) parse(bounds []int, models []*model) []token {
	n := len(c.data)
	cost := c.cost[:n+1]
	for i := range cost {
		cost[i] = math.Inf(1)
	}
	cost[0] = 0
	chosenLen, chosenDist := c.chosenLen[:n+1], c.chosenDist[:n+1]
	index, lens, dists := c.m.index, c.m.lens, c.m.dists
	b := 0
	md := models[0]
	for i := range n {
		for i >= bounds[b+1] {
			b++
			md = models[b]
		}
		ci := cost[i]
		if v := ci + md.lit[c.data[i]]; v < cost[i+1] {
			cost[i+1] = v
			chosenLen[i+1] = 1
		}
		prev := minMatch - 1
		for k := index[i]; k < index[i+1]; k++ {
			top := int(lens[k])
			d := dists[k]
			base := ci + md.dist[distCodeTable[d]]
			ahead := cost[i : i+top+1]
			lenCost := md.length[:top+1]
			for l := prev + 1; l <= top; l++ {
				if v := base + lenCost[l]; v < ahead[l] {
					ahead[l] = v
					chosenLen[i+l] = uint16(l)
					chosenDist[i+l] = d
				}
			}
			prev = top
		}
	}
	count := 0
	for j := n; j > 0; j -= int(chosenLen[j]) {
		count++
	}
	toks := make([]token, count)
	for j := n; j > 0; j -= int(chosenLen[j]) {
		count--
		if l := chosenLen[j]; l == 1 {
			toks[count] = literal(c.data[j-1])
		} else {
			toks[count] = token{l, chosenDist[j]}
		}
	}
	return toks
}

const numSyms = 286 + 30 // literal/length then distance symbols, for splitting

// split chooses block boundaries for toks, as token indices from 0 to
// len(toks). Boundaries fall on a grid of splitGrid tokens; a dynamic
// program picks the set minimising the estimated size: each block's
// entropy plus a guess of its header.
func (c *chunk) split(toks []token) []int {
	m := len(toks)
	cells := (m + splitGrid - 1) / splitGrid
	if cells <= 1 {
		return []int{0, m}
	}
	pre := make([]uint32, (cells+1)*numSyms)
	for j := range cells {
		row := pre[(j+1)*numSyms : (j+2)*numSyms]
		copy(row, pre[j*numSyms:(j+1)*numSyms])
		for _, t := range toks[j*splitGrid : min(m, (j+1)*splitGrid)] {
			if t.dist == 0 {
				row[t.length]++
			} else {
				row[257+int(lengthCode[t.length])]++
				row[286+int(distCodeTable[t.dist])]++
			}
		}
	}
	if len(c.xlogx) < m+2 {
		c.xlogx = make([]float64, m+2)
		for i := 2; i < len(c.xlogx); i++ {
			c.xlogx[i] = float64(i) * math.Log2(float64(i))
		}
	}
	xlogx := c.xlogx
	segment := func(i, j int) float64 {
		a, b := pre[i*numSyms:(i+1)*numSyms], pre[j*numSyms:(j+1)*numSyms]
		litTotal, distTotal, used := 1, 0, 1 // the end-of-block symbol
		sum := 0.0
		for s := range 286 {
			if cnt := int(b[s] - a[s]); cnt > 0 {
				litTotal += cnt
				used++
				sum -= xlogx[cnt]
			}
		}
		for s := 286; s < numSyms; s++ {
			if cnt := int(b[s] - a[s]); cnt > 0 {
				distTotal += cnt
				used++
				sum -= xlogx[cnt]
			}
		}
		return sum + xlogx[litTotal] + xlogx[distTotal] + headerBase + headerPerSymbol*float64(used)
	}
	dp := make([]float64, cells+1)
	from := make([]int, cells+1)
	for j := 1; j <= cells; j++ {
		dp[j] = math.Inf(1)
		for i := max(0, j-splitMaxCells); i < j; i++ {
			if v := dp[i] + segment(i, j); v < dp[j] {
				dp[j] = v
				from[j] = i
			}
		}
	}
	var bounds []int
	for j := cells; j > 0; j = from[j] {
		bounds = append(bounds, min(m, j*splitGrid))
	}
	bounds = append(bounds, 0)
	slices.Reverse(bounds)
	for k := 1; k+1 < len(bounds); k++ {
		bounds[k] = c.refine(toks[bounds[k-1]:bounds[k+1]]) + bounds[k-1]
	}
	return bounds
}

// symbols returns the split alphabet's symbols of t: a literal/length symbol
// and, for a match, a distance symbol (else -1).
func symbols(t token) (int, int) {
	if t.dist == 0 {
		return int(t.length), -1
	}
	return 257 + int(lengthCode[t.length]), 286 + int(distCodeTable[t.dist])
}

// refine returns where, token by token, to cut toks into two blocks so that
// their estimated sizes add up to the least. Moving the cut by one token
// changes one or two counts, so every cut is priced in constant time.
func (c *chunk) refine(toks []token) int {
	xlogx := c.xlogx
	type side struct {
		counts              [numSyms]int
		sum                 float64 // sum of xlogx over the counts
		litTotal, distTotal int
		used                int
	}
	cost := func(s *side) float64 {
		return xlogx[s.litTotal] + xlogx[s.distTotal] - s.sum + headerBase + headerPerSymbol*float64(s.used)
	}
	add := func(s *side, sym, delta int) {
		if sym < 0 {
			return
		}
		old := s.counts[sym]
		s.counts[sym] = old + delta
		s.sum += xlogx[old+delta] - xlogx[old]
		if sym < 286 {
			s.litTotal += delta
		} else {
			s.distTotal += delta
		}
		if old == 0 {
			s.used++
		} else if old+delta == 0 {
			s.used--
		}
	}
	var left, right side
	left.litTotal, right.litTotal = 1, 1 // the end-of-block symbols
	left.used, right.used = 1, 1
	for _, t := range toks {
		a, b := symbols(t)
		add(&right, a, 1)
		add(&right, b, 1)
	}
	best, bestCost := 0, math.Inf(1)
	for i, t := range toks {
		if i > 0 {
			if v := cost(&left) + cost(&right); v < bestCost {
				best, bestCost = i, v
			}
		}
		a, b := symbols(t)
		add(&right, a, -1)
		add(&right, b, -1)
		add(&left, a, 1)
		add(&left, b, 1)
	}
	return best
}

// Tuning, measured on a 10 MB Go wasm binary: finer grids, deeper searches
// and more rounds each gained under 0.05% for much more time.
var (
	splitGrid       = 256  // tokens between candidate block boundaries
	splitMaxCells   = 128  // longest block the splitter considers, in grid cells
	headerBase      = 80.0 // estimated bits of a block header ...
	headerPerSymbol = 3.0  // ... plus these per symbol used
	iterations      = 12   // parse rounds after the first
	codeIterations  = 3    // of which the last price by Huffman code lengths
	searchDepth     = 200  // match finder: candidates visited per position
)

// compress finds a good parse and block split for the chunk: it starts from
// the parse that is cheapest under the fixed code, then repeatedly splits the
// parse into blocks, prices symbols per block from their frequencies, and
// parses again, keeping the smallest result. The last few rounds price by
// the blocks' Huffman code lengths instead of by entropy, which settles the
// parse on the codes that will actually be sent.
func (c *chunk) compress() (toks []token, bounds []int) {
	n := len(c.data)
	c.cost = make([]float64, n+1)
	c.chosenLen = make([]uint16, n+1)
	c.chosenDist = make([]uint16, n+1)
	cur := c.parse([]int{0, n}, []*model{fixedModel()})
	bestBits := math.MaxInt
	for it := 0; ; it++ {
		tb, bits := merge(cur, c.split(cur))
		byteBounds := make([]int, len(tb))
		for k := 0; k+1 < len(tb); k++ {
			byteBounds[k+1] = byteBounds[k] + bytesOf(cur[tb[k]:tb[k+1]])
		}
		if bits < bestBits {
			bestBits, toks, bounds = bits, cur, tb
		}
		if it == iterations {
			return toks, bounds
		}
		models := make([]*model, len(tb)-1)
		for k := range models {
			var lit [286]uint32
			var dist [30]uint32
			histogram(cur[tb[k]:tb[k+1]], &lit, &dist)
			if it < iterations-codeIterations {
				models[k] = statsModel(&lit, &dist)
			} else {
				models[k] = huffmanModel(&lit, &dist)
			}
		}
		cur = c.parse(byteBounds, models)
	}
}

// merge joins neighbouring blocks where one block is smaller, by the exact
// size, than two: the splitter's estimate of a header's cost is rough. It
// returns the new bounds and the total size in bits.
func merge(toks []token, bounds []int) ([]int, int) {
	out := []int{0}
	prev := blockBits(toks[:bounds[1]], bytesOf(toks[:bounds[1]]))
	total := 0
	for k := 2; k < len(bounds); k++ {
		last := out[len(out)-1]
		next := toks[bounds[k-1]:bounds[k]]
		nextBits := blockBits(next, bytesOf(next))
		joined := toks[last:bounds[k]]
		if bits := blockBits(joined, bytesOf(joined)); bits < prev+nextBits {
			prev = bits
			continue
		}
		out = append(out, bounds[k-1])
		total += prev
		prev = nextBits
	}
	return append(out, len(toks)), total + prev
}

func bytesOf(toks []token) int {
	n := 0
	for _, t := range toks {
		n += tokenLen(t)
	}
	return n
}

func tokenLen(t token) int {
	if t.dist == 0 {
		return 1
	}
	return int(t.length)
}
