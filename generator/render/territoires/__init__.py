"""Drawing of the territoires material (reportlab); the rules come from
generator.games.territoires."""
