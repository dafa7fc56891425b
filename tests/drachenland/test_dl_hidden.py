"""Hidden information (digest section 7, DL-INT-29, DL-VAR2-1): what each seat's observation may hold.

A seat sees the public table (volcano contents, revealed tokens, dragons, adventurers, rings, held
tokens, dice), its own hoard and the public log; never the face-down tokens, the boxed 16th token or
another seat's hoard (unless Variant 2, or the game is over).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
import random_play
from hypothesis import given, settings
from hypothesis import strategies as st

from dragonwidgets.games.drachenland import DrachenlandGame
from dragonwidgets.games.drachenland.state import HOARD_ITEMS

PUBLIC_KEYS = {
    "game", "step", "players", "current_player", "is_over", "outcome", "viewer", "decision", "active_player",
    "turn", "opening_distance", "dice", "dice_used", "chosen_die", "volcanoes", "dragons", "adventurers", "rings",
    "ring_supply", "tokens", "hoards", "used", "action", "eggs_left", "final", "options",
}
GEM_WORD = {**{k: k for k in HOARD_ITEMS}, **{k + "s": k for k in HOARD_ITEMS}, "rubies": "ruby"}


def random_prefix(players: int, seed: int, steps: int, **options) -> DrachenlandGame:
    """A seeded random game of drachenland after ``steps`` decisions (or at its end)."""
    return random_play.random_prefix("drachenland", players, seed, steps, **options)


def play_to_end(g: DrachenlandGame, seed: int) -> DrachenlandGame:
    rng = random.Random(seed)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g


def permute_hidden(game: DrachenlandGame, rng: random.Random) -> bool:
    """Permute the face-down tokens and the boxed token among themselves; return whether anything moved."""
    s = game.state
    slots = sorted(s.face_down)
    kinds = [s.token[v] for v in slots] + [s.boxed]
    new = list(kinds)
    rng.shuffle(new)
    for v, k in zip(slots, new):
        s.token[v] = k
    s.boxed = new[-1]
    game._legal_cache = None
    return new != kinds


# ---------------------------------------------------------------------- a seat's view (section 7)

@pytest.mark.parametrize("players", [2, 3, 4])
def test_section_7_seat_view_own_hoard_only(players):
    """Section 7, DL-TREASURE-5, DL-INT-29: a seat sees its own hoard and None for the others; no `hidden` key."""
    g = random_prefix(players, seed=31, steps=900)
    assert any(sum(h.values()) for h in g.state.hoards), "some treasure was taken by now"
    for seat in range(players):
        obs = g.observation(seat)
        assert set(obs) == PUBLIC_KEYS and "hidden" not in obs
        assert obs["viewer"] == seat
        assert obs["hoards"][seat] == g.state.hoards[seat]
        assert all(h is None for i, h in enumerate(obs["hoards"]) if i != seat)
        assert obs["outcome"] is None and obs["final"] is None  # scores only at the end


@pytest.mark.parametrize("players", [2, 4])
def test_section_7_face_down_tokens_have_no_kind(players):
    """Section 7, DL-SETUP-5, DL-MOVE-6: a face-down volcano shows no token kind and no ring to any seat."""
    g = random_prefix(players, seed=32, steps=700)
    s = g.state
    assert s.face_down and len(s.face_down) < 15, "some volcanoes revealed, some not"
    for seat in range(players):
        vols = g.observation(seat)["volcanoes"]
        for v, info in vols.items():
            if v in s.face_down:
                assert info["face_down"] is True and info["token"] is None and info["ring"] is False
            else:
                assert info["face_down"] is False and info["token"] == s.token[v]
        assert all(where not in s.face_down for where in g.observation(seat)["dragons"].values())


def test_section_7_teacher_view_has_the_hidden_tokens():
    """Section 7: the full table (viewer None) lists every face-down token and the boxed one under `hidden`."""
    g = random_prefix(3, seed=33, steps=500)
    obs = g.observation()
    s = g.state
    assert obs["viewer"] is None and set(obs) == PUBLIC_KEYS | {"hidden"}
    assert obs["hidden"] == {"face_down": {v: s.token[v] for v in sorted(s.face_down)}, "boxed": s.boxed}
    assert obs["hoards"] == s.hoards  # the teacher sees every hoard
    assert Counter(list(obs["hidden"]["face_down"].values()) + [s.boxed]) <= Counter(g.board.pool)


def test_section_7_text_board_is_public():
    """Section 7: the text board (repr) shows '?' for face-down tokens and no hoard contents."""
    g = random_prefix(3, seed=34, steps=800)
    text = repr(g)
    for v in g.state.face_down:
        assert re.search(rf"^{v} .* token \?", text, re.M)
    assert "egg=" not in text and "hoard" not in text.lower()


def test_section_7_no_seed_or_generator_in_a_seat_view():
    """Section 7: a seat's observation holds no random-generator state (the seed would give the hidden tokens)."""
    g = random_prefix(2, seed=987654, steps=50)
    for seat in range(2):
        text = json.dumps(g.observation(seat))
        assert "987654" not in text and "seed" not in text and "rng" not in text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_section_7_observations_are_json(players):
    """Section 7, DESIGN views: every seat's and the teacher's observation survives a JSON round-trip."""
    g = random_prefix(players, seed=35, steps=1200)
    for viewer in [None, *range(players)]:
        obs = g.observation(viewer)
        assert json.loads(json.dumps(obs)) == obs


# ---------------------------------------------------------------------- Variant 2 and the end (DL-VAR2, DL-INT-29)

def test_DL_VAR2_1_open_hoards_show_every_hoard():
    """DL-VAR2-1, DL-INT-29: with variant_open_hoards every seat sees every hoard; tokens stay hidden."""
    g = random_prefix(3, seed=36, steps=1000, variant_open_hoards=True)
    for seat in range(3):
        obs = g.observation(seat)
        assert obs["hoards"] == g.state.hoards and obs["options"]["variant_open_hoards"] is True
        assert "hidden" not in obs
    closed = random_prefix(3, seed=36, steps=1000)
    assert closed.observation(0)["hoards"][1] is None


@pytest.mark.parametrize("players", [2, 3])
def test_section_7_hoards_shown_at_the_end(players):
    """Section 7 (scores revealed at the end), DL-SCORE-1: once over, every seat sees every hoard and the scores."""
    g = play_to_end(DrachenlandGame(players=players, seed=37), 37)
    for seat in range(players):
        obs = g.observation(seat)
        assert obs["hoards"] == g.state.hoards
        assert [f["score"] for f in obs["final"]] == [g.scores()[i] for i in range(players)]
        assert obs["outcome"]["winners"] == g.winners()
        assert "hidden" not in obs  # the boxed token is never revealed, not even at the end


def test_DL_INT_29_log_is_public_and_names_the_items():
    """DL-INT-29, section 7: every seat reads the same log; each take names the volcano and the items."""
    g = random_prefix(3, seed=38, steps=2500)
    full = g.log(None)
    for seat in range(3):
        assert g.log(seat) == full
    takes = [r for r in full if r["kind"] == "treasure_taken"]
    assert takes
    for row in takes:
        assert re.search(r"takes \d+ (egg|rub(y|ies)|emeralds?|sapphires?|diamond)\b.* on V\d\d\.$", row["text"])
    reveals = [r for r in full if r["kind"] == "token_revealed"]
    assert reveals and all(re.search(r"The token on V\d\d is turned face up: \w", r["text"]) for r in reveals)


def hoards_from_log(rows: list[dict], players: int) -> list[Counter]:
    """Rebuild every hoard from the public log texts alone (what a seat that remembers everything knows)."""
    out = [Counter() for _ in range(players)]
    for row in rows:
        if row["kind"] != "treasure_taken":
            continue
        m = re.search(r"takes (.+?)(?: and the [\w ]+ token)? on V\d\d\.$", row["text"])
        assert m, row["text"]
        for part in m.group(1).split(", "):
            n, word = part.split(" ", 1)
            out[row["player"]][GEM_WORD[word]] += int(n)
    return out


@pytest.mark.parametrize("players, seed", [(2, 40), (3, 41), (4, 42)])
def test_DL_INT_29_hoards_can_be_rebuilt_from_the_public_log(players, seed):
    """DL-INT-29: every take is public, so a seat's log rebuilds every hoard exactly (the screens only hide)."""
    g = random_prefix(players, seed=seed, steps=3000)
    for seat in range(players):
        rebuilt = hoards_from_log(g.log(seat), players)
        assert [{k: rebuilt[i][k] for k in HOARD_ITEMS} for i in range(players)] == g.state.hoards


# ---------------------------------------------------------------------- only hidden things change (property)

@settings(max_examples=20, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 1500),
       shuffle=st.integers(0, 999))
def test_section_7_seat_view_unchanged_when_hidden_tokens_move(players, seed, steps, shuffle):
    """Section 7, DL-SETUP-5: permuting the face-down tokens and the boxed token leaves every seat's
    observation (and legal actions) as they were; the teacher's view changes with them."""
    g = random_prefix(players, seed, steps)
    before = [g.observation(seat) for seat in range(players)]
    teacher = g.observation()
    legal = [a.to_dict() for a in g.legal_actions()]
    text = repr(g)
    moved = permute_hidden(g, random.Random(shuffle))
    assert [g.observation(seat) for seat in range(players)] == before
    assert [a.to_dict() for a in g.legal_actions()] == legal
    assert (g.observation()["hidden"] != teacher["hidden"]) == moved
    assert repr(g) == text  # the text board is built from public things only
