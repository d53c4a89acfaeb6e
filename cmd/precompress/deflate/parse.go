package deflate

import (
	"math"
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
func statsModel(lit *[286]float64, dist *[30]float64) *model {
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

func entropyBits(counts, bits []float64) {
	total := 0.0
	for _, c := range counts {
		total += c
	}
	logTotal := math.Log2(max(total, 1))
	for s, c := range counts {
		bits[s] = logTotal - math.Log2(max(c, 1))
	}
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
	for i, j := 0, len(bounds)-1; i < j; i, j = i+1, j-1 {
		bounds[i], bounds[j] = bounds[j], bounds[i]
	}
	return bounds
}

// Tuning of the splitter and the iterations, measured on a Go wasm binary.
var (
	splitGrid       = 512
	splitMaxCells   = 128
	headerBase      = 80.0
	headerPerSymbol = 4.0
	iterations      = 10
	searchDepth     = 100
)

// compress finds a good parse and block split for the chunk: it starts from
// the parse that is cheapest under the fixed code, then repeatedly splits the
// parse into blocks, prices symbols per block from their frequencies, and
// parses again, keeping the smallest result.
func (c *chunk) compress() (toks []token, bounds []int) {
	n := len(c.data)
	c.cost = make([]float64, n+1)
	c.chosenLen = make([]uint16, n+1)
	c.chosenDist = make([]uint16, n+1)
	cur := c.parse([]int{0, n}, []*model{fixedModel()})
	bestBits := math.MaxInt
	for it := 0; ; it++ {
		tb := c.split(cur)
		bits := 0
		pos := 0
		byteBounds := make([]int, len(tb))
		for k := 0; k+1 < len(tb); k++ {
			start := pos
			for _, t := range cur[tb[k]:tb[k+1]] {
				pos += tokenLen(t)
			}
			byteBounds[k+1] = pos
			bits += blockBits(cur[tb[k]:tb[k+1]], pos-start)
		}
		if bits < bestBits {
			bestBits, toks, bounds = bits, cur, tb
		}
		if it == iterations {
			return toks, bounds
		}
		models := make([]*model, len(tb)-1)
		for k := range models {
			var lit [286]float64
			var dist [30]float64
			for _, t := range cur[tb[k]:tb[k+1]] {
				if t.dist == 0 {
					lit[t.length]++
				} else {
					lit[257+int(lengthCode[t.length])]++
					dist[distCodeTable[t.dist]]++
				}
			}
			lit[256]++
			models[k] = statsModel(&lit, &dist)
		}
		cur = c.parse(byteBounds, models)
	}
}

func tokenLen(t token) int {
	if t.dist == 0 {
		return 1
	}
	return int(t.length)
}
