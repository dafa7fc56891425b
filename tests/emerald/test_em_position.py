"""Emerald positions (issue 13): the table as JSON and back, partial positions for a lesson, the rules'
counts they keep, the errors they raise, and the cards a teacher picks with manual chance (EM-CARD-2).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import dragonwidgets
from dragonwidgets import PositionError, RecordError
from dragonwidgets.engine import CHANCE
from dragonwidgets.games.emerald import EmeraldGame
from dragonwidgets.widgets import EmeraldWidget

#: 25 gold cards (five of each value 1..5, D1) and 24 gems (six of each type, D2).
DECKS = Counter({**{v: 5 for v in range(1, 6)}, **{f"gem_{i}": 6 for i in range(1, 5)}})


def _play_one(g, rng):
    legal = g.legal_actions()
    if g.current_player == CHANCE:
        g.apply(rng.choices(legal, weights=[a.prob for a in legal])[0])
    else:
        g.apply(legal[rng.randrange(len(legal))])


def _views(g):
    """Every seat's observation and the teacher's (without the engine's ``step``), and the legal ids."""
    views = [{k: v for k, v in g.observation(seat).items() if k != "step"} for seat in (None, *range(g.players))]
    return views, g.legal_action_ids()


def _cards(g) -> Counter:
    """Every gold and gem card of the table, wherever it is: piles, box, hands, paid to the dragon."""
    s = g.state
    cards = Counter(s.out_of_game)
    for piles in s.piles.values():
        cards.update(piles["gold"] + piles["gem"])
    for hand in s.hands:
        cards.update(hand.gold + hand.paid)
        cards.update({gem: n for gem, n in hand.gems.items()})
    return cards


def _knights(g) -> Counter:
    """Every knight of the table by colour, wherever it is (castle, path, lair, nest)."""
    total: Counter = Counter()
    for here in g.state.knights.values():
        total.update(here)
    return total


# ---------------------------------------------------------------- the round trip (part 1's property)
def test_positions_reached_by_random_play_round_trip():
    """At >= 500 positions of seeded random games (2-5 players, auto and manual chance), a game started
    from ``g.position()`` (through JSON) has the same observation for every seat and the teacher, the
    same legal actions, gives back the same position, and goes on the same way for the same choices
    (auto chance draws the same dice: the position carries the place in the chance stream)."""
    compared = futures = 0
    for seed in range(10):  # 2, 3, 4, 5 players with auto chance, the same with manual, 2 and 3 again
        players, chance = 2 + seed % 4, ("auto", "manual")[seed // 4 % 2]
        g = dragonwidgets.new_game("emerald", players=players, seed=seed, chance=chance)
        rng = random.Random(seed)
        while not g.is_over:
            _play_one(g, rng)
            if g.step % 3:
                continue
            position = json.loads(json.dumps(g.position()))
            twin = dragonwidgets.new_game("emerald", position=position, chance=chance)
            assert _views(twin) == _views(g), f"seed {seed}, step {g.step}"
            assert twin.position() == position
            compared += 1
            if compared % 4 == 0:
                futures += 1
                line, again = g.clone(history=False), random.Random(compared)
                for _ in range(6):
                    if line.is_over:
                        break
                    state = again.getstate()
                    _play_one(line, again)
                    again.setstate(state)
                    _play_one(twin, again)
                    assert _views(twin) == _views(line), f"seed {seed}, step {g.step}: the futures part"
    assert compared >= 500 and futures >= 120, (compared, futures)


def test_a_whole_position_loads_unchanged_and_needs_no_seed_search():
    g = dragonwidgets.new_game("emerald", players=4, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        _play_one(g, rng)
    position = g.position()
    other_seed = dragonwidgets.new_game("emerald", players=4, seed=99, position={**position, "seed": 99})
    assert other_seed.position() == {**position, "seed": 99}  # the whole table, whatever the set-up was


# ---------------------------------------------------------------- partial positions for a lesson
def test_lesson_four_knights_on_M8_the_lair_two_squares_away():
    """The issue's lesson in one short cell: a knight leaving 4 knights on M8 goes 4 squares, past M9
    into the lair two squares away (EM-MOVE-1, EM-LAIR-2), takes a treasure and ends the turn (EM-LAIR-4)."""
    lesson = {"knights": {"M8": ["black", "black", "red", "blue"]}, "first_player": 0}
    g = dragonwidgets.new_game("emerald", players=3, seed=7, position=lesson)
    assert g.observation(1)["knights"]["M8"] == {"black": 2, "red": 1, "blue": 1}
    assert g.explain("move M8 black").startswith("'move M8 black' is legal: Move a black knight from M8 (4 knights there) to LAIR")
    g.apply("move M8 black")
    assert g.state.hands[0].treasures == 1 and g.state.treasures_left == 3 and g.current_player == 1


def test_the_issues_example_takes_the_knights_from_the_castle():
    """EM-SETUP-11/12: ``{"knights": {"P2": ["red", "red", "blue"]}}`` takes two red knights and a blue one
    from the castle (the keep first, then T4): every colour keeps its 5 knights."""
    g = dragonwidgets.new_game("emerald", players=3, seed=2, position={"knights": {"P2": ["red", "red", "blue"]}})
    knights = g.position()["knights"]
    assert knights["P2"] == ["red", "red", "blue"]
    assert knights["KEEP"] == ["black"] and knights["T4"] == ["black", "blue"] and knights["T1"] == ["black", "red", "blue"]
    assert _knights(g) == {"black": 5, "red": 5, "blue": 5}
    assert g.state.piles == EmeraldGame(players=3, seed=2).state.piles  # the rest is the seeded set-up


def test_cards_named_come_from_where_the_set_up_put_them():
    """D1, D2, EM-SETUP-8/10: gold put in a hand leaves a pile (a card shorter), a pile written with '?'
    keeps its other cards from the set-up, the box keeps its 2 + 2 cards: 25 gold and 24 gems in all."""
    seeded = EmeraldGame(players=3, seed=4).state
    g = dragonwidgets.new_game("emerald", players=3, seed=4, position={
        "hands": [{"gold": [5, 2], "gems": {"ruby": 1}}, None, {"paid": [1]}],
        "piles": {"M5": {"gem": ["sapphire", "?"]}}})
    assert _cards(g) == DECKS
    assert g.state.hands[0].gold == [5, 2] and g.state.hands[0].gems == {"gem_2": 1} and g.state.hands[2].paid == [1]
    assert g.state.piles["M5"]["gem"][-1] == "gem_3" and len(g.state.piles["M5"]["gem"]) == 2
    assert g.state.out_of_game == seeded.out_of_game  # never taken from the box unless it is named
    on_board = sum(len(p["gold"]) + len(p["gem"]) for p in g.state.piles.values())
    assert on_board == 45 - 4  # the 4 cards in hands left the piles (D7)
    assert g.observation(1)["hands"][0] == {"seat": 0, "gold": None, "gold_count": 2, "gems": {"gem_2": 1}, "treasures": 0,
                                            "bonus": [], "gold_paid": 0, "paid_values": None}


def test_a_position_at_each_decision():
    """Digest section 6.2: a position may stop at any decision that makes sense on its table: black's
    knight took a card on M4, beside the flight track, where a red knight stands (EM-DRAGON-2)."""
    table = {"knights": {"M4": ["red", "black"]}, "moved": {"M4": ["black"]}, "first_player": 0, "destination": "M4",
             "card_taken": True, "hands": [{"gold": [3]}, {"gold": [2]}, None]}
    roll = dragonwidgets.new_game("emerald", players=3, seed=1, chance="manual", position={**table, "decision": "dragon_roll"})
    assert roll.legal_action_ids() == ["roll 1", "roll 2", "roll 3"]
    # The dragon's first flight from M4 (a 1) stops on M3 (EM-DRAGON-7; issue 27 item 7: never back on M4).
    landed = {**table, "knights": {"M3": ["red", "black"]}, "moved": {"M3": ["black"]}, "destination": "M3",
              "dragon": {"square": "M3"}}
    victim = dragonwidgets.new_game("emerald", players=3, seed=1, position={**landed, "decision": "choose_victim"})
    assert victim.legal_action_ids() == ["capture black", "capture red"] and victim.position()["dragon_moves"] == 1
    pay = dragonwidgets.new_game("emerald", players=3, seed=1, position={**landed, "decision": "pay_or_lose", "victim": "red"})
    assert pay.current_player == 1 and pay.legal_action_ids() == ["pay 2", "lose"] and pay.state.captured == [0, 1, 0]
    two = dragonwidgets.new_game("emerald", players=2, seed=1, position={
        "knights": {"P3": ["blue"]}, "moved": {"P3": ["blue"]}, "first_player": 0, "destination": "P3"})
    assert two.state.turn_colour == "blue" and two.legal_action_ids()[-1] == "end turn"  # EM-P2-2, EM-TURN-2


def test_a_finished_table():
    """EM-END-1, EM-BONUS-3: the fourth knight in the lair ends the game; the position says "over" and
    the majority bonuses follow the gems."""
    with pytest.raises(PositionError, match="field 'decision': the game is over on this table: the last treasure"):
        dragonwidgets.new_game("emerald", players=3, seed=1, position={"knights": {"LAIR": ["red", "red", "blue", "black"]}})
    g = dragonwidgets.new_game("emerald", players=3, seed=1, position={
        "knights": {"LAIR": ["red", "red", "blue", "black"]}, "decision": "over",
        "hands": [None, {"gems": {"ruby": 2}, "bonus": ["majority_gem_2"]}, None]})
    assert g.is_over and g.scores() == {0: 5, 1: 10 + 2 + 4, 2: 5} and g.winners() == [1]


def test_the_record_carries_the_position():
    position = {"knights": {"M8": ["black", "black", "red", "blue"]}, "first_player": 0}
    g = dragonwidgets.new_game("emerald", players=3, seed=7, position=position)
    rng = random.Random(1)
    for _ in range(12):
        _play_one(g, rng)
    record = json.loads(json.dumps(g.to_record()))
    assert record["position"] == position
    assert dragonwidgets.from_record(record).state_digest() == g.state_digest()
    g.goto(0)
    assert g.observation()["knights"]["M8"] == {"black": 2, "red": 1, "blue": 1}
    record["position"] = {"knights": {"M8": ["black"] * 6}}
    with pytest.raises(RecordError, match="field 'knights.M8'"):
        dragonwidgets.from_record(record)


def test_the_widget_shows_a_position():
    game = dragonwidgets.new_game("emerald", players=3, seed=7, position={"knights": {"M8": ["black", "black", "red", "blue"]}})
    w = EmeraldWidget(game=game, viewer="1")
    assert w.observation["knights"]["M8"] == {"black": 2, "red": 1, "blue": 1}


# ---------------------------------------------------------------- errors: the field and the rule
@pytest.mark.parametrize("position, field, words", [
    ({"knights": {"P2": ["red"] * 6}}, "knights.P2", "6 red knights named, red has 5 (EM-SETUP-11)"),
    ({"knights": {"T1": ["black"]}}, "knights.T1", "the set-up's red knight there is nowhere"),
    ({"knights": {"T1": ["black", "black"]}}, "knights.T1", "one knight of each colour, and knights never come back"),
    ({"knights": {"P2": ["purple"]}}, "knights.P2", "'purple' is not a colour in play"),
    ({"knights": {"M10": ["red"]}}, "knights.M10", "no such space"),
    ({"knights": {"LAIR": ["red"] * 5}}, "knights.LAIR", "the lair has 4 places (EM-LAIR-3)"),
    ({"hands": [{"gold": [5] * 6}, None, None]}, "hands.0.gold", "no gold 5 card left to place: the decks hold 5"),
    ({"hands": [{"gems": {"opal": 1}}, None, None]}, "hands.0.gems", "a gem card is one of gem_1"),
    ({"hands": [{"treasures": 1}, None, None]}, "hands.0", "unknown key(s) 'treasures'"),
    ({"hands": [None, None]}, "hands", "one entry per seat (3"),
    ({"piles": {"M1": {"gold": [1, 2, 3, 4]}}}, "piles.M1.gold", "dealt 3 cards (EM-SETUP-8)"),
    ({"piles": {"M8": {"gold": []}}}, "piles.M8.gold", "2 gold card(s) the set-up put there are nowhere"),
    ({"box": {"gem": ["ruby"]}}, "box.gem", "2 gem cards are boxed unseen at set-up (EM-SETUP-10)"),
    ({"decision": "fly"}, "decision", "must be one of 'select_knight'"),
    ({"decision": "take_card"}, "knights_moved", "take_card comes after a knight's move"),
    ({"knights": {"P3": ["black"]}, "moved": {"P3": ["black"]}, "destination": "P3", "first_player": 0,
      "decision": "dragon_roll"}, "destination", "does not wake the dragon: it is not beside the track"),
    ({"knights": {"M1": ["black"]}, "moved": {"M1": ["black"]}, "destination": "M1", "first_player": 0,
      "decision": "dragon_roll"}, "card_taken", "takes one first (EM-CARD-1)"),
    ({"knights": {"M3": ["red", "black"]}, "moved": {"M3": ["black"]}, "destination": "M3", "first_player": 0,
      "card_taken": True, "dragon": {"square": "M3"}, "decision": "pay_or_lose", "victim": "red"}, "victim", "holds no gold card, so the knight is lost at once (EM-CAPTURE-6)"),
    ({"decision": "pay_or_lose"}, "victim", "the decision pay_or_lose needs it"),
    ({"victim": "red"}, "victim", "only the decision pay_or_lose has one"),
    ({"dragon": {"square": "M2"}}, "dragon", "before its first flight the dragon stands beside M4"),
    ({"flight_track": 6}, "dragon", "not beside its track M6-M9 nor one square behind it (EM-TRACK-4)"),
    ({"flight_track": 3, "dragon_moves": 5}, "dragon_moves", "advances one square after every flight (EM-TRACK-1)"),
    ({"dragon": {"square": "M1", "facing": "plain"}, "flight_track": 1, "dragon_moves": 0}, "dragon", "first flight"),
    ({"first_player": 0, "active": 1, "turn": 1}, "turn", "seats play in turn, one turn each (EM-TURN-1)"),
    ({"hands": [{"gems": {"ruby": 1, "emerald": 1, "sapphire": 1, "amethyst": 1}}, None, None]}, "hands.0.bonus",
     "holds the four_different_gems bonus (EM-BONUS-1)"),
    ({"hands": [{"bonus": ["majority_gem_1"]}, None, None]}, "hands.bonus", "at the end of the game only (EM-BONUS-3)"),
    ({"knights": {"NEST": ["red"] * 4}}, "decision", "Red has only one knight left in play (EM-END-2)"),
    ({"moved": {"P3": ["black"]}}, "moved.P3", "1 black knight(s) moved there, 0 stand there"),
    ({"side_quest": True}, "side_quest", "not a field of an Emerald position"),
])
def test_a_broken_position_names_the_field_and_the_rule(position, field, words):
    with pytest.raises(PositionError) as err:
        dragonwidgets.new_game("emerald", players=3, seed=1, position={"first_player": 0, **position})
    assert str(err.value).startswith(f"field '{field}': ") and words in str(err.value), str(err.value)


# ---------------------------------------------------------------- manual chance: the card turned up (EM-CARD-2)
def _at_reveal(seed: int = 1):
    """A game (manual chance) whose black knight has just taken M3's face-up gold card."""
    g = dragonwidgets.new_game("emerald", players=3, seed=seed, chance="manual", position={
        "knights": {"M3": ["black"]}, "moved": {"M3": ["black"]}, "first_player": 0, "destination": "M3",
        "decision": "take_card"})
    g.apply("take gold")
    return g


def test_a_card_turned_up_is_a_chance_node_over_the_hidden_stock():
    """EM-CARD-2, EM-SETUP-7/10: with manual chance, the card under a taken one is picked among the gold
    cards nobody sees (face down in any pile, or boxed), each with probability count / total; the seats
    see the pile with no face-up card until then."""
    g = _at_reveal()
    s = g.state
    assert g.current_player == CHANCE and s.phase == "reveal_card"
    hidden = Counter(s.piles["M3"]["gold"] + [c for c in s.out_of_game if isinstance(c, int)])
    for sq, piles in s.piles.items():
        hidden.update(piles["gold"][:-1] if sq != "M3" else [])
    outcomes = {a.id: a.prob for a in g.legal_actions()}
    assert outcomes == pytest.approx({f"reveal gold {v}": n / sum(hidden.values()) for v, n in hidden.items()})
    for seat in (None, 0, 1):
        assert g.observation(seat)["piles"]["M3"]["gold"] == {"count": 2, "top": None}
    assert g.observation(None)["face_down"]["M3"]["gold"] == [{"kind": "gold", "value": c} for c in s.piles["M3"]["gold"]]


@pytest.mark.parametrize("seed", [1, 2])
def test_every_card_picked_is_turned_up_and_nothing_is_created(seed):
    """EM-CARD-2: each outcome is legal, puts that card face up on the pile (it changes place with the card
    that would have come), keeps every card of the decks once (D1, D2), and the turn goes on as in auto mode."""
    for action in _at_reveal(seed).legal_actions():
        g = _at_reveal(seed)
        before = _cards(g)
        events = g.apply(action.id)
        value = int(action.id.split()[-1])
        assert g.observation(1)["piles"]["M3"]["gold"]["top"] == {"kind": "gold", "value": value}
        assert events[0].text == f"The next gold card of M3 is turned up: gold {value}."
        assert _cards(g) == before == DECKS
        assert g.current_player == CHANCE and g.legal_action_ids() == ["roll 1", "roll 2", "roll 3"]  # M3 wakes the dragon


def test_auto_chance_turns_the_dealt_card_up_at_once():
    """With auto chance (the default) a take turns up the card dealt under it, no chance node (the golden
    playthroughs check whole games)."""
    g = dragonwidgets.new_game("emerald", players=3, seed=1, position={
        "knights": {"M3": ["black"]}, "moved": {"M3": ["black"]}, "first_player": 0, "destination": "M3",
        "decision": "take_card"})
    dealt = g.state.piles["M3"]["gold"][-2]
    events = g.apply("take gold")
    assert [e.kind for e in events][:2] == ["card_taken", "card_revealed"] and g.state.piles["M3"]["gold"][-1] == dealt
    assert all(entry.action.kind != "reveal_card" for entry in g.history)


def test_a_game_with_picked_cards_replays_and_round_trips():
    """A manual game whose cards were picked by hand replays from its record, and its positions at a
    reveal (all the pile face down) round-trip."""
    g = _at_reveal()
    position = g.position()
    assert position["decision"] == "reveal_card" and position["revealing"] == "gold"
    twin = dragonwidgets.new_game("emerald", position=position, chance="manual")
    assert _views(twin) == _views(g)
    g.apply(g.legal_action_ids()[-1])
    g.apply("roll 2")
    assert dragonwidgets.from_record(json.loads(json.dumps(g.to_record()))).state_digest() == g.state_digest()
    seat_view = g.determinize(1, random.Random(3)) if not g.is_over else None
    assert seat_view is None or seat_view.observation(1) == g.observation(1)


def test_a_mangled_position_is_refused_or_makes_a_table_that_plays():
    """Bad input gets a PositionError, never another exception: 600 positions reached by play, with fields
    dropped and up to two replaced by junk, either raise PositionError or give a table that keeps the decks
    (D1, D2) and every colour's knights (EM-SETUP-11), has a legal action, plays on, and round-trips."""
    rng = random.Random(5)
    junk = [None, 0, -1, 3, 99, "x", "?", "M3", "gold", "over", "red", [], ["red"], {}, {"M3": ["red"]}, True, 2.5]
    tables = []
    for seed in range(4):
        g = dragonwidgets.new_game("emerald", players=2 + seed, seed=seed, chance=("auto", "manual")[seed % 2])
        while not g.is_over:
            _play_one(g, rng)
            if rng.random() < 0.1:
                tables.append((g.chance_mode, g.position(), _knights(g)))
    refused = 0
    for _ in range(600):
        chance, whole, knights = rng.choice(tables)
        position = {k: v for k, v in json.loads(json.dumps(whole)).items() if k in ("players", "seed") or rng.random() < 0.9}
        for _ in range(rng.randint(0, 2)):
            node, key = position, rng.choice([k for k in position if k not in ("players", "seed")] or ["knights"])
            while isinstance(node.get(key) if isinstance(node, dict) else None, dict) and node[key] and rng.random() < 0.6:
                node, key = node[key], rng.choice(list(node[key]))
            node[key] = rng.choice(junk)
        try:
            g = dragonwidgets.new_game("emerald", position=position, chance=chance)
        except PositionError:
            refused += 1
            continue
        assert _cards(g) == DECKS and sum(_knights(g).values()) == sum(knights.values())
        assert g.is_over or g.legal_actions()
        for _ in range(20):
            if not g.is_over:
                _play_one(g, rng)
        assert dragonwidgets.new_game("emerald", position=g.position(), chance=chance).position() == g.position()
    assert refused >= 100 and 600 - refused >= 60, refused  # both kinds are met
