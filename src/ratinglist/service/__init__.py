"""Use cases: one public function per thing a user does, each owning its transaction.

Layer order (checked by `tests/test_layers.py`): `model` <- `formats`, `pairing`,
`standings`, `rating`, `registry`, `tournament` <- `store` (persistence only) <- `service`
<- `cli`, `web`. A service function takes plain values and an `Actor`, opens what it needs
from a `Store`, does its work in one transaction and returns frozen values; it never prints.

Modules by area: `service.tournaments`, `service.registry`, `service.rating_lists`,
`service.archive` (and later ones beside them). `service.actor` holds the shared `Actor`.
"""
