"""What the editor shows of each game, one folder per game: its board view and everything around
it (legend, plots, actions of its own, its setup facts). The arena pane and the setup forms find
a game through :data:`editor.widgets.games.registry.GAME_VIEWS` and never name one."""
