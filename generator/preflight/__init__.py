"""``pnp preflight``: check a PDF as a print shop (or a home printer) would, rule by rule.

:mod:`.scan` reads the file once with pikepdf and interprets every content stream (pages, form
XObjects, tiling patterns): colours with their colour spaces, total ink of each fill and stroke,
text runs with their effective size and colour, transparency, fonts, page boxes, metadata.
:mod:`.rules` turns those facts into one pass/fail line per rule for the ``home`` or ``shop``
profile; :mod:`.report` prints them (text or JSON). Nothing here draws or writes a PDF.
"""
