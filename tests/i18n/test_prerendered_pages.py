"""Pages made in advance are English (issue 36): after `web.prerender` stored them, English
requests get the stored page and French or Japanese ones a page made in their language."""

from __future__ import annotations

import gzip
from pathlib import Path

from fastapi.testclient import TestClient

from ratinglist.service.site import open_site
from ratinglist.service.site_pages import stored_site_page
from ratinglist.store import open_store
from ratinglist.web.app import create_app
from ratinglist.web.prerender import render_missing
from tests.web.site_fixture import build_site_db


def test_stored_pages_are_served_to_english_requests_only(tmp_path: Path) -> None:
    db = build_site_db(tmp_path, f"sqlite:///{tmp_path / 'site.db'}")
    render_missing(db)
    site = open_site(open_store(db))
    try:
        stored = stored_site_page(site, site.version(), "/players/50002")
    finally:
        site.close()
    assert stored is not None
    english = gzip.decompress(stored.body).decode()
    assert '<html lang="en">' in english
    with TestClient(create_app(db)) as client:
        assert client.get("/players/50002", headers={"Accept-Language": "en"}).text == english
        for locale, word in (("fr", "Historique de la cote"), ("ja", "レーティングの推移")):
            page = client.get("/players/50002", headers={"Accept-Language": locale})
            assert f'<html lang="{locale}">' in page.text and word in page.text
            again = client.get(f"/players/50002?lang={locale}")  # remembered in a cookie
            assert again.text == page.text
            client.cookies.clear()
        assert client.get("/players/50002?lang=en").text == english
