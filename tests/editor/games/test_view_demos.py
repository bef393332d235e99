"""Each game view's stand-alone demo (``python -m editor.widgets.games.<game>.<game>_view FILE``)
reports a bad or a missing file on one line naming the file (and the place in it) and exits
with 2, instead of a traceback."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from editor.widgets.games.bioblots.bioblots_view import main as bioblots_main
from editor.widgets.games.itpw.itpw_view import main as itpw_main
from editor.widgets.games.kingdoms.kingdoms_view import main as kingdoms_main
from editor.widgets.games.worms.worms_view import main as worms_main

Demo = Callable[[Sequence[str] | None], int]

BAD_FILES = [
    # demo, file text, what its one line says ({bad}: the file's path)
    pytest.param(bioblots_main, "12358D" * 4 + "12\n" + "12358X" * 4 + "12\n", ["{bad}:2:6", "'X'"], id="bioblots board"),
    pytest.param(itpw_main, "itpw turn 0/500 move 1\nkills 0 0 0\n", ["{bad}", "line 2"], id="itpw state"),
    pytest.param(kingdoms_main, "0/500: 25 10 1\n", ["{bad}", "line 1"], id="kingdoms playfield"),
    pytest.param(worms_main, "0 100 x\n", ["{bad}", "line 1"], id="worms map"),
]
DEMOS = [
    pytest.param(bioblots_main, id="bioblots"),
    pytest.param(itpw_main, id="itpw"),
    pytest.param(kingdoms_main, id="kingdoms"),
    pytest.param(worms_main, id="worms"),
]


@pytest.mark.parametrize(("demo", "text", "where"), BAD_FILES)
def test_a_bad_file_is_reported_on_one_line(demo: Demo, text: str, where: list[str], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(text)
    assert demo([str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and all(part.format(bad=bad) in err for part in where), err


@pytest.mark.parametrize("demo", DEMOS)
def test_a_missing_file_is_reported_on_one_line(demo: Demo, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert demo([str(tmp_path / "nope.txt")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "nope.txt" in err, err
