"""Hidden information (digest section 7): Draghan is open; only the order of the face-down decks is
nobody's. Every seat's observation is the same (its ``viewer`` aside), holds no ``hidden`` key and no id
of a card lying in a face-down deck, only the decks' sizes; the teacher's view (``None``) alone adds
``hidden`` with every deck in order and the cards removed face down on travel. Permuting the face-down
decks changes no seat's observation, and no line of a seat's log names a card that seat cannot see.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dg_builder import Hero, pick, place, play, position
from dragonwidgets.games.draghan import DraghanGame

FACE_DOWN = ("location_draghan", "location_shadow", "encounter_draghan", "encounter_shadow", "market", "dragons",
             "characters")
KEYS = {"game", "step", "players", "current_player", "is_over", "outcome", "viewer", "decision", "active_player",
        "round", "realm", "result", "heroes", "set_aside", "supply", "location", "assist", "assist_target", "threat",
        "portals_up", "travel_pending", "market_display", "table", "dragon", "dragons_aside", "revealed_equipment",
        "targets", "used",
        "declaring", "deck_sizes", "discard", "visited", "fled", "defeated"}


def random_prefix(players: int, seed: int, steps: int, **options) -> DraghanGame:
    """A seeded random game after ``steps`` actions (or at its end)."""
    g = DraghanGame(players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_action_ids()))
    return g


def seat_views_agree(g: DraghanGame) -> None:
    """Section 7: the seats' observations differ only in ``viewer`` and show no face-down card."""
    views = [g.observation(seat) for seat in range(g.players)]
    for seat, o in enumerate(views):
        assert set(o) == KEYS and o["viewer"] == seat and "hidden" not in o
        assert {**o, "viewer": None} == {**views[0], "viewer": None}
    # No face-down card's id appears anywhere (assist_target is cleared with the fight, in phase 4).
    text = json.dumps(views[0])
    for name in FACE_DOWN:
        assert views[0]["deck_sizes"][name] == len(g.state.decks[name])
        for cid in g.state.decks[name]:
            assert f'"{cid}"' not in text, f"{cid} lies face down in {name}"


def test_section_7_every_seat_sees_the_same_open_table():
    """Section 7, DG-FIGHT-10, DG-REC-7: characters, coins, equipment, the set-aside characters, the table, the
    market display, the discard pile and the sizes of the decks are public and the same for every seat; the
    map card is only the active player's marker."""
    g = position([Hero("CH1", coins=2, equipment=["M02"]), Hero("CH2", wounded=True), Hero("CH3", equipment=["M03"])],
                 tops={"location_draghan": [pick("L01", ability="market")], "encounter_draghan": ["D01", "D41", "D08"]},
                 discard=["D04"], active=1)
    seat_views_agree(g)
    o = g.observation(2)
    assert o["heroes"][0] == {"card": "CH1", "wounded": False, "equipment": ["M02"], "coins": 2, "shows": "SCC"}
    assert o["set_aside"] == ["CH4", "CH5", "CH6"] and o["discard"] == ["D04"] and o["active_player"] == 1
    assert len(o["market_display"]) == 4 and [r["id"] for r in o["table"]] == ["D01", "D08"]


def test_section_7_the_teacher_alone_sees_the_decks_in_order():
    """Section 7: the full table's view adds ``hidden`` with every face-down deck, top card first."""
    g = random_prefix(3, 5, 12)
    full = g.observation(None)
    assert full["hidden"] == {"decks": {k: list(v) for k, v in g.state.decks.items()}, "removed": []}
    assert {k: v for k, v in full.items() if k not in ("hidden", "viewer")} == \
        {k: v for k, v in g.observation(0).items() if k != "viewer"}


def test_section_7_the_log_is_public():
    """Section 7: the event log (locations, reveals, theft results, declarations, gold, flights, drop-outs,
    purchases, gifts, discards) reads the same for every seat, and no event is private."""
    g = random_prefix(4, 9, 400)
    assert g.log(0) == g.log(1) == g.log(3) == g.log(None)
    assert all(ev.private_to is None for e in g.history for ev in e.events)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**20), steps=st.integers(0, 120), data=st.data())
def test_section_7_permuting_the_face_down_decks_changes_no_seat_view(players, seed, steps, data):
    """Section 7: whatever the order of the face-down decks (the six of them, large dragons included), every
    seat's observation is the same; the seats' views also agree with each other at every point."""
    g = random_prefix(players, seed, steps)
    seat_views_agree(g)
    before = [g.observation(seat) for seat in range(players)]
    teacher = g.observation(None)
    other = g.clone()
    rng = random.Random(data.draw(st.integers(0, 2**20)))
    for name in FACE_DOWN:
        rng.shuffle(other.state.decks[name])
    other._legal_cache = None
    assert [other.observation(seat) for seat in range(players)] == before
    if any(len(set(g.state.decks[n])) > 1 and other.state.decks[n] != g.state.decks[n] for n in FACE_DOWN):
        assert other.observation(None) != teacher


def test_section_7_undrawn_large_dragons_stay_hidden():
    """Section 7, DG-DRAGON-1: before the dragon appears no seat learns which large dragon will come; once drawn,
    the drawn one is public and the others stay face down."""
    g = position(["CH1", "CH2"], realm="shadow", tops={"location_shadow": [place("heal", "shadow")],
                                                              "encounter_shadow": ["S02", "S01"]})
    o = g.observation(0)
    assert o["dragon"] is None and o["deck_sizes"]["dragons"] == 4
    play(g, "dragon G2")
    o = g.observation(1)
    assert o["dragon"] == "G2" and o["deck_sizes"]["dragons"] == 3
    seat_views_agree(g)


# ---------------------------------------------------------------------------- what the log names

def card_names(g: DraghanGame) -> list[tuple[str, re.Pattern, set[str]]]:
    """Every card name of the decks with the ids bearing it, longest name first (so "Goblin Archer" is read
    before "Goblin"); a name matches as whole words, case included ("the dragon" is no card)."""
    ids: dict[str, set[str]] = {}
    for cid, card in g.decks.cards.items():
        ids.setdefault(card.name, set()).add(cid)
    return [(name, re.compile(rf"(?<![\w']){re.escape(name)}(?![\w'])"), ids[name])
            for name in sorted(ids, key=len, reverse=True)]


def seen_ids(g: DraghanGame, view: dict) -> set[str]:
    """The card ids anywhere in a seat's observation (every value of it, nested, that is a card id)."""
    out: set[str] = set()

    def walk(x):
        if isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str) and x in g.decks.cards:
            out.add(x)
    walk(view)
    return out


def names_unseen(line: str, names: list, seen: set[str]) -> list[str]:
    """The card names ``line`` holds that name no card in ``seen`` (each name read once, longest first)."""
    bad = []
    for name, pattern, ids in names:
        if pattern.search(line):
            if not ids & seen:
                bad.append(name)
            line = pattern.sub("#", line)
    return bad


@pytest.mark.parametrize("players,seed,options", [
    (2, 8, {}), (3, 2, {}), (4, 3, {}), (2, 4, {"character_choice": "random"}),
    (3, 5, {"character_choice": "random", "replacement_character": "random"}),
    (4, 6, {"portal_decision_time": "end_of_round", "campaign_defeated_dragons": "G2"}),
])
def test_section_7_no_log_line_names_a_card_its_seat_cannot_see(players, seed, options):
    """Section 7: through a seeded random game, every line a step adds to ``game.log(seat)`` names only cards
    that seat sees at that moment: in its observation just before the step or just after it (a card revealed
    by the step, or one that leaves the table in it, such as a monster fleeing into the Shadow deck).
    A card still face down in a deck (the next location, the next encounter, the market's next card, the
    character cards before the deal, the large dragons not drawn) is never named."""
    g = DraghanGame(players=players, seed=seed, **options)
    names = card_names(g)
    rng = random.Random(seed)
    views = lambda: [seen_ids(g, g.observation(seat)) for seat in range(players)]  # noqa: E731
    done = g.step  # the steps drawn at creation (the deal of character_choice="random")
    g.goto(0)
    before = views()
    g.goto(done)
    checked, done = 0, 0
    while True:
        after = views()
        for seat in range(players):
            for row in g.log(seat):
                if row["step"] > done:
                    bad = names_unseen(row["text"], names, before[seat] | after[seat])
                    assert not bad, f"seat {seat}, step {row['step']}: {row['text']!r} names {bad}"
                    checked += 1
        if g.is_over:
            break
        before, done = after, g.step
        g.apply(rng.choice(g.legal_action_ids()))
    assert checked > 100
