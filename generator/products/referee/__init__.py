"""The Oucédonc referee as a service: what every front-end of the table asks, in one place.

The command line's one-shot commands (``pnp oucedonc game …``, ``verify``), its interactive
session (``pnp oucedonc play``) and any page call these; none of them decides a rule, reads a
name or keeps a file on its own. No terminal or web library is imported here.

- **Open a game**: :func:`~generator.products.referee.moves.new_game` (from a deck:
  :func:`~generator.products.referee.files.read_deck`), written with
  :func:`~generator.products.referee.files.write_new_game`; a game file read (and replayed) by
  :func:`~generator.products.referee.files.read_game`.
- **Play**: a move built from what players type (:mod:`~generator.products.referee.moves`:
  names and ids resolved the forgiving way), applied to the file under its lock by
  :func:`~generator.products.referee.files.update_game`; ``game.undo()`` takes the last one back.
- **Read the table**: :func:`~generator.products.referee.table.table_view`, a typed record of
  the cross, the tokens, whose turn it is and what is due.
- **Legal moves**: :func:`generator.games.oucedonc.legal.legal_moves` (the placements and doubts
  open now).
- **Verify a placement**: :mod:`~generator.products.referee.verify` (on a deck's cards, or by
  name over the embedded places).
- **The session**: :class:`~generator.products.referee.session.Session`, one typed line at a
  time (:mod:`~generator.products.referee.phrases`: the table's words in French and English).

Everything refused is a :class:`~generator.core.refusal.Refusal`: a reason code
(:mod:`generator.games.oucedonc.refusals`, :mod:`generator.products.referee.refusals`) and its
data, with a default sentence; each front-end words it its own way. docs/python-api.md shows the
whole service at work.
"""
