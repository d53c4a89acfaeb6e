package server

import (
	"container/list"
	"net/http"
	"sync"
)

// Bounds of the page cache: how many answers it keeps, and how many bytes
// (keys, headers and bodies) they may take together.
const (
	pageCacheSize  = 256
	pageCacheBytes = 32 << 20
)

// pageCache keeps the most recently used prerendered pages, whole answers
// (headers and body, compressed for one coding), by what a page depends on:
// its decoded state (ui.ReadPage), the origin its embed snippet names and
// the coding. A hit is the answer go-app and compression would have made
// again, without prerendering and compressing it on the path to the first
// paint. Queries that differ only in order, encoding or parameters the
// calculator does not read share one entry, so junk queries cannot evict the
// pages people use; and the bounds hold whatever is asked. Without a set
// Origin the origin comes from the request's Host, so requests with many
// Hosts can evict them: a public server sets Origin (-origin).
type pageCache struct {
	mu       sync.Mutex
	max      int                      // answers
	maxBytes int                      // bytes, by pageSize
	bytes    int                      // kept, by pageSize
	order    *list.List               // *cachedPage, most recently used first
	byKey    map[string]*list.Element // in order
	hits     int                      // for the tests
}

// cachedPage is one answer of status 200.
type cachedPage struct {
	key    string
	header http.Header
	body   []byte
	size   int // set by put: see pageSize
}

// pageSize is what p takes in memory, near enough: its key, headers and body.
func pageSize(p *cachedPage) int {
	n := len(p.key) + len(p.body)
	for k, vs := range p.header {
		n += len(k)
		for _, v := range vs {
			n += len(v)
		}
	}
	return n
}

func newPageCache(max, maxBytes int) *pageCache {
	return &pageCache{max: max, maxBytes: maxBytes, order: list.New(), byKey: map[string]*list.Element{}}
}

// get returns the answer kept under key, if any.
func (c *pageCache) get(key string) (*cachedPage, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	c.hits++
	return e.Value.(*cachedPage), true
}

// put keeps p, dropping the least recently used answers while the cache is
// over either bound. An answer larger than the byte bound is not kept.
func (c *pageCache) put(p *cachedPage) {
	p.size = pageSize(p)
	if p.size > c.maxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[p.key]; ok {
		c.bytes -= e.Value.(*cachedPage).size
		e.Value = p
		c.order.MoveToFront(e)
	} else {
		c.byKey[p.key] = c.order.PushFront(p)
	}
	c.bytes += p.size
	for c.order.Len() > c.max || c.bytes > c.maxBytes {
		oldest := c.order.Back()
		c.order.Remove(oldest)
		old := oldest.Value.(*cachedPage)
		delete(c.byKey, old.key)
		c.bytes -= old.size
	}
}
