"""What pyproject.toml cannot say: the two data packages that live outside the code folders.

The repository keeps ``samples/`` and ``docs/rules/`` at the top, where a reader looks for them;
installed, they are the packages ``snakepit_samples`` and ``snakepit_rules`` (found through
importlib.resources by ``arena/samples.py``), in a wheel and an editable install alike. Each
game's samples folder is a subpackage, so that its bots' ``.py`` files are files of a package
(setuptools warns about ``.py`` data otherwise)."""

from setuptools import find_namespace_packages, find_packages, setup

DATA_PACKAGES = {"snakepit_samples": "samples", "snakepit_rules": "docs/rules"}
GAME_SAMPLES = [f"snakepit_samples.{name}" for name in find_namespace_packages(where="samples")]

setup(
    packages=[*find_packages(include=["editor*", "matcher*", "arena*", "engines*"]), *DATA_PACKAGES, *GAME_SAMPLES],
    package_dir=DATA_PACKAGES,
    package_data={
        # Every sample: programs, bots (their sources and READMEs), maps, playfields, licences.
        **{package: ["**/*"] for package in GAME_SAMPLES},
        "snakepit_rules": ["*.md"],
        "editor.resources": ["*.svg", "*.desktop", "*.xml"],
    },
    exclude_package_data={package: ["**/__pycache__/*", "**/*.pyc"] for package in GAME_SAMPLES},
)
