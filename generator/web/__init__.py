"""The deck studio, ``pnp serve``: a front-end beside :mod:`generator.cli`, in the browser.

``app`` makes the Starlette application: ``pages`` (the HTML), ``decks`` and ``material`` (the
HTTP API, ``docs/api.md``), ``guard`` (every request's checks), ``studio`` (what they share);
``service`` is its one way into the library (the deck product and its recipe, the kit, the
referee service, ``geo``'s places and the games' catalog); ``jobs`` runs the CPU-bound builds
in worker processes; ``cache`` keeps what they built, by content; ``security`` holds the access
code and the checks every request passes; ``maps`` draws the clickable SVG maps; ``server``
starts uvicorn; an uploaded file of places is read by ``geo``'s reader of ``--places FILE``.
Nothing here rules a game, lays a card out or writes a sentence of the command line's: those
live below (``docs/deploy.md``).
"""
