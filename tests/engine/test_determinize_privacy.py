"""Issue 27, item 3: a determinized copy carries nothing of the true table its seat may not know.

``game.determinize(seat, rng)`` is what search bots (MCTS, agents with ``needs_search``, OpenSpiel's
``bot_seat``) receive. It used to keep the true ``start_position`` (with its seed and place in the chance
stream): ``new_game(position=d.start_position)`` plus the public decisions rebuilt the true table.

The privacy invariant checked here: two true games a seat cannot tell apart (the same observation for it,
but other hidden cards, another seed, another start position, another past) give, for the same ``rng``,
determinized copies that are identical in every attribute a game has (``_attribute_names``), in their
observation of the whole table, position, state digest, history, log and record. A copy then depends on
what the seat sees and on ``rng`` only, so it cannot hold anything else.

The second true table is built from the first one's ``position()`` with hidden cards swapped by hand
(not by the resampler under test), read back by the game's own position reader.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

import dragonwidgets
from dragonwidgets.engine.actions import CHANCE
from dragonwidgets.engine.bots import bot_move
from dragonwidgets.engine.mcts import MCTSBot

GAMES = ["emerald", "drachenland", "chasse_au_dragon", "draghan"]
#: (game, players, seed of the game the start position comes from, steps to it, steps played after it)
CASES = [
    (name, players, seed, before, after)
    for name, players in [("emerald", 3), ("drachenland", 3), ("chasse_au_dragon", 3), ("draghan", 3)]
    for seed, before, after in [(1, 6, 10), (4, 15, 25), (9, 0, 40)]
]


def random_steps(g, n: int, rng: random.Random):
    """Play ``n`` random decisions (chance drawn by the game), fewer if the game ends."""
    for _ in range(n):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g


def true_game(name: str, players: int, seed: int, before: int, after: int):
    """A game started from a position reached by play (so its ``start_position`` holds hidden cards and a
    seed), then played on: the true table a seat searches from."""
    source = random_steps(dragonwidgets.new_game(name, players=players, seed=seed), before, random.Random(seed))
    g = dragonwidgets.new_game(name, players=players, position=source.position())
    random_steps(g, after, random.Random(seed + 100))
    assert g.start_position is not None and g.start_position["seed"] == seed
    return g


def deciding_seat(g) -> int:
    seat = g.current_player
    return seat if seat is not None and seat != CHANCE else 0


# ------------------------------------------------------------------ a second true table, hidden cards swapped
def _rotate(cards: list) -> bool:
    """Rotate ``cards`` by one in place; ``True`` if that changed anything."""
    if len(set(map(json.dumps, cards))) < 2:
        return False
    cards.append(cards.pop(0))
    return True


def _swap_emerald(p: dict, seat: int) -> bool:
    # face-down gold: every card of a pile (listed top first) but its face-up top, and the boxed gold
    # (EM-SETUP-9/10)
    piles = [p["piles"][sq]["gold"] for sq in sorted(p["piles"])]
    hidden = [(cards, i) for cards in piles for i in range(1, len(cards))]
    if p.get("revealing"):  # a pile being revealed is all face down: leave it alone
        return False
    hidden += [(p["box"]["gold"], i) for i in range(len(p["box"]["gold"]))]
    values = [cards[i] for cards, i in hidden]
    if not _rotate(values):
        return False
    for (cards, i), v in zip(hidden, values):
        cards[i] = v
    return True


def _swap_drachenland(p: dict, seat: int) -> bool:
    down = [v for v in sorted(p["volcanoes"]) if p["volcanoes"][v]["face_down"]]  # DL-SETUP-5
    kinds = [p["volcanoes"][v]["token"] for v in down]
    if not _rotate(kinds):
        return False
    for v, kind in zip(down, kinds):
        p["volcanoes"][v]["token"] = kind
    return True


def _swap_chasse(p: dict, seat: int) -> bool:
    # a pile's face-down cards (CD-BOARD-6), away from the square of an encounter (its top may be shown)
    busy = set(p["adventurers"].values())
    for sq in sorted(p["piles"]):
        if sq not in busy and _rotate(p["piles"][sq]):
            return True
    return False


def _swap_draghan(p: dict, seat: int) -> bool:
    decks = p["decks"]
    return any(_rotate(decks[name]) for name in ("encounter_draghan", "encounter_shadow", "market") if name in decks)


SWAPS = {"emerald": _swap_emerald, "drachenland": _swap_drachenland,
         "chasse_au_dragon": _swap_chasse, "draghan": _swap_draghan}


def twin_table(g, seat: int):
    """Return a game ``seat`` cannot tell from ``g``: the same past and observation, but hidden cards
    swapped by hand, another seed, another start position and place in the chance stream, no checkpoints;
    ``None`` when nothing hidden could be swapped."""
    p = g.position()
    if not SWAPS[g.name](p, seat):
        return None
    p["seed"] = g.seed + 12345
    table = dragonwidgets.new_game(g.name, players=g.players, position=p)
    twin = g.clone()
    twin.state = table.state
    twin._state_replaced()
    twin._legal_cache = None
    twin.seed = g.seed + 777
    twin.start_position = None if g.start_position is None else dict(g.start_position, seed=g.seed + 1)
    twin._chance_offset = g._chance_offset + 3
    twin._checkpoints = {}
    if twin.state_digest() == g.state_digest():
        return None
    assert twin.observation(seat) == g.observation(seat), "the hand swap showed the seat something"
    return twin


# ------------------------------------------------------------------ comparing everything a copy holds
def plain(x, depth: int = 0):
    """A plain, comparable picture of ``x`` and everything reachable from it (sets sorted)."""
    if depth > 40:
        return "<deep>"
    if x is None or isinstance(x, (bool, int, float, str, bytes)):
        return x
    if isinstance(x, dict):
        return sorted((repr(plain(k, depth + 1)), plain(v, depth + 1)) for k, v in x.items())
    if isinstance(x, (set, frozenset)):
        return sorted(repr(plain(v, depth + 1)) for v in x)
    if isinstance(x, (list, tuple)):
        return [type(x).__name__, [plain(v, depth + 1) for v in x]]
    if dataclasses.is_dataclass(x):
        return [type(x).__name__, [(f.name, plain(getattr(x, f.name), depth + 1)) for f in dataclasses.fields(x)]]
    fields = {}
    for cls in type(x).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(x, name):
                fields[name] = getattr(x, name)
    if hasattr(x, "__dict__"):
        fields.update(vars(x))
    if fields:
        return [type(x).__name__, plain(fields, depth + 1)]
    return [type(x).__name__, repr(x)]


def _or_error(f):
    try:
        return f()
    except Exception as e:  # noqa: BLE001  (the same failure on both copies is the same answer)
        return f"raises {type(e).__name__}: {e}"


def everything(d) -> dict:
    """Everything a determinized copy holds or answers, as plain data."""
    names = dict.fromkeys([*d._attribute_names(), *vars(d)])  # what a fresh game makes, and anything else set
    out = {name: plain(getattr(d, name, "<absent>")) for name in names}
    out["observation(None)"] = d.observation(None)
    out["position()"] = d.position()
    out["state_digest()"] = d.state_digest()
    out["history"] = plain(d.history)
    out["log()"] = _or_error(d.log)
    out["legal"] = [(a.id, a.player, a.prob) for a in d.legal_actions()]
    out["to_record()"] = _or_error(d.clone().to_record)
    return out


@pytest.mark.parametrize("name, players, seed, before, after", CASES)
def test_item3_two_true_tables_a_seat_cannot_tell_apart_give_identical_copies(name, players, seed, before, after):
    """Issue 27 item 3, the privacy invariant: the copy depends on the seat's view and on ``rng`` only."""
    g = true_game(name, players, seed, before, after)
    checked = 0
    for seat in range(players):
        twin = twin_table(g, seat)
        if twin is None:
            continue
        g.log(seat)  # what the true game worked out for its log (a widget asks it) is not the copy's either
        for k in (0, 1):
            a = everything(g.determinize(seat, random.Random(k)))
            b = everything(twin.determinize(seat, random.Random(k)))
            differ = [key for key in a if a[key] != b[key]]
            assert not differ, f"seat {seat}: the copies differ in {differ}"
        checked += 1
    assert checked, "no seat had anything hidden to swap: the test would prove nothing"


@pytest.mark.parametrize("name, players, seed, before, after", CASES)
def test_item3_the_true_table_cannot_be_rebuilt_from_a_copy(name, players, seed, before, after):
    """Issue 27 item 3, the reconstruction attack: the copy's start position (or seed, and place in the
    chance stream) plus the public decisions must not give the true table back."""
    g = true_game(name, players, seed, before, after)
    seat = deciding_seat(g)
    copies = [g.determinize(seat, random.Random(k)) for k in range(3)]
    if len({c.state_digest() for c in copies} | {g.state_digest()}) == 1:
        pytest.skip("nothing is hidden from this seat here: any rebuild is the true table")
    decisions = [e.action.id for e in g.history[: g.step] if e.action.player != CHANCE]
    for d in copies:
        if d.start_position is not None:  # the attack: the position carries its seed and step
            rebuilt = dragonwidgets.new_game(name, players=players, position=d.start_position)
        else:  # no start: the seeded set-up of the copy's seed, at the copy's place in the chance stream
            rebuilt = dragonwidgets.new_game(name, players=players, seed=d.seed, **d.options)
            rebuilt._chance_offset = d._chance_offset
        try:
            for action_id in decisions:
                rebuilt.apply(action_id)
        except Exception:  # noqa: BLE001  (the public decisions do not even fit: the attack fails)
            continue
        assert rebuilt.state_digest() != g.state_digest(), "the copy rebuilt the true table"


def test_item3_the_copy_keeps_no_true_past():
    """Issue 27 item 3: no way back from a copy reaches the true table: no history, no checkpoints, no
    start position, a fresh seed; ``goto(0)`` gives nothing of the true start."""
    g = true_game("emerald", 3, 4, 15, 130)  # past a checkpoint (every 128 steps)
    d = g.determinize(deciding_seat(g), random.Random(3))
    assert d.history == () and d._checkpoints == {} and d.start_position is None
    assert d._chance_offset == 0 and d.seed != g.seed
    start = dragonwidgets.new_game("emerald", players=3, position=g.start_position)
    d.goto(0)
    assert d.state_digest() != start.state_digest()


@pytest.mark.parametrize("name", GAMES)
def test_item3_copies_play_to_the_end_legally(name):
    """Issue 27 item 3: copies with no past still play on, every step a legal one, to the end."""
    g = true_game(name, 3, 4, 15, 25)
    for k in range(3):
        d = g.determinize(deciding_seat(g), random.Random(k))
        assert d.observation(deciding_seat(g)) == g.observation(deciding_seat(g))
        random_steps(d, 5000, random.Random(k))
        assert d.is_over and d.outcome() is not None


class _Spy:
    """A search bot that records what bot_move hands it, then plays the first legal action."""

    needs_search = True

    def __init__(self):
        self.copies = []

    def choose(self, view, legal, rng, determinize):
        self.copies.append(determinize(rng))
        return legal[0]


@pytest.mark.parametrize("name", GAMES)
def test_item3_search_bots_get_copies_without_the_true_start_and_still_play(name):
    """Issue 27 item 3: what a search bot receives through bot_move holds no true start, and MCTS still
    chooses a legal action from such copies."""
    g = true_game(name, 3, 1, 6, 10)
    while g.is_chance_node:
        g.resolve_chance()
    spy = _Spy()
    bot_move(g, spy, random.Random(1))
    (d,) = spy.copies
    assert d.start_position is None and d.seed != g.seed and d.history == ()
    chosen = bot_move(g, MCTSBot(iterations=8, rollout_depth=5), random.Random(2))
    assert chosen.id in g.legal_action_ids()


@pytest.mark.parametrize("name", GAMES)
def test_item3_openspiel_bot_seat_searches_a_copy_without_the_true_start(name):
    """Issue 27 item 3: OpenSpiel's bot_seat gives its bot a state whose table and deal hold nothing of the
    true start, and the bot's answer is a legal action; ``resample_from_infostate`` (ISMCTS) keeps neither
    the true deal nor the true moves."""
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import mcts

    from dragonwidgets import openspiel

    openspiel.register()
    game = pyspiel.load_game(f"python_dragonwidgets_{name}", {"players": 3})
    seen = []

    class Watching(mcts.MCTSBot):
        def step(self, state):
            seen.append(state)
            return super().step(state)

    bot = Watching(game, 2.0, 4, mcts.RandomRolloutEvaluator(1, random_state=None))
    g = true_game(name, 3, 1, 6, 10)
    while g.is_chance_node:
        g.resolve_chance()
    chosen = bot_move(g, openspiel.bot_seat(bot, game), random.Random(1))
    assert chosen.id in g.legal_action_ids()
    (state,) = seen
    assert state.table.start_position is None and state.table.seed != g.seed
    assert state._table.deal != g.seed and state._table.moves == []

    true_state = game.new_initial_state()
    true_state.apply_action(7)  # the deal
    rng = random.Random(5)
    for _ in range(12):
        if true_state.is_terminal():
            break
        if true_state.is_chance_node():
            outcomes, probs = zip(*true_state.chance_outcomes())
            true_state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            true_state.apply_action(rng.choice(true_state.legal_actions()))
    seat = 0
    resampled = true_state.resample_from_infostate(seat, lambda: 0.25)
    assert resampled._table.deal != 7 and resampled._table.moves == []
    assert resampled.table.start_position is None


def _shift_chasse_count(p: dict, seat: int) -> bool:
    """Move one wealth card of an opponent's face-down backpack or vault out of the game, where its
    thickness stays the same (CD-ZONE-7: the seat may not count an opponent's zone)."""
    colours = list(p["boards"])
    for colour in colours[seat + 1:] + colours[:seat]:
        for zone in ("backpack", "vault"):
            cards = p["boards"][colour][zone]
            if len(cards) >= 2 and not (len(cards) in (4, 9)):  # buckets 1-3, 4-8, 9+
                card = cards.pop()
                p["removed"][card] = p["removed"].get(card, 0) + 1
                return True
    return False


@pytest.mark.parametrize("seed, steps", [(2, 200), (3, 100), (5, 200), (9, 300)])
def test_item3_chasse_copies_do_not_know_how_many_cards_an_opponent_carries(seed, steps):
    """Issue 27 item 3, CD-ZONE-7: a seat sees only the thickness of an opponent's face-down zones, so two
    tables that differ in how many cards an opponent carries (within that thickness) and how many left the
    game give identical copies (the copies used to keep the true sizes)."""
    g = random_steps(dragonwidgets.new_game("chasse_au_dragon", players=3, seed=seed), steps, random.Random(seed))
    if g.is_over:
        pytest.skip("the game ended: every board is shown")
    checked = 0
    for seat in range(3):
        p = g.position()
        if not _shift_chasse_count(p, seat):
            continue
        twin = g.clone()
        twin.state = dragonwidgets.new_game("chasse_au_dragon", players=3, position=p).state
        twin._legal_cache = None
        assert twin.observation(seat) == g.observation(seat) and twin.state_digest() != g.state_digest()
        for k in (0, 1):
            a = everything(g.determinize(seat, random.Random(k)))
            b = everything(twin.determinize(seat, random.Random(k)))
            assert [key for key in a if a[key] != b[key]] == []
        checked += 1
    if not checked:
        pytest.skip("no opponent carries a zone whose size can change within its thickness")


def _reachable_games(f) -> list:
    """The games a callable holds in its closure (directly or in a closure of a closure)."""
    from dragonwidgets.engine.game import Game

    out, todo = [], [f]
    while todo:
        for cell in getattr(todo.pop(), "__closure__", None) or ():
            value = cell.cell_contents
            if isinstance(value, Game):
                out.append(value)
            elif callable(value):
                todo.append(value)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_item3_the_determinize_a_search_bot_is_given_holds_no_true_table(name):
    """Issue 27 item 3: the ``determinize`` callable bot_move hands a search bot holds a determinized copy, not
    the true game (whose start position, seed and hidden cards it used to carry), and gives the same copies
    as the true game's ``determinize`` for the same rng."""

    class Keep:
        needs_search = True

        def choose(self, view, legal, rng, determinize):
            self.determinize = determinize
            return legal[0]

    g = true_game(name, 3, 1, 6, 10)
    while g.is_chance_node:
        g.resolve_chance()
    bot = Keep()
    bot_move(g, bot, random.Random(1))
    held = _reachable_games(bot.determinize)
    assert held and all(h is not g and h.seed != g.seed and h.start_position is None and h.history == ()
                        for h in held)
    seat = g.current_player
    for k in range(3):
        assert everything(bot.determinize(random.Random(k))) == everything(g.determinize(seat, random.Random(k)))
