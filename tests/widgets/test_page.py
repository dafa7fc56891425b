"""``dragonwidgets.to_html``: a game as one HTML page (issue 14, item 2), tested without a browser.

The page's data is decoded here (``read_page``, ``page_traits``: the Python twin of ``js/page.js``) and
compared, step by step, with what a live widget holds at the same step. A seat's page holds what that
seat's view receives and nothing more (digest sections on hidden information, e.g. EM-HIDDEN).
"""

from __future__ import annotations

import base64
import html
import json
import random
import re
import zlib

import anywidget
import pytest

import dragonwidgets
from dragonwidgets import ChasseAuDragonWidget, DrachenlandWidget, DraghanWidget, EmeraldWidget
from dragonwidgets.engine import CHANCE
from dragonwidgets.widgets import page
from dragonwidgets.widgets.arguments import STATIC
from dragonwidgets.widgets.page import KEYFRAME_EVERY, page_traits, read_page, to_html

#: The traits a page sets itself: it replays a recorded game (no action to choose, no bot playing) in one view.
PAGE_SETS = {"can_act": False, "playing": False, "last_error": "", "version": 0, "recording": {},
             # no kernel to analyse in a page; a review comes only when to_html(..., review=) is given
             "analysis": {"offline": True, "state": "off"}, "review": {"state": "off", "offline": True}}
WIDGETS = {"emerald": EmeraldWidget, "drachenland": DrachenlandWidget, "chasse_au_dragon": ChasseAuDragonWidget,
           "draghan": DraghanWidget}


def _played(name: str, players: int, seed: int, entries: int, chance: str = "auto"):
    """A game of random play (seeded) with at least ``entries`` history entries, or to its end."""
    game = dragonwidgets.new_game(name, players=players, seed=seed, chance=chance)
    rng = random.Random(seed)
    while not game.is_over and game.history_length < entries:
        game.apply(rng.choice(game.legal_actions()))
    return game


def _live(game, viewer: str):
    return WIDGETS[game.name](game=game, seats=["human"] * game.players, viewer=viewer, playing=False)


@pytest.mark.parametrize("name,players,viewer,chance,seed", [
    ("emerald", 3, "teacher", "auto", 7),
    ("emerald", 3, "1", "manual", 7),
    ("drachenland", 4, "2", "auto", 7),
    ("chasse_au_dragon", 3, "0", "auto", 7),
    ("draghan", 2, "teacher", "auto", 8),  # (seed 7's random game ends at step 13)
])
def test_every_step_of_a_page_is_what_the_live_widget_shows_there(name, players, viewer, chance, seed, tmp_path,
                                                                  monkeypatch):
    monkeypatch.setattr(page, "KEYFRAME_EVERY", 16)  # several keyframes in a short game
    game = _played(name, players, seed=seed, entries=70, chance=chance)
    assert game.history_length > 2 * 16, "a game too short for the keyframes and the changes between"
    game.goto(game.history_length // 2)
    record = game.to_record()
    data = read_page(to_html(game, tmp_path / "game.html", viewer=viewer))
    assert game.to_record() == record, "writing the page changed the game"
    assert data["start"] == game.step == record["step"]
    live = _live(game, viewer)
    compared = set(live.trait_names(sync=True)) - set(anywidget.AnyWidget.class_trait_names(sync=True))
    compared -= {*PAGE_SETS, "viewer_choices"}
    assert {"observation", "legal_actions", "log", "text", "status", "player_names", "board"} < compared
    for k in range(game.history_length + 1):
        live.goto(k)
        state = live.get_state()
        shown = page_traits(data, k)
        if live.game.current_player == CHANCE:  # nothing to pick or roll in a page (issue 27 item 14)
            head = state["status"].split(". Chance decides: ")[0].replace(" (pick it)", "")
            where = ("→ on the timeline shows what it drew" if k < game.history_length
                     else "the recorded game stops here, before the draw")
            assert shown["status"] == f"{head}. Chance decides: {where}.", f"step {k}"
            state["status"] = shown["status"]
        assert {n: shown[n] for n in compared} == {n: state[n] for n in compared}, f"step {k}"
        assert {n: shown[n] for n in PAGE_SETS} == PAGE_SETS
        assert shown["viewer_choices"] == [viewer]  # the page shows one view
    assert data["keyframe_every"] == 16
    for key in range(16, game.history_length + 1, 16):  # a keyframe needs no step before it
        cut = {**data, "steps": [None] * key + data["steps"][key:]}
        assert page_traits(cut, key) == page_traits(data, key)
    between = [k for k in range(len(data["steps"])) if k % 16]
    diffed = sum(len(json.dumps(data["steps"][k].get("observation", []))) for k in between)
    whole = sum(len(json.dumps(page_traits(data, k)["observation"])) for k in between)
    assert diffed < whole / 3, "the observation is not sent as changes"


def test_undo_in_a_page_skips_the_chance_outcomes_drawn_after_a_decision(tmp_path):
    """The page's Undo steps as ``Game.undo`` does: ``autos`` marks the entries chance drew by itself."""
    game = _played("emerald", 3, seed=3, entries=60)  # the dragon die is rolled automatically
    data = read_page(to_html(game, tmp_path / "g.html"))
    assert data["autos"] == "".join("1" if game.entry(i).auto else "0" for i in range(game.history_length))
    assert "1" in data["autos"] and "0" in data["autos"]


def _secret_gold(observation: dict, seat: int) -> dict[int, list[int]]:
    return {h["seat"]: h["gold"] for h in observation["hands"] if h["seat"] != seat and h["gold"]}


def test_a_seats_page_holds_no_card_that_seat_cannot_see(tmp_path):
    """EM-HIDDEN: another seat's gold values and the face-down cards stay out of seat 0's page, at every
    step; the teacher's page of the same game has them (so the check can fail)."""
    game = _played("emerald", 3, seed=1, entries=150)
    seat_data = read_page(to_html(game, tmp_path / "seat0.html", viewer=0))
    teacher_data = read_page(to_html(game, tmp_path / "teacher.html", viewer="teacher"))
    hidden_steps = 0
    for k in range(game.history_length + 1):
        game.goto(k)
        seat, teacher = page_traits(seat_data, k), page_traits(teacher_data, k)
        assert seat["observation"] == game.observation(0)
        assert seat["log"] == game.log(0, last=60)
        secret = _secret_gold(teacher["observation"], 0)
        if secret:
            hidden_steps += 1
            assert not _secret_gold(seat["observation"], 0)
            assert all(seat["observation"]["hands"][s]["gold"] is None for s in secret)
            assert secret == _secret_gold(game.observation(None), 0)
        for action in seat["legal_actions"]:
            assert not any(re.match(r"hand/[12]/gold/", t) for t in action["targets"])
    assert hidden_steps > 20, "the other seats never held gold: pick another seed"
    seat_text = json.dumps(seat_data)
    assert '"face_down"' not in seat_text and '"out_of_game"' not in seat_text
    assert '"face_down"' in json.dumps(teacher_data)


def _data_script(text: str) -> str:
    return re.search(r'<script type="application/json" id="dw-data">(.*?)</script>', text, re.S).group(1)


def test_the_page_is_one_file_that_asks_nothing_of_the_network(tmp_path):
    game = _played("drachenland", 3, seed=2, entries=40)
    text = to_html(game, tmp_path / "g.html", viewer=1).read_text(encoding="utf-8")
    assert not re.search(r"\b(src|href|action|srcset)\s*=", text, re.I), "the page refers to another file"
    assert "default-src 'none'" in text and "connect-src 'none'" in text  # the browser forbids requests
    bundle = re.search(r'<script type="text/plain" id="dw-bundle">(.*?)</script>', text, re.S).group(1)
    assert zlib.decompress(base64.b64decode(bundle)) == (STATIC / "drachenland.js").read_bytes()
    script = text.split('<script type="module">', 1)[1].rsplit("</script>", 1)[0]
    assert "createPageModel" in script and "</script" not in script.lower()
    header = json.loads(_data_script(text))
    assert (header["format"], header["game"], header["viewer"], header["steps"]) == (
        page.FORMAT, "drachenland", "1", game.history_length)
    assert "Drachenland, 3 players" in text and "exported from dragonwidgets" in text


def test_a_script_end_in_the_inlined_javascript_is_escaped():
    js = 'const a = "</script><!--"; // </SCRIPT>'
    out = page._inline_script(js)
    assert "</script" not in out.lower() and "<!--" not in out
    assert out == 'const a = "<\\/script><\\!--"; // <\\/SCRIPT>'


@pytest.mark.parametrize("viewer", ["hotseat", 3, "3", -1, "-1", "Teacher", True, None, 1.0])
def test_a_bad_viewer_is_refused_naming_the_choices_and_writes_nothing(viewer, tmp_path):
    game = _played("emerald", 3, seed=1, entries=5)
    with pytest.raises(ValueError, match=r"viewer must be 'teacher' or a seat of this 3-player game \(0, 1, 2"):
        to_html(game, tmp_path / "g.html", viewer=viewer)
    assert not list(tmp_path.iterdir())


def test_to_html_takes_a_game_and_says_what_to_pass_for_a_widget(tmp_path):
    w = EmeraldWidget(players=2, seed=1, playing=False)
    with pytest.raises(TypeError, match=r"pass w.game or call w.to_html\(path\)"):
        to_html(w, tmp_path / "g.html")
    with pytest.raises(TypeError, match="takes a dragonwidgets Game"):
        to_html({"game": "emerald"}, tmp_path / "g.html")


@pytest.mark.parametrize("name, seat, who", [("emerald", 0, "Black's view only"), ("drachenland", 1, "Dwarves' view only")])
def test_the_pages_title_names_the_seat_whose_view_it_is(name, seat, who, tmp_path):
    """A people's plural name takes the apostrophe alone ("Dwarves' view", not "Dwarves's view")."""
    path = to_html(dragonwidgets.new_game(name, players=3, seed=1), tmp_path / "p.html", viewer=str(seat))
    text = html.unescape(path.read_text(encoding="utf-8"))
    assert f": {who}</h1>" in text and "s's view" not in text


def test_paths_str_pathlike_and_home_are_accepted_and_a_missing_folder_writes_nothing(tmp_path, monkeypatch):
    game = _played("emerald", 2, seed=1, entries=8)
    out = to_html(game, str(tmp_path / "a.html"))
    assert out == (tmp_path / "a.html").resolve() and out.is_file()
    monkeypatch.setenv("HOME", str(tmp_path))
    assert to_html(game, "~/b.html") == (tmp_path / "b.html").resolve()
    with pytest.raises(FileNotFoundError):
        to_html(game, tmp_path / "missing" / "c.html")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.html", "b.html"]


def test_the_widget_method_writes_its_own_view_and_changes_nothing(tmp_path):
    w = EmeraldWidget(players=3, seed=4, seats=["greedy"] * 3, viewer="2", playing=False)
    for _ in range(30):
        w.bot_step()
    w.goto(10)
    before = {k: v for k, v in w.get_state().items() if k != "version"}
    data = read_page(w.to_html(tmp_path / "w.html"))
    assert {k: v for k, v in w.get_state().items() if k != "version"} == before
    assert data["traits"]["viewer"] == "2" and data["start"] == 10
    assert page_traits(data, 10)["observation"] == w.observation
    assert read_page(w.to_html(tmp_path / "t.html", viewer="teacher"))["traits"]["view_seat"] is None
    w.viewer = "hotseat"
    with pytest.raises(ValueError, match="'hotseat'"):
        w.to_html(tmp_path / "h.html")
    assert dragonwidgets.to_html is to_html


def test_page_traits_refuses_a_step_outside_the_line(tmp_path):
    data = read_page(to_html(_played("emerald", 2, seed=1, entries=4), tmp_path / "g.html"))
    with pytest.raises(IndexError, match=r"step must be in 0\.\.4, got 5"):
        page_traits(data, 5)
    (tmp_path / "other.html").write_text("<html><body>a game</body></html>")
    (tmp_path / "broken.html").write_text('<script type="application/json" id="dw-data">{"data": "x"}</script>')
    for name in ("other.html", "broken.html"):
        with pytest.raises(ValueError, match="not a page written by dragonwidgets.to_html"):
            read_page(tmp_path / name)


def test_a_200_step_emerald_page_is_within_its_size_budget(tmp_path):
    """Issue 14's budget: at most 1 MB for a 200-step Emerald game (bundles included)."""
    game = _played("emerald", 4, seed=5, entries=200)
    assert game.history_length >= 200 or game.is_over
    for viewer in ("teacher", 0):
        size = to_html(game, tmp_path / f"{viewer}.html", viewer=viewer).stat().st_size
        assert size <= 1_000_000, f"{size} bytes"
    assert KEYFRAME_EVERY == 256
