"""ITPW (specs/itpw.md) in the editor: territories, workers and soldiers."""
