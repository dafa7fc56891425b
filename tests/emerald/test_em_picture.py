"""Emerald's static picture (``game.picture(seat)``, issue 14 item 3): an SVG of the table drawn from the
observation, shown where no front end runs. It must parse, show what the observation holds (knight
stacks, face-up cards, the dragon, the seats' cards) and nothing a seat may not see (digest section 7).
"""

from __future__ import annotations

import re

import pytest

import dragonwidgets
from dragonwidgets import EmeraldWidget
from dragonwidgets.games.emerald.state import PAY_OR_LOSE
from picture_checks import (assert_plain_svg, assert_seat_pictures_blind_to_hidden, assert_widget_carries_picture,
                             first_reaching, svg_texts, svg_titles)
from random_play import random_prefix

STACK = re.compile(r"^(\d+) (\w+) knight\(s\) on (.+?)(?:, \d+ moved this turn)?$")
PILE = re.compile(r"^(gold|gem) pile of (M\d): (.+)$")


def _games():
    out = [random_prefix("emerald", p, seed, n) for p, seed, n in ((2, 1, 0), (3, 2, 40), (4, 3, 90), (5, 4, 150))]
    out.append(random_prefix("emerald", 3, 5, 10_000))  # over: every gold value shown, scores
    return out


GAMES = _games()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.players}p-step{g.step}")
def test_picture_is_plain_svg_with_a_title_and_viewbox(game):
    """Every view's picture is one XML ``<svg>`` with a viewBox and a title, no script, no CSS variable, no
    external resource, and under 60 kB."""
    for view in [None, *range(game.players)]:
        assert_plain_svg(game.picture(view), "0 0 960 760", "Emerald: ")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.players}p-step{g.step}")
def test_EM_SETUP_11_every_knight_stack_is_drawn_with_its_count(game):
    """One stack per colour and space, with its count, for the castle, the path, the lair and the nest
    (EM-SETUP-11, EM-LAIR-*): the stacks in the picture are exactly the observation's."""
    obs = game.observation(0)
    drawn = {}
    for title in svg_titles(game.picture(0)):
        m = STACK.match(title)
        if m:
            count, colour, where = int(m.group(1)), m.group(2), m.group(3)
            key = (where.replace("the lair", "LAIR").replace("the nest", "NEST"), colour)
            drawn[key] = drawn.get(key, 0) + count
    names = {c: info["name"].lower() for c, info in game.board_layout()["colours"].items()}
    expected = {}
    for space, here in obs["knights"].items():
        for colour, n in here.items():
            if n:
                expected[(space, names[colour])] = n
    assert drawn == expected
    assert sum(drawn.values()) == sum(sum(here.values()) for here in obs["knights"].values())


@pytest.mark.parametrize("game", GAMES[:4], ids=lambda g: f"{g.players}p-step{g.step}")
def test_EM_CARD_2_each_pile_shows_its_face_up_card_and_the_face_down_count(game):
    """Each mountain pile shows its top card face up (a gold card's value as text) and its face-down
    cards as ``+n`` (EM-CARD-2), as the observation has them."""
    obs = game.observation(1)
    svg = game.picture(1)
    gems = game.board_layout()["gems"]
    piles = {(m.group(1), m.group(2)): m.group(3) for m in map(PILE.match, svg_titles(svg)) if m}
    assert len(piles) == 18
    texts = svg_texts(svg)
    for square, two in obs["piles"].items():
        for kind, pile in two.items():
            words = piles[(kind, square)]
            top = pile["top"]
            if top is None:
                assert words == (f"{pile['count']} face down, the top one to be turned up" if pile["count"] else "empty")
                continue
            name = f"gold {top['value']}" if kind == "gold" else gems[top["gem"]]["name"]
            assert words == f"{name} face up, {pile['count'] - 1} face down"
            if kind == "gold":
                assert str(top["value"]) in texts
            if pile["count"] > 1:
                assert f"+{pile['count'] - 1}" in texts


def test_EM_DRAGON_1_the_dragon_its_track_and_the_turn_are_shown():
    """The dragon beside its square with its facing (EM-DRAGON-1), the flight track's squares and position
    (EM-TRACK-*), and the headline names who decides what."""
    game = dragonwidgets.new_game("emerald", players=3, seed=1, first_player=0)
    svg = game.picture(None)
    titles = svg_titles(svg)
    d = game.observation()["dragon"]
    assert f"Dragon beside {d['square']}, facing the {d['facing']}" in titles
    assert "Flight track beside M1-M4, position 1 of 6" in titles
    assert "Turn 1 · Black to select a knight (first knight) · the full table" in svg_texts(svg)


def test_section_7_a_seat_sees_its_gold_values_and_only_the_number_of_the_others():
    """A seat's picture shows its own gold cards with their values and the others' as backs with their
    number (digest section 7); the full table's shows every value."""
    game = random_prefix("emerald", 3, 2, 120)
    obs = game.observation(None)
    assert sum(h["gold_count"] > 0 for h in obs["hands"]) >= 2, "the test needs two seats with gold"
    worth = re.compile(r"^gold card worth (\d+)$")
    for seat in range(3):
        titles = svg_titles(game.picture(seat))
        shown = sorted(int(m.group(1)) for m in map(worth.match, titles) if m)
        assert shown == sorted(obs["hands"][seat]["gold"])
        for other in obs["hands"]:
            n = other["gold_count"]
            if other["seat"] != seat and n:
                assert f"{n} gold card(s), values hidden from this view" in titles
    every = sorted(int(m.group(1)) for m in map(worth.match, svg_titles(game.picture(None))) if m)
    assert every == sorted(v for h in obs["hands"] for v in h["gold"])


@pytest.mark.parametrize("game", GAMES[1:4], ids=lambda g: f"{g.players}p-step{g.step}")
def test_section_7_a_seat_picture_is_the_same_for_tables_differing_only_in_what_it_cannot_see(game):
    """``determinize(seat)`` redeals the face-down cards, the box and the others' gold: the seat's picture
    stays identical, while the full table's picture of the redealt table differs (so the hidden cards
    were really moved)."""
    assert_seat_pictures_blind_to_hidden(game, 7)


def test_teacher_picture_names_the_face_down_cards_a_seat_picture_does_not():
    """The teacher's view holds each pile's face-down cards: its pile tooltips list them, top first; a seat's
    pile tooltips end at the count (EM-CARD-2, digest section 7)."""
    game = random_prefix("emerald", 3, 6, 30)
    obs = game.observation(None)
    gems = game.board_layout()["gems"]
    teacher = {(m.group(1), m.group(2)): m.group(3) for m in map(PILE.match, svg_titles(game.picture(None))) if m}
    for (kind, square), words in teacher.items():
        cards = [f"gold {c['value']}" if c["kind"] == "gold" else gems[c["gem"]]["name"]
                 for c in reversed(obs["face_down"][square][kind])]
        assert words.endswith(f" ({', '.join(cards)})") if cards else "(" not in words
    seat = [m.group(3) for m in map(PILE.match, svg_titles(game.picture(0))) if m]
    assert len(seat) == 18 and not any("(" in words for words in seat)


def test_EM_CAPTURE_6_a_pending_capture_is_shown_to_the_knights_owner():
    """While a captured knight's owner decides (EM-CAPTURE-6), the headline names that seat and its
    block says what the dragon holds."""
    game = first_reaching("emerald", 3, lambda g: g.state.phase == PAY_OR_LOSE)
    pending = game.observation()["pending"]
    owner = pending["victim_owner"]
    texts = svg_texts(game.picture(owner))
    name = game.player_name(owner)
    assert any(t.startswith(f"Turn {game.state.turn} · {name} to pay the dragon or lose the knight") for t in texts)
    assert any(t.startswith("Dragon holds a ") and t.endswith(f"on {pending['square']}: pay one gold card or lose it")
               for t in texts)


def test_EM_SCORE_1_a_finished_game_shows_scores_and_winners():
    """At the end each seat's block shows its points and the winners are starred (EM-SCORE-*)."""
    game = GAMES[-1]
    assert game.is_over
    texts = svg_texts(game.picture(1))
    out = game.outcome()
    for points in out.scores.values():
        assert f"{points} pts" in texts
    assert sum(t.startswith("★ winner") for t in texts) == len(out.winners)  # (then "(this view)" on the viewer's)
    assert texts[0].startswith("Game over: ")


def test_widget_display_data_carries_the_picture_as_html():
    """A widget's ``_repr_mimebundle_`` adds the picture of the view it shows as ``text/html``."""
    assert_widget_carries_picture(EmeraldWidget, 3, 1)
