"""Oucédonc: place cards ordered north–south and west–east, and the referee of a game."""
