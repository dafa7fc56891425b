"""The fight's throw menu (CD-COMBAT-1, CD-COMBAT-4) names the thrower as the fight's log does.

``ChasseGame._chance_outcomes`` builds a throw's labels from the name tables (a speed-up, issue 6)
while ``_throw``'s event text uses ``_fighter_name``; both must name the same thrower on each side,
in encounters (the monster, rolled by the left neighbour) and duels (the defender).
"""

from __future__ import annotations

import random

from dragonwidgets.games.chasse_au_dragon import ChasseGame
from dragonwidgets.games.chasse_au_dragon import combat as menus  # the throw menu moved from menus.py to combat.py
from dragonwidgets.games.chasse_au_dragon.state import COMBAT


def test_throw_labels_name_the_fighter_of_each_side_and_kind() -> None:
    seen = set()
    for seed in range(40):
        g = ChasseGame(players=4, seed=seed, chance="manual")
        rng = random.Random(seed)
        while not g.is_over and len(seen) < 4:
            s = g.state
            if s.phase == COMBAT:
                fight = s.fight
                assert fight is not None
                want = menus.throw_outcomes(fight.faces[fight.side], g._fighter_name(fight.side))
                assert [(a.id, a.label, a.prob) for a in g.legal_actions()] == [(a.id, a.label, a.prob) for a in want]
                seen.add((fight.kind, fight.side))
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
        if len(seen) == 4:
            break
    assert seen == {("encounter", 0), ("encounter", 1), ("duel", 0), ("duel", 1)}  # every branch of the menu was checked
