"""Redbot kingdoms (specs/kingdoms.md) in the editor: the dashboard and the history plot."""
