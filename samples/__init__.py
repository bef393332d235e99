"""The shipped samples, installed as the package ``snakepit_samples`` (see setup.py and
arena/samples.py). Nothing here is imported: the files are data."""
