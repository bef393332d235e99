"""What ships with snakepit besides its code: the samples (snake programs, bots in Python, shell
and C, maps, playfields) and the rules of the games, and resolving a sample's name to its file.

Both are package data found through :mod:`importlib.resources`, never relative to this file:
the repository's ``samples/`` folder is the package ``snakepit_samples`` and ``docs/rules/`` is
``snakepit_rules`` (``setup.py`` maps them), so a checkout, an editable install and an installed
wheel find them alike. :func:`samples_dir` and :func:`rules_dir` are the only places that ask.

A C sample is shipped as source; :func:`compiled_bot` compiles it on first use into the user's
cache (one folder per source text, so an edited source is compiled again)."""

from __future__ import annotations

import hashlib
import importlib.resources
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from matcher.fileformat import PROGRAM_SUFFIX

SAMPLES_PACKAGE = "snakepit_samples"
RULES_PACKAGE = "snakepit_rules"
SCRIPT_SUFFIXES = (".py", ".sh")
"""Sample bots that run as they are (a ``.py`` with this Python, a ``.sh`` as an executable)."""
SHARED_PREFIX = "_"
"""A file named so is not a bot but what a game's bots share (``_itpw.py``), imported from beside them."""
C_FLAGS = ("-O2", "-Wall")
"""How a C sample is compiled (as ``make bots`` does)."""
GAMES_WITH_RULES = ("snake", "worms", "kingdoms", "bioblots", "itpw")


class SampleError(ValueError):
    """A sample that cannot be used: data missing from the installation, or a C sample without
    a compiler. The message says what to install."""


@cache
def _package_dir(package: str) -> Path:
    try:
        folder = importlib.resources.files(package)
    except ModuleNotFoundError:
        raise SampleError(f"the package data {package!r} is not installed: reinstall snakepit "
                          f"(pip install snakepit, or `make test` in a checkout)") from None
    path = Path(str(folder))
    if not path.is_dir():  # a zip import: bots must be files to run
        raise SampleError(f"snakepit's {package} are not a folder ({folder}): install snakepit unzipped")
    return path


def samples_dir() -> Path:
    """The folder of the shipped samples: ``snake/``, ``worms/``, ``kingdoms/``, ``bioblots/``, ``itpw/``."""
    return _package_dir(SAMPLES_PACKAGE)


def rules_dir() -> Path:
    """The folder of the games' rules, one Markdown file per game (``worms.md``, …)."""
    return _package_dir(RULES_PACKAGE)


def games_with_rules() -> tuple[str, ...]:
    """The shipped games, then every registered game whose descriptor names its rules."""
    return _shipped_then("rules")


def games_with_samples() -> tuple[str, ...]:
    """The shipped games, then every registered game whose descriptor names its samples."""
    return _shipped_then("samples")


def _shipped_then(field: str) -> tuple[str, ...]:
    """The shipped games, then the other registered games whose descriptor's ``field`` (a path)
    is set, by name."""
    from arena.games.registry import games  # the registry loads the referees, which import this module

    return GAMES_WITH_RULES + tuple(sorted(name for name, d in games().items()
                                           if getattr(d, field) is not None and name not in GAMES_WITH_RULES))


def rules_file(game: str) -> Path:
    from arena.games.registry import games

    descriptor = games().get(game)
    path = descriptor.rules if descriptor is not None and descriptor.rules is not None else rules_dir() / f"{game}.md"
    if not path.is_file():
        raise SampleError(f"no rules for {game!r} (games: {', '.join(games_with_rules())})")
    return path


UNSHIPPED_SOURCE = re.compile(r"seed\s+`[^`]*`\s+\(([^()]*?);\s+not\s+in\s+this\s+repository\)")
"""A rules page's pointer at the original it restates, a file the user does not have: "seed
`003_….txt` (the Russian original; not in this repository)". The pages follow the specs word for
word, so what shows a page to a user, not the page, leaves the file out."""


def for_readers(rules: str) -> str:
    """A rules page as a user reads it: a pointer at a source file that is not shipped reads as
    what the file is ("Source: the Russian original, a game in the tradition of …")."""
    return UNSHIPPED_SOURCE.sub(lambda found: found.group(1).strip(), rules)


def rules_text(game: str) -> str:
    """``game``'s rules as ``snakepit rules`` and the Game Rules dialog show them (:func:`for_readers`)."""
    return for_readers(rules_file(game).read_text(encoding="utf-8"))


SAMPLES_DIR = samples_dir()
SNAKE_SAMPLES = SAMPLES_DIR / "snake"


def sample_programs() -> list[Path]:
    return sorted(SNAKE_SAMPLES.glob(f"*{PROGRAM_SUFFIX}"))


def resolve_program(argument: str) -> Path:
    """A path as given, or, when no such file exists, the sample of that name
    (``tail_biter`` or ``tail_biter.snake.json``)."""
    path = Path(argument)
    if path.exists():
        return path
    name = argument if argument.endswith(PROGRAM_SUFFIX) else argument + PROGRAM_SUFFIX
    sample = SNAKE_SAMPLES / name
    return sample if sample.exists() else path


def resolve_sample_file(game: str, argument: str | Path, suffix: str = ".txt") -> Path:
    """A file as given, or, when there is no such file, ``game``'s sample of that name, in its
    folder or one below (``meadow``, ``meadow.txt``, ``stripes``, ``redbot-2012/stripes``)."""
    path = Path(argument)
    if path.exists():
        return path
    name = str(argument) if str(argument).endswith(suffix) else f"{argument}{suffix}"
    folder = game_samples(game)
    candidates = [folder / name, *(sub / name for sub in sorted(folder.iterdir()) if sub.is_dir())] \
        if folder.is_dir() else []
    return next((c for c in candidates if c.is_file()), path)


def sample_files(game: str, suffix: str = ".txt") -> list[str]:
    """The names of ``game``'s sample files (maps, playfields) as :func:`resolve_sample_file`
    takes them: ``meadow``, ``redbot-2012/stripes``."""
    folder = game_samples(game)
    if not folder.is_dir():
        return []
    return sorted(str(p.relative_to(folder))[:-len(suffix)] for p in folder.rglob(f"*{suffix}"))


def no_such_sample(game: str, argument: str | Path) -> str | None:
    """What to say of a sample's name a match gives that is neither a file nor one of ``game``'s
    samples (a typo: ``medow``), with the samples there are; None when it is there, or when it
    reads as a path (a folder or a suffix: its reader says it cannot read it, naming the file)."""
    given = Path(argument)
    if len(given.parts) > 1 or given.suffix or given.exists() or resolve_sample_file(game, argument).exists():
        return None
    names = sample_files(game)
    samples = f" ({', '.join(names)})" if names else ""
    return f"{argument}: no such file, nor one of the {game} samples{samples}"


def game_samples(game: str) -> Path:
    """The folder of ``game``'s samples: its descriptor's (a game from another package ships its
    own), else the shipped ``samples/<game>``."""
    from arena.games.registry import games  # the registry loads the referees, which import this module

    descriptor = games().get(game)
    return descriptor.samples if descriptor is not None and descriptor.samples is not None else SAMPLES_DIR / game


@dataclass(frozen=True)
class SampleBot:
    """A sample bot of a game: ``name`` is what a user types (``heuristic_bot``, ``greedy``),
    ``source`` the shipped file (a script, or a C source to compile)."""

    game: str
    name: str
    source: Path

    @property
    def compiled(self) -> bool:
        return self.source.suffix == ".c"

    @property
    def label(self) -> str:
        """How a list shows it: the file name of a script, ``greedy (C)`` for a C sample."""
        return f"{self.name} (C)" if self.compiled else self.source.name

    def program(self) -> Path:
        """The file to run: the script itself, or the compiled C sample (compiled if needed)."""
        return compiled_bot(self.source) if self.compiled else self.source


def sample_bots(game: str) -> list[SampleBot]:
    """``game``'s sample bots: its scripts, then its C sources, each by name."""
    folder = game_samples(game)
    if game == "snake" or not folder.is_dir():
        return []
    files = sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith(SHARED_PREFIX))
    scripts = [SampleBot(game, p.stem, p) for p in files if p.suffix in SCRIPT_SUFFIXES]
    sources = [SampleBot(game, p.stem, p) for p in files if p.suffix == ".c"]
    return scripts + sources


def playable_sample_bots(game: str) -> list[tuple[SampleBot, Path]]:
    """``game``'s sample bots with the program each runs, the C ones compiled now; a C sample
    this machine cannot compile (no compiler) is left out."""
    found = []
    for bot in sample_bots(game):
        try:
            found.append((bot, bot.program()))
        except SampleError:
            continue
    return found


def find_sample_bot(game: str, text: str) -> SampleBot | None:
    """The sample bot ``text`` names (``greedy``, ``greedy.sh``, ``heuristic_bot.py``, ``greedy.c``),
    unless it is an existing file or more than one word."""
    name = text.strip()
    if not name or len(name.split()) > 1 or os.sep in name or Path(name).exists():
        return None
    for bot in sample_bots(game):
        if name in (bot.name, bot.source.name):
            return bot
    return None


def resolve_bot(game: str, text: str) -> str:
    """A seat's bot as given, or the program of the sample bot it names (see :func:`find_sample_bot`)."""
    bot = find_sample_bot(game, text)
    return text if bot is None else str(bot.program())


def cache_dir() -> Path:
    """Where compiled samples go: ``$XDG_CACHE_HOME/snakepit`` (``~/.cache/snakepit``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "snakepit"


def c_compiler() -> str | None:
    return shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc") or shutil.which("clang")


def compiled_bot(source: Path) -> Path:
    """The executable of the C sample ``source``, compiled into :func:`cache_dir` the first time
    (atomically: parallel games may ask at once), in a folder per source text. Raises :class:`SampleError` without a compiler
    or when it fails, with the compiler's first lines."""
    text = source.read_bytes()
    key = hashlib.sha256(text + " ".join(C_FLAGS).encode()).hexdigest()[:12]
    binary = cache_dir() / "bots" / source.parent.name / key / source.stem  # named as the sample: its seat's name
    if binary.is_file():
        return binary
    compiler = c_compiler()
    if compiler is None:
        raise SampleError(f"{source.name} is a C sample and this machine has no C compiler (cc): "
                          f"install one (Debian/Ubuntu: apt-get install gcc libc6-dev)")
    binary.parent.mkdir(parents=True, exist_ok=True)
    handle, partial = tempfile.mkstemp(prefix=f".{source.stem}-", dir=binary.parent)
    os.close(handle)
    try:
        done = subprocess.run([compiler, *C_FLAGS, "-o", partial, str(source)], capture_output=True, text=True,
                              check=False)
        if done.returncode != 0:
            first = " ".join(done.stderr.strip().splitlines()[:3])
            raise SampleError(f"{source}: {Path(compiler).name} failed: {first}")
        os.replace(partial, binary)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    return binary
