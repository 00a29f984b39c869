"""``pnp kit``: every game's material in one folder (components, builders, run, gallery,
manifest)."""
