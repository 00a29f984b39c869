"""The drawing kit every game's renderer shares.

- :mod:`~generator.render.draw.shapes`: polygons and paths from point lists, stars, the
  full-bleed background and header band of a card, rounded boxes, cut lines;
- :mod:`~generator.render.draw.text`: text widths, shrinking a size until text fits, wrapping,
  a line of text and wrapped paragraphs;
- :mod:`~generator.render.draw.fit_text`: the balanced multi-line fitting of a place name.

Coordinates are millimetres converted with :func:`generator.render.units.pt` at the reportlab
call, unless a helper is told the canvas is already scaled to millimetres (``to_pt=None``).
"""
