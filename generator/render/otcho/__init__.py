"""Drawing of the otcho material (reportlab); the rules come from generator.games.otcho."""
