package e2e

import (
	"strings"

	"golang.org/x/net/html"
)

// What a reader changes on a page that no link holds, and that stays when
// the reader follows a link within the running app: which folds are open,
// a table's sort, a pressed button. The page's own prerender for a link is
// how a fresh start of the app shows it (the take-over keeps it). liveApp
// compares the two before it hands a running app to another test.

// uiStateJS returns the UI state (uiStateOf) of the page in the browser.
const uiStateJS = `(() => {
	const uiStateSel = "details, [aria-sort], [aria-pressed], [aria-expanded]";
	const out = [];
	const root = document.getElementById("calculator");
	if (!root) return out;
	for (const e of root.querySelectorAll(uiStateSel)) {
		if (e.parentElement.closest("details:not([open])")) continue;
		const name = e.localName + (e.id ? "#" + e.id : "") + (e.className ? "." + e.className.trim().split(/\s+/).join(".") : "");
		if (e.localName === "details") out.push(name + " open=" + e.open);
		for (const a of ["aria-sort", "aria-pressed", "aria-expanded"]) {
			if (e.hasAttribute(a)) out.push(name + " " + a + "=" + e.getAttribute(a));
		}
	}
	return out;
})()`

// uiStateOf returns, for the parsed page doc, each fold's open state and
// each element's aria-sort, aria-pressed and aria-expanded, in document
// order inside #calculator, as uiStateJS reads them: but not inside a
// closed fold, whose content the live app may draw only once it opens.
func uiStateOf(doc *html.Node) []string {
	var root *html.Node
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && attrOf(n, "id") == "calculator" {
			root = n
			break
		}
	}
	out := []string{}
	if root == nil {
		return out
	}
	for n := range root.Descendants() {
		if n.Type != html.ElementNode || inClosedFold(n, root) {
			continue
		}
		name := n.Data
		if id := attrOf(n, "id"); id != "" {
			name += "#" + id
		}
		if class := strings.Fields(attrOf(n, "class")); len(class) > 0 {
			name += "." + strings.Join(class, ".")
		}
		if n.Data == "details" {
			_, open := attrPresent(n, "open")
			out = append(out, name+" open="+map[bool]string{true: "true", false: "false"}[open])
		}
		for _, a := range []string{"aria-sort", "aria-pressed", "aria-expanded"} {
			if v, ok := attrPresent(n, a); ok {
				out = append(out, name+" "+a+"="+v)
			}
		}
	}
	return out
}

// inClosedFold reports whether n lies inside a closed details element
// inside root.
func inClosedFold(n, root *html.Node) bool {
	for a := n.Parent; a != nil && a != root; a = a.Parent {
		if _, open := attrPresent(a, "open"); a.Type == html.ElementNode && a.Data == "details" && !open {
			return true
		}
	}
	return false
}
