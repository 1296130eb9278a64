"""Password hashes: production cost outside the tests, the cheap test setting inside them.

The suite hashes with cheap argon2 parameters (`CHEAP_HASHES`, set by tests/conftest.py); this
file keeps one check of the production parameters: argon2id with RFC 9106's second recommended
parameter set (section 4: 64 MiB of memory, 3 passes, 4 lanes), as a stored hash records them.
"""

from __future__ import annotations

import pytest

from ratinglist.errors import AccountError
from ratinglist.service import accounts
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.store import Store
from ratinglist.store import accounts as stored

RFC_9106_SECOND = "$argon2id$v=19$m=65536,t=3,p=4$"
"""The prefix of an argon2 hash made with RFC 9106's second recommended parameters."""
ADMIN = Actor(ActorKind.CLI, "test")


def _stored_hash(db: Store, name: str) -> str:
    with db.connect() as conn:
        found = stored.find_account(conn, name)
    assert found is not None
    return found.password_hash


def test_production_hashes_carry_rfc_9106_parameters_and_verify(
    production_hasher: None, store: Store
) -> None:
    accounts.add_user(store, "officer", "correct horse", ADMIN)
    assert _stored_hash(store, "officer").startswith(RFC_9106_SECOND)
    assert accounts.sign_in(store, "officer", "correct horse", "10.0.0.1").account.name == "officer"
    with pytest.raises(AccountError, match="expected a known user name and its password"):
        accounts.sign_in(store, "officer", "wrong horse", "10.0.0.1")


def test_the_suite_hashes_cheaply_and_still_verifies(store: Store) -> None:
    accounts.add_user(store, "director", "correct horse", ADMIN)
    digest = _stored_hash(store, "director")
    assert digest.startswith("$argon2id$v=19$m=8,t=1,p=1$")
    assert accounts.sign_in(store, "director", "correct horse", "10.0.0.2").account.name == (
        "director"
    )
    with pytest.raises(AccountError, match="expected a known user name and its password"):
        accounts.sign_in(store, "director", "wrong horse", "10.0.0.2")
