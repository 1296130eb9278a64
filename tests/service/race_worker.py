"""A writer process for the race tests: enter results of some tables, one service call each.

Usage: python race_worker.py URL START_FILE FIRST LAST NAME
Opens the database, says it is ready (creates START_FILE.NAME.ready), waits until START_FILE
exists, then enters the round-1 results of the pairings FIRST..LAST-1
(in stored order) with the service, one call (one transaction) each, and prints a JSON line:
how many were entered, the conflicts, and every other error message.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from ratinglist.errors import ConflictError, RatinglistError
from ratinglist.model.directed import ResultSpec
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.tournaments.results import enter_result
from ratinglist.store import open_store
from ratinglist.store.tournament_events import find_directed, load_events
from ratinglist.tournament.games.othello.events import Paired
from tests.conftest import handle, number_of


def main() -> None:
    url, start, first, last, name = sys.argv[1:6]
    with open_store(url) as store:
        events = load_events(store, find_directed(store, None).id)
    pairs = next(e for e in events if isinstance(e, Paired)).pairs[int(first) : int(last)]
    actor = Actor(ActorKind.CLI, name)
    number_of(handle(url), None)  # the process's handle opened before the start
    Path(f"{start}.{name}.ready").touch()
    while not Path(start).exists():
        time.sleep(0.01)
    entered, conflicts, errors = 0, 0, []
    for k, (black, white) in enumerate(pairs):
        spec = ResultSpec("1", int(black), int(white), score=f"{33 + k % 30}-{31 - k % 30}")
        try:
            enter_result(handle(url), number_of(handle(url), None), spec, actor)
            entered += 1
        except ConflictError:
            conflicts += 1
        except RatinglistError as exc:
            errors.append(str(exc))
    print(json.dumps({"entered": entered, "conflicts": conflicts, "errors": errors}))


if __name__ == "__main__":
    main()
