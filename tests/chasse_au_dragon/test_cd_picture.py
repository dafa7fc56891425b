"""La Chasse au Dragon's static picture (``game.picture(seat)``, issue 14 item 3): an SVG of the table drawn
from the observation, shown where no front end runs. It must parse, show what the observation holds (pile
sizes, the card met, camps, adventurers, the fight's throws, the management boards) and nothing a seat may
not see (digest section 7, CD-ZONE-7).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from dragonwidgets import ChasseAuDragonWidget
from dragonwidgets.games.chasse_au_dragon import ChasseGame
from picture_checks import (SVG, assert_plain_svg, assert_seat_pictures_blind_to_hidden, assert_widget_carries_picture,
                             first_reaching, svg_texts, svg_titles)
from random_play import random_prefix

NAME = "chasse_au_dragon"
SQUARE = re.compile(r"^Square (\d,\d) · (.+)$")
PAWN = re.compile(r"^(\w+)'s adventurer on (\d,\d)(, to play)?$")
ZONE = re.compile(r"^(\w+)'s (backpack|cage|vault|dungeon|equipment|pantry): (.+)$")
HIDDEN_ZONES = ("backpack", "cage", "vault", "dungeon")


def _first(players: int, until, **options) -> ChasseGame:
    return first_reaching(NAME, players, until, **options)


def _with_backpack(g: ChasseGame) -> bool:
    return any(sum(b.backpack.values()) for b in g.state.boards)


GAMES = [random_prefix(NAME, 2, 1, 0), random_prefix(NAME, 3, 2, 60), random_prefix(NAME, 4, 3, 150),
         random_prefix(NAME, 6, 4, 90), _first(3, _with_backpack), random_prefix(NAME, 5, 5, 10_000)]


def _square_groups(svg: str) -> dict[str, ET.Element]:
    """Each forest square's ``<g>`` (the one whose tooltip names it), by square id."""
    out = {}
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        title = g.find(f"{SVG}title")
        m = SQUARE.match(title.text or "") if title is not None else None
        if m:
            out[m.group(1)] = g
    return out


def _zones(svg: str) -> dict[tuple[str, str], str]:
    return {(m.group(1), m.group(2)): m.group(3) for m in map(ZONE.match, svg_titles(svg)) if m}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.players}p-step{g.step}")
def test_picture_is_plain_svg_with_a_title_and_viewbox(game):
    """Every view's picture is one XML ``<svg>`` with a viewBox and a title, no script, no CSS variable, no
    external resource, and under 60 kB."""
    rows = 1 if game.players <= 3 else 2
    for view in [None, *range(game.players)]:
        assert_plain_svg(game.picture(view), f"0 0 920 {56 + 512 + 18 + rows * 172}", "La Chasse au Dragon: ")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.players}p-step{g.step}")
def test_CD_BOARD_2_every_pile_is_drawn_with_its_size(game):
    """The 36 inner squares hold a pile each, drawn with its size (public, CD-BOARD-2, CD-INT-23); the 28
    edge squares none."""
    obs = game.observation(0)
    squares = _square_groups(game.picture(0))
    assert len(squares) == 64
    for sq, g in squares.items():
        words = g.find(f"{SVG}title").text
        texts = [t.text for t in g.iter(f"{SVG}text")]
        if sq not in obs["piles"]:
            assert "forest edge: no monsters" in words and not texts
            continue
        n = obs["piles"][sq]
        assert (f"a pile of {n} monster card(s), face down" if n else "empty pile: no more monsters here") in words
        r = obs["revealed"] if (obs["revealed"] or {}).get("square") == sq else None
        assert texts == ([str(r["power"]), r["card"], str(n)] if r else [str(n)] if n else [])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.players}p-step{g.step}")
def test_CD_SETUP_4_camps_and_adventurers_stand_where_the_observation_says(game):
    """Each seat's adventurer on its square, the one to play marked, and each camp on its square (CD-SETUP-4)."""
    obs = game.observation(None)
    names = [game.player_name(i) for i in range(game.players)]
    svg = game.picture(None)
    pawns = {m.group(1): (m.group(2), bool(m.group(3))) for m in map(PAWN.match, svg_titles(svg)) if m}
    expected = {names[s]: (where, not obs["is_over"] and s == obs["active_player"])
                for s, where in enumerate(obs["positions"]) if where}
    assert pawns == expected
    squares = _square_groups(svg)
    for seat, camp in enumerate(obs["camps"]):
        holding = [sq for sq, g in squares.items() if f"{names[seat]}'s camp" in g.find(f"{SVG}title").text]
        assert holding == ([camp] if camp else [])


def test_CD_ENC_1_the_card_turned_up_is_shown_face_up():
    """The monster an encounter turns up lies face up on its pile (its power and name) and the side panel
    names it (CD-ENC-1, CD-MON-1); a seat sees it as the teacher does."""
    game = _first(3, lambda g: g.state.phase == "encounter")
    r = game.observation(1)["revealed"]
    for view in (None, 0, 1, 2):
        svg = game.picture(view)
        g = _square_groups(svg)[r["square"]]
        assert [t.text for t in g.iter(f"{SVG}text")][:2] == [str(r["power"]), r["card"]]
        assert f"top card turned up: {r['card']} (power {r['power']})" in g.find(f"{SVG}title").text
        assert f"{r['card'].capitalize()} on {r['square']}" in svg_texts(svg)


def test_CD_COMBAT_1_the_fight_under_way_shows_every_throw_and_the_explosions():
    """A fight's throws are shown side by side; a throw at the die's maximum explodes and is marked
    (CD-COMBAT-1)."""
    def exploding(g):
        f = g.state.fight
        return g.state.phase == "combat" and f is not None and f.faces[0] in f.throws[0]

    game = _first(4, exploding, chance="manual")
    f = game.observation(None)["fight"]
    svg = game.picture(2)
    texts = svg_texts(svg)
    assert "Fight under way" in texts or "Duel under way" in texts
    after = texts[texts.index(game.player_name(game.state.active)):]
    assert after[1] == f"d{f['faces'][0]}"
    assert after[2:2 + len(f["throws"][0])] == [str(t) for t in f["throws"][0]]
    exploded = sum(t == f["faces"][s] for s in (0, 1) for t in f["throws"][s])
    assert svg.count('fill="#ffdcb3"') == exploded > 0


@pytest.mark.parametrize("game", GAMES[1:5], ids=lambda g: f"{g.players}p-step{g.step}")
def test_CD_ZONE_7_a_seat_sees_its_own_board_and_only_the_thickness_of_the_others(game):
    """A seat's picture shows its own six zones in full and, of the others, the backpack, cage, vault and
    dungeon only as a thickness word (CD-ZONE-7); the equipment and the pantry are public."""
    teacher = _zones(game.picture(None))
    obs = game.observation(None)
    names = [game.player_name(i) for i in range(game.players)]
    for seat in range(game.players):
        zones = _zones(game.picture(seat))
        assert len(zones) == 6 * game.players
        for other, name in enumerate(names):
            for zone in ("equipment", "pantry"):
                assert zones[(name, zone)] == teacher[(name, zone)]
            for zone in HIDDEN_ZONES:
                thick = obs["boards"][other]["thickness"][zone]
                hidden = f"{thick} (only its thickness can be judged)"
                assert zones[(name, zone)] == (teacher[(name, zone)] if other == seat else hidden)
                assert teacher[(name, zone)] != hidden


def test_CD_ZONE_1_a_backpack_shows_its_cards_and_their_sum_to_its_owner():
    """The owner's backpack lists its cards by type and their sum (CD-ZONE-1, CD-SCORE-1)."""
    game = GAMES[4]
    seat = next(i for i, b in enumerate(game.state.boards) if sum(b.backpack.values()))
    pack = game.state.boards[seat].backpack
    words = _zones(game.picture(seat))[(game.player_name(seat), "backpack")]
    total = sum(game.board_layout()["powers"][t] * n for t, n in pack.items())
    assert words.endswith(f"(= {total})")
    for kind, n in pack.items():
        if n:
            assert (f"{kind} ×{n}" if n > 1 else kind) in words


@pytest.mark.parametrize("game", GAMES[1:5], ids=lambda g: f"{g.players}p-step{g.step}")
def test_section_7_a_seat_picture_is_the_same_for_tables_differing_only_in_what_it_cannot_see(game):
    """``determinize(seat)`` redeals the piles and the others' face-down zones: the seat's picture stays
    identical, while the full table's picture of the redealt table differs (the hidden cards moved)."""
    assert_seat_pictures_blind_to_hidden(game, 11)


def test_section_7_only_the_teacher_picture_lists_the_piles_cards():
    """The teacher's square tooltips list each pile's cards top first (``hidden``); a seat's never do."""
    game = GAMES[2]
    hidden = game.observation(None)["hidden"]["piles"]
    teacher = _square_groups(game.picture(None))
    for sq, cards in hidden.items():
        words = teacher[sq].find(f"{SVG}title").text
        assert (f"teacher: {', '.join(cards)} (top first)" in words) == bool(cards)
    for seat in range(game.players):
        assert not any("teacher:" in t for t in svg_titles(game.picture(seat)))


def test_CD_END_1_a_finished_game_shows_the_winners_and_every_wealth():
    """At the end every board shows its wealth (the scores) and the winners are starred (CD-END-*, CD-SCORE-1)."""
    game = GAMES[-1]
    assert game.is_over
    out = game.outcome()
    texts = svg_texts(game.picture(0))
    for wealth in out.scores.values():
        assert f"wealth {wealth}" in texts
    won = " and ".join(game.player_name(w) for w in out.winners)
    assert texts[0].startswith(f"Game over: {won}")
    assert sum("★ winner" in t for t in texts) == len(out.winners)


def test_widget_display_data_carries_the_picture_as_html():
    """A widget's ``_repr_mimebundle_`` adds the picture of the view it shows as ``text/html``."""
    assert_widget_carries_picture(ChasseAuDragonWidget, 3, 2)
