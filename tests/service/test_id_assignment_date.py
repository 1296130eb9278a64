"""An ID given at the intake is assigned from the first day of the tournament the new player
played (the date the federation really gave it), not the day the file was accepted."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select

from ratinglist.service.databases import open_database
from ratinglist.service.intake import fix_id, upload
from ratinglist.store.schema import id_history
from tests.conftest import handle
from tests.service.test_intake import FEDERATION, LEIDEN, OFFICER, archive  # noqa: F401


def test_a_new_id_is_dated_from_its_tournament(archive: str) -> None:  # noqa: F811
    item = upload(handle(archive), "20230211_LEIDEN.ELO", LEIDEN.encode("ascii"), FEDERATION)
    added = fix_id(handle(archive), item.id, "NEW1", None, OFFICER)
    assert added.added is not None
    h = id_history.c
    with open_database(archive).connect() as conn:
        rows = conn.execute(select(h.event, h.date).where(h.player_id == int(added.new))).all()
    assert rows == [("assigned", dt.date(2023, 2, 11))]  # %%Date: 11/02/2023 of LEIDEN
