"""The printed list of the winning system over the real archive (issue 37): whr-bayes's list
as of 2026-05-31 printed by the listing rule has nobody in its top 100 who has not played
for 36 months (the audit found 39 such players in the stored list's top 100)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.web.app import create_app

pytestmark = [pytest.mark.realdata, pytest.mark.slow]
runner = CliRunner()


def test_the_printed_top_100_has_played_within_36_months(real_archive_copy: Path) -> None:
    url = f"sqlite:///{real_archive_copy}"
    done = runner.invoke(
        app, ["rate", "--system", "whr-bayes", "--as-of", "2026-05-31", "--db", url]
    )
    assert done.exit_code == 0, done.output
    with TestClient(create_app(url)) as client:
        # No evaluation stored: the list page is asked for whr-bayes by its stored list.
        page = client.get("/evidence/list")
    assert page.status_code == 200
    assert "The whr-bayes list of 2026-05-31" in page.text
    table = page.text.split('id="printed"', 1)[1]
    days = re.findall(r'<td class="n">\d+<td>(\d{4}-\d{2}-\d{2})<td class="n">', table)
    assert len(days) >= 100
    # Played on or after 2023-05-31: within the 36 months before the list.
    assert min(dt.date.fromisoformat(d) for d in days[:100]) >= dt.date(2023, 5, 31)
