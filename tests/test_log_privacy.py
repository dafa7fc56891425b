"""The log a seat reads names nothing that seat may not see (issue 11, item 2), for every game.

The hidden-information tests compare observations; a hidden card named in an event's text would pass
them. Here, through seeded random play, before a step we build a *twin* table that differs from the real
one only in what seat ``s`` cannot see (``game.determinize(s, rng)``: hidden cards, hands, tokens and
deck orders redealt), apply the same action to both (or, where the action's id names something hidden
from ``s``, such as the gold card another seat pays, the twin's action of the same kind), and compare
what ``s`` reads. If ``s`` sees the same
table after the step in both (nothing was revealed to it), it must read the same lines: a line that
differs names something hidden. (When the step reveals something, the observations differ and the
texts may too; the per-game hidden tests check what those reveals say.)

The widget's ``log`` trait is ``game.log(seat)``'s tail, so this covers what the browser receives too.
"""

from __future__ import annotations

import random

import pytest

import dragonwidgets
from dragonwidgets.engine import CHANCE, GAMES, game_class

#: (game, players, seed, every how many steps a twin is checked)
CASES = [
    ("emerald", 2, 11, 1), ("emerald", 5, 12, 1),
    ("drachenland", 2, 13, 2), ("drachenland", 4, 14, 3),
    ("chasse_au_dragon", 3, 15, 1), ("chasse_au_dragon", 6, 16, 2),
    ("draghan", 2, 17, 1), ("draghan", 4, 18, 1),
]
MAX_STEPS = 1500


def _counterpart(action, legal, twin_legal):
    """The twin table's action for ``action``: the same one if legal there, else (a choice whose id names
    something hidden from the seat, such as which gold card is paid) the one of the same kind and player
    at the same rank among those of that kind."""
    for a in twin_legal:
        if a.id == action.id:
            return a
    same = [a for a in legal if a.kind == action.kind and a.player == action.player]
    twins = [a for a in twin_legal if a.kind == action.kind and a.player == action.player]
    return twins[same.index(action) % len(twins)] if twins else None


def _lines(events, seat):
    return [e.text_for(seat) for e in events]


@pytest.mark.parametrize("name, players, seed, every", CASES, ids=lambda v: str(v))
def test_a_seats_log_lines_do_not_depend_on_what_it_cannot_see(name, players, seed, every):
    check_log_privacy(name, players, seed, every)


def test_the_check_catches_a_planted_leak(monkeypatch):
    """The paid gold card's value is Emerald's payer's secret (EM-SOOTHE-4): plant it in the text the
    other seats read, and the check must fail."""
    from dragonwidgets.games.emerald import events

    honest = events.dragon_paid

    def leaky(owner_name, owner, value, colour, square, value_public):
        event = honest(owner_name, owner, value, colour, square, value_public)
        return event._replace(public_text=f"{event.public_text} (a {value})") if event.public_text else event

    monkeypatch.setattr(events, "dragon_paid", leaky)
    with pytest.raises(AssertionError, match=r"'pay \d' reads differently to seat"):
        check_log_privacy("emerald", 2, 11, 1)


def check_log_privacy(name: str, players: int, seed: int, every: int) -> None:
    """Play ``name`` at random with manual chance and compare the twin tables every ``every`` steps."""
    assert name in GAMES and game_class(name).min_players <= players <= game_class(name).max_players
    game = dragonwidgets.new_game(name, players=players, seed=seed, chance="manual")
    rng = random.Random(seed)
    compared = 0
    for step in range(MAX_STEPS):
        if game.is_over:
            break
        legal = game.legal_actions()
        if game.current_player == CHANCE:
            action = rng.choices(legal, weights=[a.prob for a in legal])[0]
        else:
            action = legal[rng.randrange(len(legal))]
        if step % every == 0:
            for seat in range(players):
                twin = game.determinize(seat, random.Random(f"{seed}:{step}:{seat}"))
                assert twin.observation(seat) == game.observation(seat)
                twin_action = _counterpart(action, legal, twin.legal_actions())
                if twin_action is None:
                    continue  # no choice of that kind on the twin table
                real = game.clone(history=False)
                real_events = real.apply(action.id)
                twin_events = twin.apply(twin_action.id)
                if real.observation(seat) != twin.observation(seat):
                    continue  # the step showed this seat something: its texts may differ
                assert _lines(real_events, seat) == _lines(twin_events, seat), (
                    f"{name}: at step {step}, {action.id!r} reads differently to seat {seat} on two tables it "
                    f"cannot tell apart"
                )
                compared += 1
        game.apply(action)
    assert compared > 50, f"the check compared only {compared} steps: too few to mean something"
