package deflate

const (
	hashBits  = 16
	childMask = 2*windowSize - 1 // child slots outlive the window by a window, so a slot is never reused while reachable
)

// matches holds, for every position of a chunk, the matches worth
// considering there: lengths strictly increasing, each with the smallest
// distance the finder saw for it. A length between two listed ones is
// available at the distance of the next longer one.
type matches struct {
	index []uint32 // the matches at position i are [index[i], index[i+1])
	lens  []uint16
	dists []uint16
}

// findMatches runs a binary-tree match finder over buf and records the
// matches of every position from start on; positions before start are only
// history. The tree holds the window's strings in sorted order, each node
// older than its parent, so walking down from the newest string visits
// candidates with growing distance and yields, for each length, the nearest
// match within the search depth.
func findMatches(buf []byte, start, depth int) *matches {
	n := len(buf) - start
	m := &matches{index: make([]uint32, n+1), lens: make([]uint16, 0, n), dists: make([]uint16, 0, n)}
	head := make([]int32, 1<<hashBits) // position+1 of the newest string per hash, 0 for none
	child := make([]int32, 2*(childMask+1))
	skipUntil := 0
	for p := 0; p+minMatch <= len(buf); p++ {
		record := p >= start && p >= skipUntil
		if p >= start {
			m.index[p-start] = uint32(len(m.lens))
		}
		best := insert(buf, p, depth, head, child, m, record)
		if record && best == maxMatch {
			// Inside a maximal match every position has a maximal match too;
			// the parser would gain little from them.
			skipUntil = p + maxMatch
		}
	}
	for p := max(start, len(buf)-minMatch+1); p <= len(buf); p++ {
		m.index[p-start] = uint32(len(m.lens))
	}
	return m
}

// insert adds the string at p to the tree and, if record, appends its
// matches to m. It returns the longest match length found.
func insert(buf []byte, p, depth int, head, child []int32, m *matches, record bool) int {
	maxLen := min(maxMatch, len(buf)-p)
	h := (uint32(buf[p])<<16 | uint32(buf[p+1])<<8 | uint32(buf[p+2])) * 0x9E3779B1 >> (32 - hashBits)
	cur := int(head[h]) - 1
	head[h] = int32(p + 1)
	ltSlot := 2 * (p & childMask) // where the next node smaller than p's string goes
	gtSlot := ltSlot + 1          // where the next node greater than it goes
	ltLen, gtLen := 0, 0          // common prefix length of p with the last smaller and greater node
	best := minMatch - 1
	limit := p - windowSize
	for ; ; depth-- {
		if cur < 0 || cur < limit || depth == 0 {
			child[ltSlot] = 0
			child[gtSlot] = 0
			return best
		}
		l := min(ltLen, gtLen)
		if maxLen < maxMatch {
			// Near the end strings are cut short and the tree's order can
			// be off, so the known common prefix is not trusted there.
			l = 0
		}
		a, b := buf[cur:cur+maxLen], buf[p:p+maxLen]
		for l < maxLen && a[l] == b[l] {
			l++
		}
		if l > best {
			best = l
			if record {
				m.lens = append(m.lens, uint16(l))
				m.dists = append(m.dists, uint16(p-cur))
			}
		}
		node := 2 * (cur & childMask)
		if l == maxLen {
			// p's string replaces cur's in the tree.
			child[ltSlot] = child[node]
			child[gtSlot] = child[node+1]
			return best
		}
		if a[l] < b[l] {
			child[ltSlot] = int32(cur + 1)
			ltSlot = node + 1
			cur = int(child[node+1]) - 1
			ltLen = l
		} else {
			child[gtSlot] = int32(cur + 1)
			gtSlot = node
			cur = int(child[node]) - 1
			gtLen = l
		}
	}
}
