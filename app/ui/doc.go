// Package ui holds Energy Floor's go-app UI: its components and routes. The
// wasm main (wasm/) and the server (cmd/server) both call Routes, so the server
// prerenders exactly what the browser shows.
//
// # Hooks
//
// The page's stable hooks for scripts, tests and embedders, by id. Each is
// kept: a rename breaks someone's script. TestHooksDocumented holds this
// list to the ids the pages render; the names web/boot.js and the server
// share with the UI are in names.go.
//
//   - inputs: #workload, #tokens-per-month, #requests-per-month,
//     #output-tokens, #itl-ms (and its slider #itl-range), #percentile, #gpu,
//     #model; #latency-s, the image and video workloads' batch latency target
//     in seconds, is a hidden control, neither shown nor sent, on the token
//     workloads the page draws; the <select> option values are the URL values; the form #inputs,
//     its field names the permalink's parameters, and its submit button
//     #calculate; under each number field, #<its id>-msg
//     (#tokens-per-month-msg) holds its hint, or its message when its value
//     is bad (class field-error);
//   - results: #energy-per-request and #energy-per-month, each with data-wh,
//     the value in Wh as a plain decimal number (when nothing meets the
//     target, the figures at the fastest configuration, as the CLI's -json
//     gives them; #results then has data-meets="no" and #relax carries
//     data-itl-ms); #energy-per-month also carries
//     elementtiming="energy-per-month"; #results[data-current] ("yes" when the
//     figures are for the values in the fields, "no" otherwise, when
//     #results-for says which inputs they are for; a copy prerendered for
//     another link, a static host's or the service worker's, is "no" until the
//     app runs; an edit makes it "no" at once, and only the app sets it back,
//     once it has drawn the figures for exactly the fields' values: see
//     current.go); #chosen-config (with data-row-id), #fleet, #spread, #caveat,
//     #citation; #modalities, the line comparing modalities (on a token
//     page "One image ≈ 69.7 of this page's answers at their floor …",
//     else "One image ≈ 55.6 default chat answers: …"; data-base holds the
//     latter without the selected image or video model's own comparison,
//     data-image-model, data-image-wh and data-image-target the reference
//     image); #quote-which, the line under the headline saying which figure
//     to quote and why, and #floor-range, the spread of floors across the
//     workload's models; with a grid intensity or a price, #energy-carbon,
//     #energy-cost, #traffic-carbon and #traffic-cost, each pair's carbon
//     (gCO2e, kgCO2e) and cost of its GPU energy, and when the footprint
//     counts them #energy-embodied, #traffic-embodied (manufacture, gCO2e,
//     kgCO2e), #energy-water and #traffic-water (water of its GPU energy,
//     mL, L), with data-per-request and data-per-month (plain decimals);
//     #model-hint, how to choose a model;
//   - at your traffic: #traffic-per-request and #traffic-per-month (data-wh,
//     plain decimals; empty, with #traffic-none, when nothing meets the
//     target), #traffic-config (data-row-id), #traffic-times-floor
//     (data-ratio), #traffic-next-step (data-from: the first monthly volume
//     above yours at which the figure at your traffic is lower, a plain
//     decimal, the start of a step of the volume chart; absent when it is the
//     floor already), #traffic-rate (data-tokens-per-second),
//     #traffic-utilisation (data-fraction), and #volume-chart with its table
//     #volume-table (rows carry data-row-id and data-from, the monthly volume
//     each step starts at);
//   - beyond the GPU: inputs #host-overhead, #idle-overhead, #pue,
//     #scope-preset, #grid, #gco2-per-kwh, #price-per-kwh, #currency (in the
//     page the server sends, #scope-preset-links and #footprint-preset-links,
//     shown without JavaScript: a link per preset that opens the page with
//     its values set); results
//     #estimate-per-request and #estimate-per-month (data-wh),
//     #carbon-per-request (data-g), #carbon-per-month (data-kg),
//     #cost-per-month (data-amount), #traffic-estimate-per-month (data-wh: the
//     floor at your traffic × the factors), #traffic-carbon-per-request
//     (data-g), #traffic-carbon-per-month (data-kg) and #traffic-cost-per-month
//     (data-amount): the same at your traffic, as the CLI's -json
//     results[].traffic.estimate; in the fold #footprint-inputs, inputs
//     #footprint-preset, #embodied-kg, #life-years, #server-kg, #wue,
//     #offsite-water; results #embodied-per-request (data-g),
//     #embodied-per-month (data-kg), #water-per-request (data-ml) and
//     #water-per-month (data-l), and the same at your traffic,
//     #traffic-embodied-per-request, #traffic-embodied-per-month,
//     #traffic-water-per-request and #traffic-water-per-month (-json's
//     embodied_g_per_request, embodied_kg_per_month, water_ml_per_request and
//     water_l_per_month of estimate and traffic.estimate);
//   - #published-figures, beside the statement, whose rows carry data-wh and
//     data-scope; with carbon (a grid intensity or manufacture) or water
//     set, #published-carbon and #published-water, the estimate's per
//     request (#published-carbon-ours, #published-water-ours) and the
//     published per prompt (#published-carbon-<id>, #published-water-<id>),
//     rows with data-g or data-ml; on an image or video page, where those
//     per-text-prompt figures are not shown, #published-text-only says so;
//   - #app-status: why the app is not running, when it cannot start or has
//     stopped after an error (#app-failed, with #app-retry after a failed
//     download, a stop, or an app.wasm of another version than the page,
//     which first reloads the page once by itself), and the update notice;
//     the install button #install sits in the page's header;
//   - #ranking-table (rows carry data-model, data-gpu and data-traffic-j, the
//     joules per output token at your traffic, empty when nothing meets the
//     target), #chart, #config-table (under the chart, folded:
//     every measured configuration of the selected model; rows carry
//     data-row-id, the floor's has class selected and the one at your
//     traffic class traffic; on an image or video page the batch latency,
//     joules and Wh per image or video cells carry data-s, data-j and
//     data-wh, plain decimals), #export-csv, #export-json (and
//     #export-failed, why the last download did not work),
//     #embed-snippet, #embed-script (the snippet's script that fits each
//     embed's frame to its height), #update-notice, #data-error;
//   - sections: #traffic, #beyond-gpu (its figures in #estimate), #ranking,
//     #tradeoff, #volume, #embed-this; the embed's inputs fold #inputs-fold
//     (right under the figures, its summary the line of inputs the figures
//     are for, ending with "Change"), its link to the full calculator
//     #open-full, and its line #starts-on-use, until its app starts; a
//     link that sets a factor gives the embed #beyond-gpu as one line per
//     factor, under the figures, with the same figures' hooks in #estimate
//     (#estimate-per-request, #estimate-per-month and
//     #traffic-estimate-per-month only when host, idle or PUE add energy),
//     but for the factors whose figures the cards' lines already give
//     (#energy-carbon, #traffic-water…: carbon, water and cost without
//     host, idle or PUE, and manufacture always), which it does not repeat,
//     and its factor fields as hidden inputs holding the link's values;
//   - quoting: #statement (the one sentence #statement-short, as
//     `energyfloor -statement -short` writes it, ending with the page's
//     absolute permalink #statement-short-link, and its button
//     #copy-statement-short; then, folded in #statement-full (a <details>),
//     the paragraph #statement-text, ending with
//     the permalink #statement-link, and its button #copy-statement; both
//     buttons disabled while #results[data-current="no"], with
//     #copy-statement-why saying why); #equivalents, whose rows restate the
//     figure at your traffic (else the floor), with #equivalents-floor, one
//     row for the floor when the figure at your traffic is over 1.5 times
//     it, in the unit of each equivalent's ladder that reads between about
//     1 and 10,000 (per 1,000 or per million requests where even its
//     smallest unit reads under 1 per request; a row under 0.1 is left out),
//     with the sources numbered under them, and carry data-of (the id of the
//     figure restated: traffic-per-request, traffic-per-month,
//     energy-per-request or energy-per-month),
//     data-requests (the requests the row is for: 1, 1000 or 1000000; 1 for
//     monthly rows), data-per-unit-wh (the Wh of one unit as shown),
//     data-count (the figure's data-wh × data-requests ÷ data-per-unit-wh,
//     unrounded plain decimal) and data-source (the source's URL);
//   - #figures-summary: the headline figures (the floor and the figure at
//     your traffic, per request and per month) at the top of the form, shown
//     where the results sit under the form (narrow screens) and
//     kept in view while the form is; it carries #energy-per-month's data-wh,
//     is struck through while #results[data-current="no"], and is hidden from
//     screen readers (aria-hidden), which read the figures in #results;
//   - #figures-summary-factors: under inputs with a grid, manufacture,
//     water or a price, the floor's and the traffic's factor lines
//     (floor.FactorLines) right after #figures-summary, shown with it, struck
//     through with it and hidden from screen readers too, but scrolling with
//     the form;
//   - #calculator[data-below="prerendered"]: the sections under the results,
//     and the results' published figures and equivalents, are still the
//     prerendered copies; [data-stale] marks (and the stylesheet hides) one
//     whose figures are for other inputs than the fields'.
package ui
