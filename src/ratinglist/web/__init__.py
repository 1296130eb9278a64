"""The public website and JSON API (FastAPI + Jinja2): parse, one service call, render.

`create_app(url)` builds the application; `ratinglist serve` runs it with uvicorn. Pages are
server-rendered HTML that works without JavaScript; `static/site.js` only hides rows at once
when a country box changes. The API lives under ``/api/v1/`` (OpenAPI page: ``/api/docs``).
"""
