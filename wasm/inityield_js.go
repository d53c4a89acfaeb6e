package main

// Go's initialisation runs in two main-thread tasks (see package inityield).
// The import is here, in a file built only for the browser, as the package
// exists only there.
import _ "energyfloor/wasm/inityield"
