//go:build ignore

// Icons draws Energy Floor's PNG icons into web/: icon-192.png, icon-512.png
// and icon-maskable-512.png (full-bleed background, artwork inside the central
// safe zone). It uses only the standard library. web/icon.svg is the same
// artwork by hand.
//
// Usage:
//
//	go run web/icons.go
package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
)

// The artwork in unit coordinates (0..1 across the icon): three bars of
// falling height standing on a floor line.
var shapes = []rect{
	{0.22, 0.30, 0.34, 0.66}, // bar
	{0.44, 0.42, 0.56, 0.66}, // bar
	{0.66, 0.54, 0.78, 0.66}, // bar
	{0.16, 0.71, 0.84, 0.78}, // floor
}

var (
	background = color.NRGBA{0x0b, 0x55, 0x63, 0xff} // the theme colour, #0b5563
	foreground = color.NRGBA{0xff, 0xff, 0xff, 0xff}
)

type rect struct{ x0, y0, x1, y1 float64 }

func (r rect) contains(x, y float64) bool { return x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1 }

func main() {
	icons := []struct {
		name     string
		size     int
		maskable bool
	}{
		{"icon-192.png", 192, false},
		{"icon-512.png", 512, false},
		{"icon-maskable-512.png", 512, true},
	}
	for _, ic := range icons {
		if err := write(filepath.Join("web", ic.name), draw(ic.size, ic.maskable)); err != nil {
			fmt.Fprintln(os.Stderr, "icons:", err)
			os.Exit(1)
		}
	}
}

// draw renders the icon with 4×4 supersampling. A regular icon is a rounded
// square with transparent corners; a maskable one fills the square and
// shrinks the artwork into the safe zone (the central circle of 80 %).
func draw(size int, maskable bool) *image.NRGBA {
	const samples = 4
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var inBg, inFg int
			for sy := 0; sy < samples; sy++ {
				for sx := 0; sx < samples; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/samples) / float64(size)
					y := (float64(py) + (float64(sy)+0.5)/samples) / float64(size)
					if maskable || inRoundedSquare(x, y, 0.18) {
						inBg++
					} else {
						continue
					}
					ax, ay := x, y
					if maskable { // scale the artwork by 0.75 about the centre
						ax, ay = 0.5+(x-0.5)/0.75, 0.5+(y-0.5)/0.75
					}
					for _, s := range shapes {
						if s.contains(ax, ay) {
							inFg++
							break
						}
					}
				}
			}
			n := samples * samples
			c := blend(background, foreground, float64(inFg)/float64(inBg+boolInt(inBg == 0)))
			c.A = uint8(255 * inBg / n)
			img.SetNRGBA(px, py, c)
		}
	}
	return img
}

func inRoundedSquare(x, y, r float64) bool {
	cx := clamp(x, r, 1-r)
	cy := clamp(y, r, 1-r)
	return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r
}

func clamp(v, lo, hi float64) float64 { return max(lo, min(hi, v)) }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func blend(a, b color.NRGBA, t float64) color.NRGBA {
	mix := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.NRGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

func write(name string, img image.Image) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("encoding %s: %w", name, err)
	}
	return f.Close()
}
