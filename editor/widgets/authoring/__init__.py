"""Authoring with evidence (issue 17): cards from moments on screen, program analysis in the
Problems pane, card shares and statistics, program diffs."""
