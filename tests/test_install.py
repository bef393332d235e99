"""What a Python user gets: the sdist and the wheel that `python -m build` makes, the wheel
installed into a fresh venv, and every `snakepit` example of the README run from a folder outside
the checkout, with the samples, rules, C sources and default playfield found as package data.

Slow (a build and a venv; pip's cache keeps it to about a minute after the first run) and needs
the package index pip is configured with, as `make test` does anyway."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.cli import main as checkout_main
from arena.samples import c_compiler, for_readers

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow

IGNORED = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis",
                                 ".mypy_cache", ".pytest_cache", "*.pyc")
SDIST_HOLDS = ("Makefile", "LICENSE", "README.md", "setup.py", "pyproject.toml", ".ci/sysdeps.sh", ".ci/fresh-check.sh",
               "tests/conftest.py", "tests/bots/busy_loop.py", "docs/formats.md", "docs/rules/worms.md",
               "samples/itpw/greedy.c", "samples/worms/redbot-2012/LICENSE")
WHEEL_HOLDS = ("snakepit_samples/snake/tail_biter.snake.json", "snakepit_samples/worms/meadow.txt",
               "snakepit_samples/worms/greedy.sh", "snakepit_samples/worms/redbot-2012/stripes.txt",
               "snakepit_samples/kingdoms/default_playfield.txt", "snakepit_samples/itpw/greedy.c",
               "snakepit_samples/bioblots/greedy.c", "snakepit_rules/itpw.md", "editor/resources/snakepit.svg",
               "editor/resources/snakepit.desktop", "editor/resources/snakepit-mime.xml", "arena/py.typed",
               "engines/py.typed", "matcher/py.typed")


def run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    done: subprocess.CompletedProcess[str] = subprocess.run(command, capture_output=True, text=True, timeout=900, **kwargs)  # type: ignore[call-overload]
    assert done.returncode == 0, f"{shlex.join(command)} failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the wheel of a copy of this checkout (so the build writes nothing here)."""
    base = tmp_path_factory.mktemp("build")
    source = base / "snakepit"
    shutil.copytree(ROOT, source, ignore=IGNORED)
    run([sys.executable, "-m", "build", "--outdir", str(base / "dist"), str(source)])
    return base / "dist"


@pytest.fixture(scope="module")
def venv(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel (and pytest, to run tests from the sdist) installed: its bin/."""
    folder = tmp_path_factory.mktemp("venv") / "fresh"
    run([sys.executable, "-m", "venv", str(folder)])
    wheel = next(dist.glob("*.whl"))
    run([str(folder / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel), "pytest"])
    return folder / "bin"


@pytest.fixture
def outside(venv: Path, tmp_path: Path) -> Iterator[tuple[Path, dict[str, str]]]:
    """A working folder outside the checkout and the environment of a user of the venv (its own
    cache for compiled C samples)."""
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "PATH": f"{venv}{os.pathsep}{os.environ['PATH']}", "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("PYTHONPATH", None)
    yield work, env


def project_version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"])


def test_the_sdist_holds_what_builds_and_tests_the_project(dist: Path) -> None:
    sdist = next(dist.glob("*.tar.gz"))
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    missing = [name for name in SDIST_HOLDS if name not in names]
    assert not missing, missing
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


def test_the_wheel_carries_the_samples_rules_and_desktop_files_with_their_modes(dist: Path) -> None:
    with zipfile.ZipFile(next(dist.glob("*.whl"))) as wheel:
        infos = {info.filename: info for info in wheel.infolist()}
        metadata = wheel.read(next(n for n in infos if n.endswith(".dist-info/METADATA"))).decode()
        entry_points = wheel.read(next(n for n in infos if n.endswith(".dist-info/entry_points.txt"))).decode()
    missing = [name for name in WHEEL_HOLDS if name not in infos]
    assert not missing, missing
    assert (infos["snakepit_samples/worms/greedy.sh"].external_attr >> 16) & 0o111  # executable, as in git
    assert "License-Expression: MIT AND Apache-2.0" in metadata and "Classifier: Environment :: X11 Applications :: Qt" in metadata
    assert re.search(r"^Project-URL: Homepage, https://", metadata, re.MULTILINE)
    assert "[gui_scripts]\nsnakepit-gui = editor.cli:gui_main" in entry_points
    assert "[console_scripts]\nsnakepit = editor.cli:main" in entry_points


def test_the_installed_package_is_not_the_checkout(venv: Path, outside: tuple[Path, dict[str, str]]) -> None:
    work, env = outside
    done = run([str(venv / "python"), "-c", "import arena.samples as s; print(s.__file__); print(s.samples_dir())"],
               cwd=work, env=env)
    module, samples = done.stdout.split()
    assert Path(module).is_relative_to(venv.parent) and Path(samples).is_relative_to(venv.parent), done.stdout
    assert run(["snakepit", "--version"], cwd=work, env=env).stdout == f"snakepit {project_version()}\n"
    assert (venv / "snakepit-gui").is_file()


def test_the_issues_three_commands_run_from_any_folder(outside: tuple[Path, dict[str, str]],
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    work, env = outside
    battle = run(["snakepit", "battle", "tail_biter", "hunter", "--seed", "1"], cwd=work, env=env).stdout
    assert checkout_main(["battle", "tail_biter", "hunter", "--seed", "1"]) == 0
    assert battle == capsys.readouterr().out  # the same battle, byte for byte, as the checkout plays it
    for game, options in (("worms", ["--map", "meadow", "--rounds", "30"]), ("kingdoms", ["--rounds", "10"])):
        bots = ("heuristic_bot", "random_bot", "greedy", "heuristic_bot") if game == "worms" else \
            ("farmer", "heuristic_bot", "random_bot", "farmer")
        command = ["snakepit", "match", game, "--seed", "2", *options, *sum((["--bot", b] for b in bots), [])]
        result = json.loads(run(command, cwd=work, env=env).stdout.splitlines()[-1])
        assert result["game"] == game and result["statuses"] == ["ok"] * 4, result
    rules = (ROOT / "docs" / "rules" / "itpw.md").read_text()  # the checkout's page, as users read it
    assert run(["snakepit", "rules", "itpw"], cwd=work, env=env).stdout == for_readers(rules)


def readme_commands() -> list[str]:
    """Every ``snakepit`` command line of the README's ``sh`` blocks, continuation lines joined."""
    blocks = re.findall(r"^```sh\n(.*?)^```", (ROOT / "README.md").read_text(), re.MULTILINE | re.DOTALL)
    lines = "\n".join(blocks).replace("\\\n", " ").splitlines()
    return [line.strip() for line in lines if line.strip().startswith("snakepit ")]


def test_every_readme_example_runs_from_any_folder(outside: tuple[Path, dict[str, str]]) -> None:
    work, env = outside
    commands = readme_commands()
    assert len(commands) >= 8 and any(" match itpw " in c for c in commands), commands
    for line in commands:
        argv = shlex.split(line, comments=True)
        if "greedy" in argv and "itpw" in argv and c_compiler() is None:
            continue  # the C sample needs a compiler; the sample lookup's tests say so
        run(argv, cwd=work, env=env)
    assert (work / "worms.jsonl").is_file()  # written by one example, verified by the next
    compiled = list((Path(env["XDG_CACHE_HOME"]) / "snakepit" / "bots" / "itpw").glob("*/greedy"))
    assert compiled or c_compiler() is None


def test_the_sdist_runs_tests_with_the_installed_package(dist: Path, venv: Path, tmp_path: Path) -> None:
    with tarfile.open(next(dist.glob("*.tar.gz"))) as archive:
        # The "data" filter (no links out, no devices) where this Python has it: 3.11.4 and later.
        if hasattr(tarfile, "data_filter"):
            archive.extractall(tmp_path, filter="data")
        else:
            archive.extractall(tmp_path)
    unpacked = next(tmp_path.glob("snakepit-*"))
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    done = run([str(venv / "python"), "-m", "pytest", "-p", "no:cacheprovider", "tests/engines/test_worms_playfield.py",
                "tests/arena/test_sample_lookup.py"], cwd=unpacked, env=env)
    assert re.search(r"\d+ passed", done.stdout) and "failed" not in done.stdout, done.stdout
