"""Desktop integration (editor/desktop.py) and the app's identity: the icon, the desktop file, the
MIME type of programs, installed for one user and removed again; QApplication's name, version,
desktop file name and window icon."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from PySide6.QtGui import QIcon
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication

from arena.version import DESKTOP_ID, PROGRAM_MIME_TYPE, version
from editor import app, desktop
from editor.cli import main

MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive (configparser's documented way)
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def test_the_icon_is_a_valid_square_svg(qapp: QApplication) -> None:
    renderer = QSvgRenderer(str(desktop.icon_path()))
    assert renderer.isValid() and renderer.defaultSize().width() == renderer.defaultSize().height() == 256
    assert not QIcon(str(desktop.icon_path())).pixmap(48, 48).isNull()


def test_the_shipped_desktop_file_and_mime_type_agree() -> None:
    shipped = entry(desktop.resource(desktop.DESKTOP_FILE))
    assert shipped["Type"] == "Application" and shipped["Icon"] == DESKTOP_ID and shipped["Terminal"] == "false"
    assert shipped["Exec"] == "snakepit-gui %f" and shipped["MimeType"] == f"{PROGRAM_MIME_TYPE};"
    assert "Game;" in shipped["Categories"]
    mime = ElementTree.parse(desktop.resource(desktop.MIME_FILE)).getroot().find(f"{MIME_NS}mime-type")
    assert mime is not None and mime.get("type") == PROGRAM_MIME_TYPE
    glob = mime.find(f"{MIME_NS}glob")
    assert glob is not None and glob.get("pattern") == "*.snake.json" and int(glob.get("weight", "50")) > 50
    assert mime.find(f"{MIME_NS}sub-class-of").get("type") == "application/json"  # type: ignore[union-attr]


def test_install_puts_everything_under_the_users_data_folder_and_remove_takes_it_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    data = tmp_path / "my data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    assert main(["install-desktop"]) == 0
    out = capsys.readouterr().out
    places = desktop.Installed(data)
    for path in places.files():
        assert path.is_file() and f"installed {path}" in out
    assert "applications menu" in out.splitlines()[-1]
    installed = entry(places.desktop)
    command = desktop.gui_command()
    assert Path(command).is_absolute() and installed["TryExec"] == command
    assert installed["Exec"] in (f"{command} %f", f'"{command}" %f')
    assert places.icon.read_bytes() == desktop.icon_path().read_bytes() == places.mime_icon.read_bytes()
    assert places.mime_icon.name == "application-x-snakepit-program+json.svg"
    if shutil.which("update-mime-database"):  # the cache a desktop reads: *.snake.json is ours
        assert "ran update-mime-database" in out
        globs = (data / "mime" / "globs2").read_text()
        assert f"60:{PROGRAM_MIME_TYPE}:*.snake.json" in globs

    assert main(["install-desktop", "--remove"]) == 0
    out = capsys.readouterr().out
    assert not any(path.exists() for path in places.files())
    assert all(f"removed {path}" in out for path in places.files())


def test_an_exec_path_with_a_space_is_quoted() -> None:
    lines = desktop.desktop_entry("/opt/my apps/bin/snakepit-gui").splitlines()
    assert 'Exec="/opt/my apps/bin/snakepit-gui" %f' in lines and "TryExec=/opt/my apps/bin/snakepit-gui" in lines


def test_the_application_is_named_versioned_and_has_its_icon_and_desktop_file(qapp: QApplication) -> None:
    saved = (qapp.applicationName(), qapp.applicationVersion(), qapp.organizationName(), qapp.organizationDomain(),
             qapp.desktopFileName(), qapp.windowIcon())
    try:
        app.configure(qapp)
        assert (qapp.applicationName(), qapp.applicationVersion(), qapp.desktopFileName()) == ("snakepit", version(), "snakepit")
        assert not qapp.windowIcon().isNull()
    finally:
        name, ver, org, domain, desktop_name, icon = saved
        qapp.setApplicationName(name)
        qapp.setApplicationVersion(ver)
        qapp.setOrganizationName(org)
        qapp.setOrganizationDomain(domain)
        qapp.setDesktopFileName(desktop_name)
        qapp.setWindowIcon(icon)


def test_the_gui_entry_point_is_installed_next_to_snakepit() -> None:
    # pyproject's [project.gui-scripts]: the editable install made it beside this Python.
    gui = Path(desktop.gui_command())
    assert gui.name == "snakepit-gui" and gui.is_file()
    assert "gui_main" in gui.read_text()


def test_snakepit_gui_without_a_display_says_so_in_one_line(tmp_path: Path) -> None:
    gui = desktop.gui_command()
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}  # no DISPLAY, no QT_QPA_PLATFORM
    done = subprocess.run([gui], env=env, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", app.NO_DISPLAY + "\n")
