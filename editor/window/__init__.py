"""The main window's menus, dialogs and remembered settings beyond files and panes: the Card and
Test menus, the clipboard, Help, Preferences, the folders dialogs start in, the quit question."""
