"""Whose turn it is and which decision, in a position (:mod:`.position`): read, defaulted and checked.

A position names the decision due (``"decision"``, one of :data:`DECISIONS`) and the details of the turn
so far (``"turn"``); only a decision the table allows is accepted (each check names its rule):

- ``place_camp``: only with ``camp_placement="choose"``, camps pitched in turn order from the first player
  and not all of them yet (CD-INT-4); every other decision needs every camp and adventurer placed (CD-SETUP-4/5);
- ``raid``: the dragon raids option on, the first player active, no step taken (CD-RAID-2, CD-INT-22);
- ``move``: after a step, a goblin quarter left for another (else the movement is over, CD-MOVE-6);
- ``choose_duel``: an opponent on the active player's square (CD-DUEL-1); ``duel_flight``: the
  ``turn.defender`` there (CD-DUEL-2);
- ``reveal`` (manual chance only: the card turned up is picked) and ``encounter`` (its top card turned up):
  a pile on the active player's square (CD-ENC-1);
- ``flee_roll``: ``turn.fleeing`` is the duel's defender (CD-DUEL-4) or the active player facing a monster
  at least as strong as the equipment (CD-ENC-3);
- ``combat``: ``turn.fight`` under way, its throws those of exploding dice (CD-COMBAT-1);
- ``camp``: the active player on their own camp (CD-CAMP-1); ``over``: ``end`` says why (CD-END-1).

Left out: ``active`` is the first player (or the set-up's player to move), ``decision`` the start of that
turn (``raid`` or ``move``; ``place_camp`` while camps are missing), and the turn's details those of a
turn just begun (no step, no duel, no flight tried, no fight; a flight roll's ``fleeing`` and a fight's
``kind`` follow from ``turn.defender``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import state as phase
from .movement import quarters
from .setup import COUNTS
from .position_read import fail, fields_of, flag, integer, seat_of, throws_of
from .state import COLOURS, DECISIONS, POWER, ChasseState, Fight, square_id

#: The most steps of one movement: the free step, then one goblin quarter a step, 4 quarters a goblin and the
#: game's 62 goblins (CD-MOVE-1, CD-MOVE-3, CD-GOB-1, CD-SETUP-6).
STEP_LIMIT = 1 + 4 * COUNTS["goblin"]

TURN_FIELDS = ("steps", "defender", "fleeing", "flight_tried", "fight", "last_rolls")
#: Decisions at which no flight roll can have been tried yet this turn (CD-DUEL-5, CD-ENC-4).
_BEFORE_FLIGHT = DECISIONS[: DECISIONS.index(phase.ENCOUNTER) + 1]


def need(ok: bool, field: str, message: str) -> None:
    """Raise ``PositionError`` for ``field`` unless ``ok``."""
    if not ok:
        fail(field, message)


def read_turn(s: ChasseState, position: Mapping[str, Any], options: Mapping[str, Any], manual: bool) -> None:
    """Set, in ``s`` (its table already read), whose turn it is, the decision, the turn's details and the end.

    ``manual`` is whether the game picks chance outcomes by hand (``reveal`` needs it). Raises
    ``PositionError`` naming the field for a value or a decision the table does not allow.
    """
    n = s.players
    placed = sum(c is not None for c in s.camps)
    if "active" in position:
        s.active = seat_of(position["active"], "active", n)  # type: ignore[assignment]
    elif "first_player" in position:
        s.active = s.first_player
    decision = position.get("decision")
    if decision is None:
        raid = options["dragon_raids"] and s.active == s.first_player
        decision = phase.PLACE_CAMP if placed < n else phase.RAID if raid else phase.MOVE
    need(decision in DECISIONS, "decision", f"{decision!r:.40} is not a decision (decisions: {', '.join(DECISIONS)})")
    if decision == phase.PLACE_CAMP and "active" not in position:
        s.active = (s.first_player + placed) % n
    s.phase = decision
    turn = fields_of(position.get("turn", {}), "turn", TURN_FIELDS)
    s.steps = integer(turn.get("steps", 0), "turn.steps", 0, STEP_LIMIT, "the free step, then a goblin quarter a "
                      "step: CD-MOVE-1, CD-MOVE-3, CD-GOB-1")
    s.defender = seat_of(turn.get("defender"), "turn.defender", n, allow_none=True)
    fleeing = (s.active if s.defender is None else s.defender) if decision == phase.FLEE_ROLL else None
    if "fleeing" in turn:
        fleeing = seat_of(turn["fleeing"], "turn.fleeing", n, allow_none=True)
    s.fleeing = fleeing
    s.flight_tried = flag(turn.get("flight_tried", decision == phase.FLEE_ROLL), "turn.flight_tried")
    s.last_rolls = last_rolls_of(turn.get("last_rolls", {}))
    check_places(s, options)
    check_decision(s, options, manual)
    kind = "encounter" if s.defender is None else "duel"
    s.fight = fight_of(s, turn.get("fight", {"kind": kind, "throws": [[], []]} if decision == phase.COMBAT else None))
    read_end(s, position.get("end"), options)


def last_rolls_of(value: Any) -> dict[str, list[int]]:
    """The last finished roll shown to all: ``{}``, a fight's ``{"attacker": [...], "defender": [...]}`` or
    a flight roll's ``{"flight": [face]}`` (CD-COMBAT-1, CD-DUEL-4)."""
    rolls = fields_of(value, "turn.last_rolls", ("attacker", "defender", "flight"))
    need(set(rolls) in (set(), {"attacker", "defender"}, {"flight"}), "turn.last_rolls",
         "is {}, a fight's {\"attacker\": [...], \"defender\": [...]} or a flight roll's {\"flight\": [face]}")
    out = {k: throws_of(v, f"turn.last_rolls.{k}") for k, v in rolls.items()}
    need(all(out.values()), "turn.last_rolls", "a roll shown holds at least one face")
    return out


def check_places(s: ChasseState, options: Mapping[str, Any]) -> None:
    """Camps and adventurers as the decision needs them (CD-SETUP-4, CD-SETUP-5, CD-INT-4)."""
    n, first = s.players, s.first_player
    placed = [i for i in range(n) if s.camps[i] is not None]
    choose = options["camp_placement"] == "choose"
    s.placing = len(placed) if choose else 0
    if s.phase != phase.PLACE_CAMP:
        need(len(placed) == n, "camps", "every seat has a camp once the first turn has begun (CD-SETUP-4); a camp is "
             "null only at decision 'place_camp'")
        for i in range(n):
            need(s.positions[i] is not None, f"adventurers.{COLOURS[i]}", "every adventurer is on the board once the "
                 "first turn has begun (CD-SETUP-5)")
        return
    need(choose, "decision", "players pitch their camps only with camp_placement='choose' (CD-INT-4); by default the "
         "camps come from the setup file's table (CD-REC-3)")
    need(len(placed) < n, "decision", "every camp is pitched: the first turn has begun (CD-INT-4)")
    order = [(first + k) % n for k in range(n)]
    need(sorted(placed) == sorted(order[: len(placed)]), "camps",
         f"camps are pitched in turn order from the first player ({', '.join(COLOURS[i] for i in order)}) (CD-INT-4)")
    need(s.active == order[len(placed)], "active", f"{COLOURS[order[len(placed)]]} pitches the next camp (CD-INT-4)")
    for i in range(n):
        need(s.positions[i] == s.camps[i], f"adventurers.{COLOURS[i]}",
             "before the first turn an adventurer stands on its camp, or nowhere before its camp is pitched (CD-SETUP-5)")
    need(s.steps == 0, "turn.steps", "no step is taken before the first turn (CD-TURN-2)")


def check_decision(s: ChasseState, options: Mapping[str, Any], manual: bool) -> None:
    """The decision and the turn's details make sense on this table (see the module docstring)."""
    d, p = s.phase, s.active
    here = s.positions[p]
    pile = s.piles.get(here, []) if here is not None else []
    where = square_id(here) if here is not None else "nowhere"
    duel = s.defender is not None
    need(not duel or d in (phase.DUEL_FLIGHT, phase.FLEE_ROLL, phase.COMBAT), "turn.defender", "a defender is "
         "named only while a duel is answered, fled or fought: decisions duel_flight, flee_roll, combat (CD-DUEL-2)")
    need(duel or d != phase.DUEL_FLIGHT, "turn.defender", "at decision 'duel_flight' the duel's defender answers: "
         "name them (CD-DUEL-2)")
    if duel:
        need(s.defender != p, "turn.defender", "a player duels an opponent, never themselves (CD-DUEL-1)")
        need(s.positions[s.defender] == here, "turn.defender",  # type: ignore[index]
             f"the defender stands on the active player's square, {where} (CD-DUEL-1)")
    need((s.fleeing is not None) == (d == phase.FLEE_ROLL), "turn.fleeing", "names who makes the flight roll, at "
         "decision 'flee_roll' only (CD-DUEL-4, CD-ENC-3)")
    if d == phase.FLEE_ROLL:
        need(s.fleeing == (s.defender if duel else p), "turn.fleeing", "a duel's defender flees it (CD-DUEL-4); the "
             "active player flees a monster (CD-ENC-3)")
        need(s.flight_tried, "turn.flight_tried", "is true once a flight roll is tried (CD-DUEL-5, CD-ENC-4)")
    need(not (d in _BEFORE_FLIGHT and s.flight_tried), "turn.flight_tried",
         f"no flight roll is tried yet at decision {d!r} (CD-DUEL-5, CD-ENC-4)")
    need(d != phase.RAID or s.steps == 0, "turn.steps", "the movement comes after the raid (CD-TURN-2): no step yet")
    need(d != phase.MOVE or s.steps == 0 or quarters(s.boards[p]) > 0, "turn.steps", "after a step with no goblin "
         "quarter left the movement is over (CD-MOVE-6, CD-GOB-8): decision 'move' with steps > 0 needs a quarter")
    if d == phase.RAID:
        need(options["dragon_raids"], "decision", "the dragon raids are an option chosen before the game, and it is "
             "off (CD-RAID-1, CD-SETUP-7)")
        need(p == s.first_player, "active", "the raid opens the first player's turns only (CD-RAID-2)")
    need(d != phase.CHOOSE_DUEL or s.positions.count(here) > 1, "decision", "a duel is chosen when an opponent "
         f"stands on the active player's square, and nobody else is on {where} (CD-DUEL-1)")
    monster = d in (phase.REVEAL, phase.ENCOUNTER) or (d in (phase.FLEE_ROLL, phase.COMBAT) and not duel)
    need(not monster or bool(pile), "decision", f"{d!r} meets the pile on the active player's square, and {where} "
         "has no card (CD-ENC-1, CD-BOARD-2)")
    need(d != phase.REVEAL or manual, "decision", "'reveal' (the card turned up, picked by hand) comes only with "
         "chance='manual'; with chance='auto' the top card is turned up at once: use 'encounter' (CD-ENC-1)")
    need(d != phase.FLEE_ROLL or duel or POWER[pile[0]] >= s.boards[p].power(), "decision", "a flight roll is tried "
         "only from a monster at least as strong as the equipment; a weaker one is let go for free (CD-ENC-3, CD-ENC-5)")
    need(d != phase.CAMP or here == s.camps[p], "decision", "the camp phase happens on the active player's own camp "
         "(CD-CAMP-1)")
    s.revealed = monster and d != phase.REVEAL


def fight_of(s: ChasseState, value: Any) -> Fight | None:
    """The fight under way: ``{"kind": "duel"|"encounter", "throws": [[active player's], [other side's]]}``;
    the dice follow from the equipment and the monster, and whose throw is due from the throws (CD-COMBAT-1..3)."""
    need((value is not None) == (s.phase == phase.COMBAT), "turn.fight", "a fight is under way at decision 'combat' "
         "only (CD-COMBAT-1)")
    if value is None:
        return None
    fight = fields_of(value, "turn.fight", ("kind", "throws"))
    kind = fight.get("kind")
    need(kind == ("duel" if s.defender is not None else "encounter"), "turn.fight.kind", "a fight with a "
         "'turn.defender' is a 'duel', without one an 'encounter' with the monster turned up (CD-DUEL-7, CD-ENC-7)")
    assert isinstance(kind, str)  # need() raised otherwise
    mine = s.boards[s.active].power()
    faces = (mine, s.boards[s.defender].power() if kind == "duel" else POWER[s.pile_here()[0]])  # type: ignore[index]
    throws = fight.get("throws", [[], []])
    need(isinstance(throws, list) and len(throws) == 2, "turn.fight.throws", "is two lists of faces: the active "
         "player's throws, then the other side's")
    a, b = (throws_of(t, f"turn.fight.throws[{i}]") for i, t in enumerate(throws))
    for i, (side, n) in enumerate(zip((a, b), faces)):
        need(all(f <= n for f in side) and all(f == n for f in side[:-1]), f"turn.fight.throws[{i}]",
             f"a d{n} shows 1..{n} and is thrown again only after its maximum (CD-COMBAT-1, CD-COMBAT-3)")
    done = bool(a) and a[-1] != faces[0]
    need(done or not b, "turn.fight.throws[1]", "the other side throws once the active player's die stops exploding "
         "(CD-COMBAT-1)")
    need(not b or b[-1] == faces[1], "turn.fight.throws[1]", "a fight whose two sides have thrown is over: the other "
         "side's last throw here is its die's maximum (CD-COMBAT-1)")
    return Fight(kind, faces, (a, b), 1 if done else 0)


def read_end(s: ChasseState, value: Any, options: Mapping[str, Any]) -> None:
    """``end``: ``{"reason": str, "dragon_slayer": colour or null}`` at decision 'over' only (CD-END-1, CD-INT-24).

    The game is over only by an end the game has: a dragon slain (``dragon_slayer``, CD-END-1; the rules give
    no other, CD-END-3), or the ``max_rounds`` option's stop (not a rule, CD-INT-24) once that many rounds are
    played: ``round`` is one more, the first player active. The ``reason`` is the text shown.

    A dragon card sits in a management board only in the backpack of the player who slew it, which ended the
    game (CD-END-1, CD-ENC-12).
    """
    slayer = None
    if s.phase != phase.OVER:
        need(value is None, "end", "the game is over only at decision 'over' (CD-END-1)")
    else:
        end = fields_of(value, "end", ("reason", "dragon_slayer"))
        reason = end.get("reason")
        need(isinstance(reason, str) and 0 < len(reason) <= 200, "end.reason", "a game over says why in 1..200 "
             "characters, e.g. \"White slew a dragon\" (CD-END-1) or \"stopped after 50 rounds (max_rounds, not a "
             "rule)\" (CD-INT-24)")
        slayer = seat_of(end.get("dragon_slayer"), "end.dragon_slayer", s.players, allow_none=True)
        need(slayer is None or slayer == s.active, "end.dragon_slayer", "the dragon is slain by the active player, "
             "in the encounter of their turn (CD-END-1, CD-ENC-12)")
        cap = options["max_rounds"]
        stopped = bool(cap) and s.round == cap + 1 and s.active == s.first_player
        need(slayer is not None or stopped, "end", "the game ends when a dragon is slain (end.dragon_slayer, "
             "CD-END-1, CD-END-3), or, with the max_rounds option (not a rule, CD-INT-24), once that many rounds "
             f"are played (round {cap + 1 if cap else 'max_rounds + 1'}, the first player active); "
             "this table shows neither")
        s.end_reason, s.dragon_slayer = reason, slayer
    for i, b in enumerate(s.boards):
        want = 1 if i == slayer else 0
        need(b.backpack.get("dragon", 0) == want, f"boards.{COLOURS[i]}.backpack", "a dragon card won ends the game at "
             "once: only the slayer's backpack holds one, at decision 'over' with end.dragon_slayer (CD-END-1, CD-ENC-12)")
    if s.phase == phase.OVER:
        s.revealed = False
