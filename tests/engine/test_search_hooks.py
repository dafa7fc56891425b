"""The search hooks of the engine: clone(history=False), _copy_state, _resample_hidden, determinize, measures."""

from __future__ import annotations

import json
import random

import pytest

from toy_game import ToyGame


class HiddenToy(ToyGame):
    """The toy race with a resampler: the other seats' secret sums are redrawn in 0..20."""

    def _resample_hidden(self, seat, rng):
        for p in range(self.players):
            if p != seat:
                self.state.secret[p] = rng.randrange(21)


def played(cls=ToyGame, seed=5, n=5):
    g = cls(players=2, seed=seed)
    for _ in range(n):
        g.apply(g.legal_actions()[g.step % 2])
    return g


def obs(g, seat=None):
    return json.dumps(g.observation(seat), sort_keys=True)


def test_search_copy_has_the_same_state_step_and_options_but_no_history():
    g = played()
    c = g.clone(history=False)
    assert obs(c) == obs(g)
    assert c.step == g.step and c.seed == g.seed and c.options == g.options
    assert c.history == () and len(g.history) == g.step
    assert [a.id for a in c.legal_actions()] == [a.id for a in g.legal_actions()]


def test_search_copy_is_independent_of_the_original():
    g = played()
    before = obs(g), g.step, len(g.history)
    c = g.clone(history=False)
    c.options["target"] = 99
    while not c.is_over:
        c.apply(c.legal_actions()[0])
    assert (obs(g), g.step, len(g.history)) == before
    assert g.options["target"] == 6


def test_search_copy_plays_on_exactly_like_the_original():
    g = played()
    c = g.clone(history=False)
    while not g.is_over:
        pick = g.step % 2
        g.apply(g.legal_actions()[pick])
        c.apply(c.legal_actions()[pick])
        assert obs(c) == obs(g)
    assert c.is_over and c.winners() == g.winners()


def test_full_clone_keeps_the_history():
    g = played()
    c = g.clone()
    assert c.history == g.history
    c.undo()
    assert c.step < g.step


def test_copy_state_is_a_full_independent_copy():
    g = played()
    s = g._copy_state()
    assert s == g.state and s is not g.state and s.totals is not g.state.totals


def test_resample_hidden_default_raises_naming_the_game():
    g = played()
    with pytest.raises(NotImplementedError, match="toy"):
        g._resample_hidden(0, random.Random(1))
    with pytest.raises(NotImplementedError, match="toy"):
        g.determinize(0, random.Random(1))


def test_determinize_keeps_the_seat_view_changes_the_hidden_and_the_seed():
    g = played(HiddenToy)
    true_obs = obs(g)
    rng = random.Random(3)
    d = g.determinize(0, rng)
    assert obs(d, 0) == obs(g, 0)
    assert d.seed == random.Random(3).getrandbits(32) != g.seed
    assert obs(g) == true_obs  # the true game is untouched
    others = {tuple(g.determinize(0, rng).state.secret[1:]) for _ in range(20)}
    assert len(others) > 1


def test_determinize_depends_only_on_what_the_seat_sees():
    g = played(HiddenToy)
    g2 = g.clone()
    g2.state.secret[1] += 7  # something seat 0 cannot see
    d1, d2 = g.determinize(0, random.Random(4)), g2.determinize(0, random.Random(4))
    assert obs(d1) == obs(d2) and d1.seed == d2.seed


@pytest.mark.parametrize("seat", [-1, 2, True, None])
def test_determinize_refuses_a_non_seat(seat):
    with pytest.raises(ValueError, match="seat"):
        played(HiddenToy).determinize(seat, random.Random(0))


def test_measures_default_is_empty():
    assert played().measures() == {}
