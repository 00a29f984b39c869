"""Le Jeu de l'Oie: one table of squares, the throw resolver, the engine, the simulator and exact
statistics.

Pure Python: no file, network or drawing here. The board, the rules text and the engine all read
:data:`generator.games.oie.squares.BOARD`, so they cannot disagree.
"""
