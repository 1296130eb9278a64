"""Browser journeys: a few long stories in one browser per session, each step a function of
`tests/e2e/steps/` (one served site per journey where the steps' data agree)."""
