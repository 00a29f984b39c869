"""Drawing of the oucedonc material (reportlab); the rules come from generator.games.oucedonc."""
