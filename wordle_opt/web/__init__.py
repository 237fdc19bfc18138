"""The web page (``python -m wordle_opt serve``): ``app`` the FastAPI routes,
``advice`` the Play view, ``explore`` the Explore view, ``reviewing`` the
Review view, ``compute`` the shared caches and search limits, ``static/``
the page itself.  Needs the [web] extra (fastapi, uvicorn)."""
