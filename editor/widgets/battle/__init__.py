"""The editor's Battle tab: the program being edited against samples or files, watched with the
arena's parts (transport, scoreboard, seat log) and the snake board, which says why a snake moved."""
