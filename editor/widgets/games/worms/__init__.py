"""Redbot worms (specs/worms.md) in the editor: the painted field and its legend."""
