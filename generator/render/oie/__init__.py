"""Drawing of the Jeu de l'Oie material (reportlab); the rules come from generator.games.oie."""
