package ui

import (
	"energyfloor/app/link"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// noticeList lists what was wrong with the URL the page was opened with
// (#notices), as text only; nil when all was well.
func noticeList(notices []link.Notice) app.UI {
	if len(notices) == 0 {
		return nil
	}
	return app.Div().ID("notices").Class("notice").Role("status").Body(
		app.P().Text("Some parameters in this link could not be used as they are:"),
		app.Ul().Body(app.Range(notices).Slice(func(i int) app.UI {
			return app.Li().Text(string(notices[i]))
		})),
	)
}

// versionNote shows the notice that a link was made with another data
// version (link.State.VersionNotice); nil when there is none.
func versionNote(notice link.Notice) app.UI {
	if notice == "" {
		return nil
	}
	return app.P().ID("version-notice").Class("notice").Role("status").Text(string(notice))
}
