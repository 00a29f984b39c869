"""Exports: the decks and pieces of the games in the formats of print shops and online tables.

Each export is a product on the product contract (:mod:`generator.products.contract`): its
options, ``build(options) -> Built`` (everything in memory) and the one writer ``write``. An
export reads the decks of the games it exports from the table of decks
(:func:`generator.exports.source.game_decks`, through each product's ``deck_options``), turns
them into images with the one deck path (:func:`generator.render.deck_files.face_images`) and
lays them out as its target asks:

* :mod:`~generator.exports.faces`: one image per face at a print shop's exact pixel size
  (``pnp export faces``);
* :mod:`~generator.exports.tts`: a Tabletop Simulator saved object per game
  (``pnp export tts``);
* :mod:`~generator.exports.tabletopia` and :mod:`~generator.exports.screentop`: the images
  those online tables import.

:func:`generator.exports.bundle.zip_bytes` packs any of them into a zip in memory (the studio's
downloads).
"""
