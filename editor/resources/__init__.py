"""Files the app ships: its icon, desktop file and MIME type (package data)."""
