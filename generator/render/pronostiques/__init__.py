"""Drawing of the pronostiques material (reportlab); the rules come from
generator.games.pronostiques."""
