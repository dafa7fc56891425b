"""Reveals picked by hand (issue 13, part 2): with manual chance, the token an adventurer turns face up on
reaching a face-down volcano (DL-MOVE-6) is a chance node whose outcomes are the tokens nobody has seen
(the face-down ones and the boxed one, DL-SETUP-5), each by its share; with auto chance the dealt token
is turned up at once, as before (the golden games, ``test_dl_golden.py``, replay unchanged).
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

import dragonwidgets
from dragonwidgets.engine import CHANCE, IllegalActionError

#: P0's red adventurer one step from the face-up V07, whose river leads to the face-down V05 (DL-BOAT-1).
BY_THE_RIVER = {"volcanoes": {"V07": {"token": "boatman", "face_down": False}},
                "adventurers": [{"red": "s40"}, {"green": "s20"}], "dice": [1, 3]}


def at_the_reveal(chance: str = "manual", seed: int = 1, **options):
    """Red walks to V07 and crosses to the face-down V05 with its boatman."""
    g = dragonwidgets.new_game("drachenland", players=2, seed=seed, chance=chance, position=BY_THE_RIVER, **options)
    for step in ("die 1", "move red", "walk V07"):
        g.apply(step)
    events = g.apply("boat V05")
    return g, events


def every_token(game) -> Counter:
    """The 16 dragon-head tokens wherever they are: on volcanoes, in the box, royal dragons on the board."""
    s = game.state
    out = Counter(k for k in s.token.values() if k) + Counter([s.boxed])
    out.update(f"royal_dragon_{c}" for c, v in s.dragons.items() if v)
    return out


def unseen(game) -> Counter:
    s = game.state
    return Counter(s.token[v] for v in s.face_down) + Counter([s.boxed])


def test_manual_chance_stops_at_the_reveal_with_the_unseen_tokens_as_outcomes_DL_MOVE_6_DL_SETUP_5():
    """DL-MOVE-6, DL-SETUP-5: arriving on V05 stops at a chance node; its outcomes are the kinds not yet seen,
    each with its count among them (the 14 face-down tokens and the boxed one), adding up to 1."""
    g, events = at_the_reveal()
    assert [e.kind for e in events] == ["crossed"]
    assert g.current_player == CHANCE and g.observation()["decision"] == "reveal" and g.state.revealing == "V05"
    left = unseen(g)
    assert sum(left.values()) == 15
    outcomes = g.legal_actions()
    assert [a.id for a in outcomes] == [f"reveal V05 {k}" for k in sorted(left)]
    assert {a.id.split()[2]: Fraction(a.prob).limit_denominator(100) for a in outcomes} == \
        {k: Fraction(n, 15) for k, n in left.items()}
    assert abs(sum(a.prob for a in outcomes) - 1) < 1e-12
    assert all(a.player == CHANCE and a.targets == ("V05",) and "DL-MOVE-6" in a.rules for a in outcomes)


@pytest.mark.parametrize("index", range(8))
def test_each_outcome_turns_up_that_token_and_nothing_is_created_or_lost_DL_MOVE_6_DL_INT_13(index):
    """DL-MOVE-6, DL-INT-13, D3: the token picked is taken from where it lay (another face-down volcano or the
    box, swapped with V05's) and turned face up; the 16 tokens are all still there; the movement phase ends
    at the forced stop and the treasure phase follows."""
    g, _ = at_the_reveal()
    before = every_token(g)
    outcome = g.legal_actions()[index]
    kind = outcome.id.split()[2]
    events = g.apply(outcome)
    assert [e.kind for e in events][:2] == ["token_revealed", "forced_stop"]
    assert events[0].data == {"volcano": "V05", "token": kind}
    assert "V05" not in g.state.face_down and g.state.revealing is None
    if kind.startswith("royal_dragon_"):
        assert g.state.dragons[kind.removeprefix("royal_dragon_")] == "V05" and g.state.token["V05"] is None
    else:
        assert g.state.token["V05"] == kind
    assert every_token(g) == before
    assert g.observation()["decision"] in ("treasure", "choose_adventurer")


def test_auto_chance_turns_up_the_dealt_token_at_once_DL_MOVE_6():
    """DL-MOVE-6, DL-SETUP-5: with auto chance no seat waits for a pick: the token the seed dealt on V05 is
    turned up in the crossing's own step, as in every game before (and in the golden games)."""
    g, events = at_the_reveal(chance="auto")
    dealt = dragonwidgets.new_game("drachenland", players=2, seed=1, position=BY_THE_RIVER).state.token["V05"]
    assert [e.kind for e in events][:3] == ["crossed", "token_revealed", "forced_stop"]
    assert events[1].data["token"] == dealt and g.current_player == 0


def test_the_seeded_draw_of_a_reveal_follows_the_shares_of_the_unseen_tokens_DL_SETUP_5():
    """DL-SETUP-5: ``resolve_chance`` at the reveal draws from the seeded generator by the outcomes' shares:
    over 200 seeds each kind comes up within 0.1 of its share (a forced march 4/15, a ring 3/15...)."""
    counts, shares = Counter(), {}
    for seed in range(200):
        g, _ = at_the_reveal(seed=seed)
        shares = {a.id.split()[2]: a.prob for a in g.legal_actions()}
        events = g.resolve_chance()
        counts[events[0].data["token"]] += 1
    assert set(counts) <= set(shares)
    assert all(abs(counts[k] / 200 - p) < 0.1 for k, p in shares.items()), (counts, shares)


def test_the_reveal_shows_no_seat_where_the_unseen_tokens_lie_section_7():
    """Section 7: at the reveal every seat sees the same outcomes (the kinds not seen yet and their counts are
    public: every reveal is); swapping the face-down tokens and the box among themselves changes nothing a
    seat sees, nor the outcomes, nor their labels."""
    g, _ = at_the_reveal()
    views = [g.observation(seat) for seat in range(2)]
    outcomes = [a.to_dict() for a in g.legal_actions()]
    s = g.state
    slots = sorted(s.face_down)
    kinds = [s.token[v] for v in slots] + [s.boxed]
    random.Random(3).shuffle(kinds)
    for v, k in zip(slots, kinds):
        s.token[v] = k
    s.boxed = kinds[-1]
    g._legal_cache = None
    assert [g.observation(seat) for seat in range(2)] == views
    assert [a.to_dict() for a in g.legal_actions()] == outcomes
    assert not any(v in a["label"] for a in outcomes for v in slots if v != "V05")


def test_a_reveal_that_is_not_unseen_is_refused_naming_the_rule_DL_SETUP_5():
    """DL-SETUP-5, DL-MOVE-6: a fate token is never on a volcano, and the token turned up now is V05's."""
    g, _ = at_the_reveal()
    with pytest.raises(IllegalActionError, match="DL-SETUP-5"):
        g.apply("reveal V05 fate")
    with pytest.raises(IllegalActionError, match="the one on V05"):
        g.apply("reveal V04 ring")
    assert "DL-MOVE-6: " in g.explain("reveal V05 fate")
    assert g.state.revealing == "V05"


def test_without_the_forced_stop_the_movement_goes_on_after_the_pick_DL_INT_13():
    """DL-INT-13 (option ``forced_stop_ends_movement=False``): after the pick the movement phase goes on: a
    second boatman (taken with an egg earlier) may carry red back across the river."""
    g = dragonwidgets.new_game("drachenland", players=2, seed=1, chance="manual", forced_stop_ends_movement=False,
                               position={**BY_THE_RIVER, "tokens": [{"boatman": 2}, {}]})
    for step in ("die 1", "move red", "walk V07", "boat V05"):
        g.apply(step)
    events = g.apply("reveal V05 ring")
    assert "forced_stop" not in [e.kind for e in events]
    assert g.observation()["decision"] == "movement" and "boat V07" in g.legal_action_ids()
