module energyfloor

go 1.26.0

require (
	github.com/andybalholm/brotli v1.3.0
	github.com/chromedp/cdproto v0.160.1
	github.com/chromedp/chromedp v0.23.1
	github.com/goccy/go-json v0.12.0
	github.com/maxence-charriere/go-app/v10 v10.1.11
	github.com/shopspring/decimal v1.6.0
	golang.org/x/net v0.63.0
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/google/uuid v1.6.0 // indirect
)
