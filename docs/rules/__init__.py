"""The rules of the games, installed as the package ``snakepit_rules`` (see setup.py and
arena/samples.py). Nothing here is imported: the Markdown files are data."""
