package server

import (
	"container/list"
	"net/http"
	"sync"
)

// pageCacheSize is how many answers pageCache keeps.
const pageCacheSize = 256

// pageCache keeps the most recently used prerendered pages, whole answers
// (headers and body, compressed for one coding), by request URI and coding.
// A page depends only on its URL for a given version, so a hit is the answer
// go-app and compression would have made again, without prerendering and
// compressing it on the path to the first paint.
type pageCache struct {
	mu    sync.Mutex
	max   int
	order *list.List               // *cachedPage, most recently used first
	byKey map[string]*list.Element // in order
	hits  int                      // for the tests
}

// cachedPage is one answer of status 200.
type cachedPage struct {
	key    string
	header http.Header
	body   []byte
}

func newPageCache(max int) *pageCache {
	return &pageCache{max: max, order: list.New(), byKey: map[string]*list.Element{}}
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

// put keeps p, dropping the least recently used answer when full.
func (c *pageCache) put(p *cachedPage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[p.key]; ok {
		e.Value = p
		c.order.MoveToFront(e)
		return
	}
	c.byKey[p.key] = c.order.PushFront(p)
	if c.order.Len() > c.max {
		oldest := c.order.Back()
		c.order.Remove(oldest)
		delete(c.byKey, oldest.Value.(*cachedPage).key)
	}
}
