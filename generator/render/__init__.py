"""Everything reportlab: units, paper, fonts, documents, imposition (shared), one subpackage per
game.

Millimetres everywhere in the API; conversion to PDF points happens once, in :mod:`units`.
"""
