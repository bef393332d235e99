"""Editing the program: its cards (canvas, palette, inspector, variants, list), its user sets,
its problems, and how patterns are painted everywhere."""
