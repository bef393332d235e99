from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QLabel

from editor.screenshots import dark_palette
from editor.widgets.games.kingdoms.kingdoms_view import KingdomsView
from engines.kingdoms import DEAD, KINGDOM_FIELDS, Action, ActionCode, Kingdom, State, play_round, start_state
from tests.editor.fixture_types import Shown
from pytestqt.qtbot import QtBot

MINUS = "\u2212"


@pytest.fixture
def view(shown: Shown) -> KingdomsView:
    return shown(KingdomsView(), (1100, 300))


def after_one_round() -> tuple[State, State]:
    """Round 1 from the default start: 0 recruits, 1 trains, 2 improves arms, 3 harvests."""
    before = start_state(50)
    codes = (ActionCode.RECRUIT, ActionCode.TRAIN, ActionCode.IMPROVE_ARMS, ActionCode.HARVEST)
    return before, play_round(before, [Action(code) for code in codes]).state


def with_fallen(state: State, index: int) -> State:
    kingdoms = list(state.kingdoms)
    kingdoms[index] = DEAD
    return State(state.round, state.total_rounds, tuple(kingdoms))


def stripe_color(view: KingdomsView, index: int) -> QColor:
    card = view.cards[index]
    image = card.grab().toImage()
    return QColor(image.pixel(2, card.height() // 2))


def ink(label: QLabel) -> QColor:
    """The colour a label's text is drawn in: the mean of its coloured pixels. (Subpixel
    anti-aliasing, Ubuntu's default, draws a glyph's edges in shifted hues, cyan and yellow
    beside a green stroke, often more of them than of the stroke itself; they average out.)"""
    image = label.grab().toImage()
    pixels = [QColor(image.pixel(x, y)) for x in range(image.width()) for y in range(image.height())]
    coloured = [c for c in pixels if c.hsvSaturationF() * c.valueF() > 0.2] or pixels
    rgb = [(c.redF(), c.greenF(), c.blueF()) for c in coloured]
    red, green, blue = (sum(values) / len(coloured) for values in zip(*rgb))
    return QColor.fromRgbF(red, green, blue)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_fallen_kingdom_is_greyed(view: KingdomsView, dark: bool) -> None:
    if dark:
        view.setPalette(dark_palette())
    view.set_state(with_fallen(start_state(), 2))
    fallen, alive = view.cards[2], view.cards[0]
    assert fallen.is_out() and not alive.is_out()
    assert fallen.status_label.text() == "fallen"
    assert fallen.value_label("territory").foregroundRole() == QPalette.ColorRole.PlaceholderText
    assert alive.value_label("territory").foregroundRole() == QPalette.ColorRole.WindowText
    assert stripe_color(view, 2).hsvSaturationF() < 0.35 < stripe_color(view, 0).hsvSaturationF()


@pytest.mark.parametrize(
    "kingdom, field, text",
    [
        (0, "soldiers", "+1"),
        (0, "food", f"{MINUS}3"),  # two mouths (a new soldier) plus the peasant: 10 -> 7
        (1, "peasants", "+1"),
        (2, "arms", "+1"),
        (3, "food", "+1"),  # harvest 3 x 1 x (3 DIV 3) = 3, upkeep 2
        (3, "territory", ""),
        (0, "farming", ""),
    ],
)
def test_the_change_since_the_last_round_is_shown_beside_each_number(view: KingdomsView, kingdom: int, field: str, text: str) -> None:
    before, after = after_one_round()
    view.set_state(before)
    view.set_state(after)
    card = view.cards[kingdom]
    assert card.value_label(field).text() == str(getattr(after.kingdoms[kingdom], field))
    assert card.delta_label(field).text() == text


def test_gains_are_green_and_losses_red(view: KingdomsView) -> None:
    before, after = after_one_round()
    view.set_state(after, previous=before)
    gain, loss = ink(view.cards[0].delta_label("soldiers")), ink(view.cards[0].delta_label("food"))
    assert 80 <= gain.hsvHue() <= 160
    assert gain.hsvHue() != -1 and (loss.hsvHue() <= 20 or loss.hsvHue() >= 340)


def test_no_deltas_after_a_jump_of_more_than_one_round(view: KingdomsView) -> None:
    before, after = after_one_round()
    later = play_round(after, [Action(ActionCode.RECRUIT)] * 4).state
    view.set_state(before)
    view.set_state(later)
    assert view.previous_state() is None
    assert all(card.delta_label(name).text() == "" for card in view.cards for name in KINGDOM_FIELDS)


def test_an_explicit_previous_state_gives_the_deltas_after_a_seek(view: KingdomsView) -> None:
    before, after = after_one_round()
    view.set_state(start_state(999))
    view.set_state(after, previous=before)
    assert view.cards[2].delta_label("arms").text() == "+1"


def test_seat_names_and_default_names_label_the_cards(view: KingdomsView) -> None:
    view.set_seat_names(["farmer.sh", "", "heuristic"])
    view.set_state(start_state())
    assert [card.name_label.text() for card in view.cards] == ["farmer.sh", "Kingdom 1", "heuristic", "Kingdom 3"]


def test_ranks_and_shares_follow_the_territory(view: KingdomsView) -> None:
    kingdoms = tuple(Kingdom(t, 5, 1, 1, 3, 3, 0) for t in (10, 40, 10, 40))
    view.set_state(State(3, 10, kingdoms))
    assert [card.rank_label.text() for card in view.cards] == ["3rd", "1st", "3rd", "1st"]
    assert view.cards[1].status_label.text() == "40% of the land"
    assert view.cards[1].share_bar.fraction == pytest.approx(0.4)


def test_the_header_tells_the_round_and_the_end(view: KingdomsView) -> None:
    state = with_fallen(with_fallen(with_fallen(start_state(), 1), 2), 3)
    view.set_state(state)
    assert view.round_label.text() == "Round 0 / 500"
    assert view.end_label.text() == "over: only one kingdom is left"


@pytest.mark.parametrize("width, columns", [(1200, 4), (620, 2), (300, 1)])
def test_cards_flow_into_as_many_columns_as_fit(qtbot: QtBot, view: KingdomsView, width: int, columns: int) -> None:
    view.set_state(start_state())
    view.resize(width, 700)
    qtbot.waitUntil(lambda: view.columns() == columns, timeout=1000)
    layout = view.layout()
    assert layout is not None
    layout.activate()
    view.grab()  # paints the cards at their new places without errors
    tops = sorted({card.geometry().top() for card in view.cards})
    assert len(tops) == 4 // columns
    assert all(card.geometry().right() <= view.width() for card in view.cards)


def test_clicking_a_card_selects_that_kingdom(qtbot: QtBot, view: KingdomsView) -> None:
    view.set_state(start_state())
    view.kingdomClicked.connect(view.set_highlighted_kingdom)
    with qtbot.waitSignal(view.kingdomClicked) as clicked:
        qtbot.mouseClick(view.cards[3], Qt.MouseButton.LeftButton, pos=QPoint(20, 20))
    assert clicked.args == [3]
    assert view.highlighted_kingdom() == 3


def test_without_a_state_the_cards_are_hidden(view: KingdomsView) -> None:
    view.set_state(start_state())
    view.set_state(None)
    assert not any(card.isVisible() for card in view.cards)
    assert view.round_label.text() == "No kingdoms game"
