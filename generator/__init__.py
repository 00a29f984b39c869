"""pnp: print-and-play material and table referees for five French games."""

__version__ = "0.1.0"
