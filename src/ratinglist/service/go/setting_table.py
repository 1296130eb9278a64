"""The Go settings table the CLI options, the form fields and the API model are generated
from (`tournament.games.go.setting_table`)."""

from ratinglist.tournament.games.go.setting_table import GO_SETTINGS as GO_SETTINGS
from ratinglist.tournament.games.go.setting_table import SHORT as SHORT
from ratinglist.tournament.games.go.setting_table import GoSetting as GoSetting
