// Command datacompile compiles the ML.ENERGY Leaderboard's published files
// and CO2.js's grid intensities into Energy Floor's bundled dataset.
//
// Usage:
//
//	datacompile [-upstream DIR] [-grid FILE] [-out DIR]
//
// -upstream is the leaderboard's public/data folder (index.json and
// tasks/<task>.json; default ../shared/mlenergy-leaderboard/data); -grid is
// CO2.js's average-intensities.json (default
// ../shared/grid-intensity/average-intensities.json); -out is the folder to
// replace with the compiled dataset (default data/compiled). It prints the
// number of models and configurations per workload and of grid countries and
// regions. On bad input it prints the file, model and field at fault, exits
// with status 1 and leaves -out as it was. `make data` runs it. The
// derivation is documented in package energyfloor/data/compile.
package main

import (
	"flag"
	"fmt"
	"os"

	"energyfloor/data/compile"
)

func main() {
	upstream := flag.String("upstream", "../shared/mlenergy-leaderboard/data", "the leaderboard's public/data `folder`")
	grid := flag.String("grid", "../shared/grid-intensity/average-intensities.json", "CO2.js's average-intensities.json `file`")
	out := flag.String("out", "data/compiled", "the `folder` to write the compiled dataset to")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "datacompile: unexpected arguments %q\n", flag.Args())
		flag.Usage()
		os.Exit(2)
	}
	sum, err := compile.Compile(compile.Input{Upstream: *upstream, Grid: *grid}, *out, compile.Default)
	if err != nil {
		fmt.Fprintf(os.Stderr, "datacompile: %v\n", err)
		os.Exit(1)
	}
	for _, w := range sum.Workloads {
		fmt.Printf("%-16s %3d models %4d configurations\n", w.ID, w.Models, w.Configurations)
	}
	fmt.Printf("%-16s %3d countries and regions\n", "grid", sum.GridRows)
	fmt.Printf("wrote %s\n", *out)
}
