"""The arena pane: set up, run, watch, scrub and replay a match of any game, with the controls,
scoreboard, seat log and plots every game shares (what differs per game comes from
:mod:`editor.widgets.games`)."""
