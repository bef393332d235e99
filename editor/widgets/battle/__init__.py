"""The editor's quick battle: the program being edited against samples or files, played step by
step in a side pane, and why a snake moved."""
