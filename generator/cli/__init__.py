"""Thin command modules: parse arguments, call the library, print. No game logic here."""
