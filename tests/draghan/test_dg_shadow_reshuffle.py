"""The Shadow deck reshuffled after a flight is keyed to the table, not the seed (issue 27, item 10).

DG-RESULT-4: a monster that flees is shuffled into the Shadow deck. The order was drawn from the seed even
under manual chance, so two games started from the same ``position()`` with different seeds parted at the
first flight, in the teacher's view (every deck's order) and, with ``pick_draws=False``, in the cards to
come. The shuffle is now keyed by the deck as it stands (its hidden order, the monster added) and the place
in the chance stream: a position and the same choices give the same future, whatever the seed.
"""

from __future__ import annotations

import random

import pytest

import dragonwidgets
from dragonwidgets.games.draghan.game import DraghanGame, DraghanGameV2


def _before_a_flight(seed: int, **options):
    """Play a manual-chance game at random until a decision makes a monster flee; return the position
    before that decision and the decision (``None, None`` if no monster flees)."""
    g = dragonwidgets.new_game("draghan", players=2, seed=seed, chance="manual", **options)
    rng = random.Random(seed)
    while not g.is_over:
        position, action = g.position(), rng.choice(g.legal_action_ids())
        if any(e.kind == "fled" for e in g.apply(action)):
            return position, action
    return None, None


def _without_seed(position):
    return {k: v for k, v in position.items() if k != "seed"}


@pytest.mark.parametrize("options", [{}, {"pick_draws": False}])
def test_item10_DG_RESULT_4_the_same_position_reshuffles_the_same_whatever_the_seed(options):
    position, action = _before_a_flight(1, **options)
    games = [dragonwidgets.new_game("draghan", position={**position, "seed": seed}, chance="manual", **options)
             for seed in (position["seed"], position["seed"] + 1, 987_654)]
    for g in games:
        assert any(e.kind == "fled" for e in g.apply(action))
    tables = [_without_seed(g.position()) for g in games]
    assert tables[0] == tables[1] == tables[2]  # the Shadow deck's order included
    assert len({g.state_digest() for g in games}) == 1  # the teacher's view


def test_item10_DG_RESULT_4_the_reshuffle_still_shuffles():
    """Keyed to the table, the Shadow deck is still shuffled: the fled monster does not simply go on top or at
    the bottom in every game, and the other cards move too."""
    places, flights = set(), 0
    for seed in range(1, 40):
        position, action = _before_a_flight(seed)
        if position is None:
            continue
        flights += 1
        g = dragonwidgets.new_game("draghan", position=position, chance="manual")
        before = list(g.state.decks["encounter_shadow"])
        g.apply(action)
        after = g.state.decks["encounter_shadow"]
        fled = [m for m in after if m not in before]
        assert fled and sorted(after) == sorted(before + fled)
        places.add(tuple(after.index(m) for m in fled))
        if flights == 8:
            break
    assert flights == 8 and len(places) > 2


def test_item10_a_version_2_record_replays_with_the_seed_keyed_shuffle():
    """Records of version 2 shuffled by the seed: they replay as a ``DraghanGameV2``; new records are version 3."""
    g = DraghanGameV2(players=2, seed=1, chance="manual")
    rng = random.Random(1)
    while not any(e.kind == "fled" for e in g.apply(rng.choice(g.legal_action_ids()))):
        pass
    record = g.to_record()
    assert record["version"] == 2
    again = dragonwidgets.from_record(record)
    assert type(again) is DraghanGameV2 and again.state_digest() == g.state_digest()
    assert DraghanGame.version == 3
    with pytest.raises(dragonwidgets.RecordError, match="altered"):  # read as version 3, the shuffle differs
        dragonwidgets.from_record({**record, "version": 3})
