"""The steps of the browser journeys: each a story of its own, called by a journey with the
base URL of a served site and the session's browser; each builds its site with `served`."""
