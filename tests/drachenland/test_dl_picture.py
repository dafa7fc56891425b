"""The static picture of the table (``game.picture(player)``, :func:`board_svg`), for notebooks shown
where no front end runs: it parses, shows what the observation shows, and nothing a seat may not see
(digest section 7: face-down tokens and the boxed token (DL-SETUP-5), other seats' hoards (DL-INT-29)).
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
import random_play

from dragonwidgets.games.drachenland import DrachenlandGame
from dragonwidgets.widgets import DrachenlandWidget
from dragonwidgets.widgets.static_picture import picture_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    """The picture as XML; fails the test when it is not well formed."""
    return ET.fromstring(svg)


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == cls]


def titles(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}title")]


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def gem_word(name: str, n: int) -> str:
    """``ruby`` for one, ``rubies`` for more."""
    return name if n == 1 else f"{name[:-1]}ies" if name.endswith("y") else f"{name}s"


def tables() -> list[DrachenlandGame]:
    """Tables met in seeded random play: openings, turns under way with face-up tokens and dragons."""
    return [random_play.random_prefix("drachenland", players, seed, steps)
            for players, seed, steps in ((2, 1, 0), (3, 4, 60), (4, 5, 120), (4, 9, 260), (3, 2, 400))]


def finished(players: int, seed: int) -> DrachenlandGame:
    g = random_play.random_prefix("drachenland", players, seed, 0)
    rng = random.Random(seed)
    while not g.is_over:
        legal = g.legal_actions()
        takes = [a for a in legal if a.id.startswith("take")]
        g.apply(rng.choice(takes or legal))
    return g


@pytest.mark.parametrize("g", tables(), ids=lambda g: f"{g.players}p-step{g.step}")
def test_picture_is_a_plain_scalable_svg(g: DrachenlandGame) -> None:
    """Every view's picture is well-formed SVG with a viewBox and a title, fixed colours, no script or
    external reference, under 60 kB."""
    for viewer in (None, *range(g.players)):
        svg = g.picture(viewer)
        root = parse(svg)
        assert root.tag == f"{SVG}svg"
        assert len(root.get("viewBox").split()) == 4
        assert root.find(f"{SVG}title").text.startswith("Drachenland")
        assert "<script" not in svg and "var(" not in svg and "href" not in svg and "url(" not in svg
        assert len(svg.encode()) < 60_000


@pytest.mark.parametrize("g", tables(), ids=lambda g: f"{g.players}p-step{g.step}")
def test_picture_shows_the_observed_table(g: DrachenlandGame) -> None:
    """The adventurers on the land, the face-down and face-up tokens, the royal dragons, each volcano's
    eggs and gems, held tokens and the seat's own hoard are drawn as the observation has them."""
    seat = g.current_player if g.current_player is not None and g.current_player >= 0 else 0
    obs = g.observation(seat)
    layout = g.board_layout()
    root = parse(g.picture(seat))
    on_land = [(p, c, node) for p, where in enumerate(obs["adventurers"]) for c, node in where.items() if node]
    assert len(groups(root, "dl-adventurer")) == len(on_land)
    tips = titles(root)
    for p, c, node in on_land:
        assert f"{layout['shapes'][p]['name']}' {c} adventurer on {node}" in tips
    volcanoes = obs["volcanoes"]
    assert len(groups(root, "dl-token-back")) == sum(v["face_down"] for v in volcanoes.values())
    face_up = [(v, x["token"]) for v, x in volcanoes.items() if x["token"] and not x["token"].startswith("royal_dragon_")]
    assert len(groups(root, "dl-token-face")) == len(face_up)
    for v, kind in face_up:
        assert f"{v}: {layout['tokens'][kind]} token, face up" in tips
    assert len(groups(root, "dl-dragon")) == sum(1 for where in obs["dragons"].values() if where)
    for v, x in volcanoes.items():
        if x["eggs"]:
            assert f"{v}: {x['eggs']} dragon egg{'s' if x['eggs'] > 1 else ''}" in tips
        for gem, n in x["gems"].items():
            if n:
                assert f"{v}: {n} {gem_word(layout['gems'][gem]['name'], n)}" in tips
    shown_counts = [t for t in texts(root) if t.isdigit()]
    for n in obs["hoards"][seat].values():
        assert str(n) in shown_counts
    words = " ".join(texts(root))
    for held in obs["tokens"]:
        for kind, n in held.items():
            if n:
                assert layout["tokens"][kind] in words


def test_picture_names_whose_turn_and_the_dice() -> None:
    """The turn box names the seat to move and the decision; the dice box shows the faces rolled."""
    g = random_play.random_prefix("drachenland", 3, 4, 60)
    obs = g.observation(None)
    root = parse(g.picture())
    words = texts(root)
    assert g.player_name(obs["active_player"]) in words
    assert any(w.startswith("now: ") for w in words)
    dice = groups(root, "dl-die")
    assert len(dice) == 2
    if obs["dice"]:
        for die, value in zip(dice, obs["dice"]):
            assert f"shows {value}" in die.find(f"{SVG}title").text


@pytest.mark.parametrize("players,seed,steps", [(2, 3, 40), (3, 4, 60), (4, 5, 120), (4, 8, 200)])
def test_seat_picture_shows_nothing_the_seat_cannot_see(players: int, seed: int, steps: int) -> None:
    """Digest section 7, DL-SETUP-5: two tables that differ only in the face-down tokens and the boxed
    token (``determinize``) give a seat the same picture, text for text; the teacher's pictures differ
    (the teacher's view names the face-down tokens in their tooltips), so the comparison can fail."""
    g = random_play.random_prefix("drachenland", players, seed, steps)
    rng = random.Random(seed)
    for seat in range(players):
        twins = [g.determinize(seat, rng) for _ in range(6)]
        assert all(twin.picture(seat) == g.picture(seat) for twin in twins)
        hidden = g.observation(None)["hidden"]["face_down"]
        if len(set(hidden.values())) > 1:
            assert any(twin.picture(None) != g.picture(None) for twin in twins)
        assert "teacher's view knows" not in g.picture(seat)


def test_seat_picture_keeps_other_hoards_behind_their_screens() -> None:
    """DL-INT-29 (digest section 7): a seat's picture shows its own hoard and 'behind the screen' for the
    others; the teacher's shows every hoard, and so does every picture once the game is over."""
    g = random_play.random_prefix("drachenland", 4, 5, 160)
    for seat in range(4):
        root = parse(g.picture(seat))
        assert texts(root).count("behind the screen") == 3
    assert "behind the screen" not in g.picture(None)
    end = finished(3, 6)
    for seat in range(3):
        root = parse(end.picture(seat))
        assert "behind the screen" not in texts(root)
        words = texts(root)
        for f in end.observation(seat)["final"]:
            assert any(w.startswith(f"{f['score']} point{'' if f['score'] == 1 else 's'}: ") for w in words)
        assert any(w.startswith("★ ") for w in words)


def test_DL_SCORE_5_final_score_words_say_one_point_in_the_singular() -> None:
    """DL-SCORE-5: the final line says "1 point", "0 points", "7 points" (it said "1 points")."""
    from dragonwidgets.games.drachenland.picture_panels import _final_words

    assert _final_words({"score": 1, "sets": 0}, {}).startswith("1 point: 0 sets of")
    assert _final_words({"score": 0, "sets": 0}, {}).startswith("0 points: ")
    assert _final_words({"score": 7, "sets": 1}, {}).startswith("7 points: 1 set of")


def test_widget_display_data_carries_the_picture_as_html() -> None:
    """A widget's display data holds the picture of the view it shows (``text/html``) beside the
    widget view and the text board; a seat's view gives that seat's picture."""
    g = random_play.random_prefix("drachenland", 3, 4, 60)
    w = DrachenlandWidget(game=g)
    data, _ = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data and "text/plain" in data
    assert picture_svg(data["text/html"]) == g.picture(None)
    w.viewer = "1"
    data, _ = w._repr_mimebundle_()
    assert picture_svg(data["text/html"]) == g.picture(1)
    assert re.search(r"<svg[^>]*viewBox=", picture_svg(data["text/html"]))
