"""The web page (``python -m wordle_opt serve``), from the routes down:
``app`` the FastAPI routes; ``advice`` the Play view, ``reviewing`` the
Review view, ``explore`` the Explore view; ``background`` the work that
outlives a request, ``rankings`` the ranking tables, ``searching`` the
page's exact search, ``memo`` the results computed once; ``games`` the game a
request names, ``uploads`` the uploaded lists; ``admission`` the slots, time
budgets and limits.  ``static/`` is the page itself.  Needs the [web] extra
(fastapi, uvicorn)."""
