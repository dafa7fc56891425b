"""``DrachenlandGame``: the decision model of the digest's section 6 on top of the engine's ``Game``.

A turn is a sequence of small decisions: the ``roll`` chance node, ``fate`` (keep or reroll, once a
game), ``choose_die`` (when the two unused dice differ), ``choose_adventurer`` (or end the turn), the
``movement`` phase (walk, march, fly, call, boat, end movement), the ``treasure`` phase (take gems, a
diamond, an egg or a ring, or skip) and the ``magic_hand`` loop. The opening round is
``choose_adventurer`` then an exact ``walk``. Reveals, forced stops and the end of phases that offer
no choice are automatic and reported as events.

Action id grammar (the Drachenland contract): ``roll {a} {b}`` (chance), ``keep`` / ``reroll``,
``die {value}``, ``move {colour}`` / ``enter {colour}``, ``end turn``, ``walk {node}``,
``march {node}``, ``fly {volcano}`` / ``fly {volcano} baby``, ``call`` / ``call baby``,
``boat {volcano}``, ``end movement``, ``take gems`` / ``take diamond`` / ``take egg`` /
``take ring``, ``skip``, ``magic hand`` / ``done``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from dragonwidgets.engine import CHANCE, Action, Event, Game, Outcome

from . import choices, text
from .board import BUNDLED_BOARD, COLOURS, GEM_OF, Board, load_board
from .determinize import redeal_hidden_tokens
from .movement import (
    MARCH_STEPS,
    entry_distances,
    exact_entries,
    marches_needed,
    near_volcanoes,
    remember,
    sorted_reach,
)
from .observation import observe
from .scoring import score
from .setup import deal_gems, deal_tokens, egg_counts
from .state import (
    CHOOSE_ADVENTURER,
    CHOOSE_DIE,
    FATE,
    FLY_VALUE,
    HELD_TOKENS,
    MAGIC_HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOVEMENT,
    OVER,
    REROLL,
    ROLL,
    TAKE_AGAIN,
    TREASURE,
    DrachenlandState,
    Step,
    empty_hoard,
)
from .tokens import can_call, dragon_sources, flight_destinations, reveal, river_destinations
from .treasure import DIAMOND, EGG, GEMS, may_take_ring, take, take_ring, takes

_MOVER = {ROLL: CHANCE, REROLL: CHANCE, OVER: None}  # who moves in the phases no seat decides
_TAKE_RULES = {GEMS: ("DL-TREASURE-2", "DL-TREASURE-3"), DIAMOND: ("DL-TREASURE-2",),
               EGG: ("DL-TREASURE-2", "DL-TREASURE-4")}
_PHASE_OF_WORD = {"roll": (ROLL, REROLL), "keep": (FATE,), "reroll": (FATE,), "die": (CHOOSE_DIE,),
                  "move": (CHOOSE_ADVENTURER,), "enter": (CHOOSE_ADVENTURER,), "walk": (MOVEMENT,),
                  "march": (MOVEMENT,), "fly": (MOVEMENT,), "call": (MOVEMENT,), "boat": (MOVEMENT,),
                  "take": (TREASURE, TAKE_AGAIN), "skip": (TREASURE,), "magic": (MAGIC_HAND,),
                  "done": (MAGIC_HAND,)}


def _plural(item: str, n: int) -> str:
    """Return ``item`` for one, its plural for more: ``"ruby"`` -> ``"rubies"``."""
    if n == 1:
        return item
    return item[:-1] + "ies" if item.endswith("y") else item + "s"


class DrachenlandGame(Game):
    """A game of Drachenland for 2 to 4 players (rules digest ``DL``).

    Options (``option_defaults``; each default is the digest's choice):

    - ``dice`` ("special_2002"): the dice preset of ``data/components.json``, or "standard_d6"
      (DL-REC-1, DL-INT-5).
    - ``variant_free_gems`` (False): Variant 1, no limit of two gems per colour (DL-VAR1-1, DL-INT-28).
    - ``variant_open_hoards`` (False): Variant 2, no screens: every hoard is shown (DL-VAR2-1, DL-INT-29).
    - ``first_player`` (0): the start player; the others follow in seat order (DL-SETUP-9, DL-INT-32).
    - ``opening_exact_distance`` (True): the opening walk is exactly 1/2/3/4 spaces; False: up to it (DL-INT-6).
    - ``forfeit_dice`` (True): a die may be left unused; False: end the turn only when no die can be
      used (DL-INT-8).
    - ``march_without_die`` (True): forced marches may carry a walk on their own; False: only on top
      of a walk on the die (DL-INT-12).
    - ``forced_stop_ends_movement`` (True): a forced stop ends the whole movement phase; False: it ends
      the walk, and boatmen, flights and calls may follow (DL-INT-13).
    - ``call_counts_as_move`` (False): a dragon call counts as having moved, for rings (DL-INT-22).
    - ``diamond_gem_limit`` (True): the two-per-colour setup limit applies to diamonds (DL-INT-3).
    - ``diamonds_replace_eggs`` (False): diamonds may stand in for eggs in sets (DL-INT-25).
    - ``turn_cap`` (0): stop after this many rounds, **not a rule**, for automated play; 0 = off (DL-INT-30).
    - ``board_file`` (""): a board JSON file of your own; "" is the bundled reconstruction (DL-REC-2).

    >>> g = DrachenlandGame(players=3, seed=1)
    >>> g.legal_action_ids()
    ['enter red', 'enter green', 'enter blue']
    >>> g.apply("enter red")[0].text
    'Humans bring their red adventurer in (opening round: exactly 1 space).'
    >>> g.legal_action_ids()
    ['walk s01', 'walk s05', 'walk s09', 'walk s13', 'walk s17', 'walk s21']
    """

    name: ClassVar[str] = "drachenland"
    version: ClassVar[int] = 1
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    option_defaults: ClassVar[dict[str, Any]] = {
        "dice": "special_2002",  # DL-REC-1, DL-INT-5
        "variant_free_gems": False,  # DL-VAR1
        "variant_open_hoards": False,  # DL-VAR2
        "first_player": 0,  # DL-INT-32
        "opening_exact_distance": True,  # DL-INT-6
        "forfeit_dice": True,  # DL-INT-8
        "march_without_die": True,  # DL-INT-12
        "forced_stop_ends_movement": True,  # DL-INT-13
        "call_counts_as_move": False,  # DL-INT-22
        "diamond_gem_limit": True,  # DL-INT-3
        "diamonds_replace_eggs": False,  # DL-INT-25
        "turn_cap": 0,  # DL-INT-30: not a rule, 0 = off
        "board_file": "",  # DL-REC-2: "" = data/board.json
    }
    data_options: ClassVar[dict[str, str]] = {"board_file": str(BUNDLED_BOARD)}

    #: Seats are named after peoples ("Humans", "Dwarves"): "the Dwarves win", not "wins".
    plural_names: ClassVar[bool] = True

    board: Board
    state: DrachenlandState

    # ------------------------------------------------------------------ setup (DL-SETUP-*)
    def _setup(self, rng: random.Random) -> DrachenlandState:
        """Deal tokens, eggs and gems; every adventurer off the board; seat ``first_player`` opens.

        DL-SETUP-2..9, DL-2P-2, DL-REC-3. Raises ``ValueError`` on an unknown dice preset, a
        ``first_player`` outside the seats or a negative ``turn_cap``, and ``GameDataError`` on a bad
        board file.
        """
        self.board = board = load_board(self.options["board_file"] or None)
        o = self.options
        if o["dice"] not in board.dice_presets:
            raise ValueError(f"dice must be one of {sorted(board.dice_presets)}, got {o['dice']!r}")
        if not 0 <= o["first_player"] < self.players:
            raise ValueError(f"first_player must be a seat 0..{self.players - 1}, got {o['first_player']}")
        if o["turn_cap"] < 0:
            raise ValueError(f"turn_cap must be 0 (off) or a number of rounds, got {o['turn_cap']}")
        self._dice = board.dice_presets[o["dice"]]
        self._roll_cache: dict[str, list[Action]] = {}
        self._forget_table()
        self._names = [board.display.get("shapes", {}).get(s, {}).get("name", s.title()) for s in board.shapes]
        placed, boxed = deal_tokens(board, rng)
        eggs = egg_counts(board, self.players)
        gems = deal_gems(board, rng, free_colours=o["variant_free_gems"], limit_diamonds=o["diamond_gem_limit"])
        return DrachenlandState(
            players=self.players,
            first_player=o["first_player"],
            eggs=eggs,
            gems=gems,
            token=dict(placed),
            face_down=set(placed),
            boxed=boxed,
            dragons=dict.fromkeys(COLOURS),
            positions=[dict.fromkeys(COLOURS) for _ in range(self.players)],
            rings=[set() for _ in range(self.players)],
            ring_supply=board.ring_supply,
            held=[{k: int(k in ("fate", "boatman", "baby_dragon")) for k in HELD_TOKENS} for _ in range(self.players)],
            hoards=[empty_hoard() for _ in range(self.players)],
            active=o["first_player"],
            eggs_left=sum(eggs.values()),
            flights=[0] * self.players,
            calls=[0] * self.players,
        )

    def player_name(self, player: int) -> str:
        """Return the name of ``player``'s people, after their shape (DL-REC-4), e.g. ``"Dwarves"``."""
        return self._names[player]

    def board_layout(self) -> dict[str, Any]:
        """Return the static layout sent to the browser once (the Drachenland contract's ``board_layout``)."""
        b = self.board
        disp = b.display
        return {
            "width": b.width, "height": b.height,
            "volcanoes": [{"id": v, "x": b.xy[v][0], "y": b.xy[v][1], "eggs": b.eggs[v], "gems": b.gem_slots[v]}
                          for v in b.volcanoes],
            "stones": [{"id": s, "x": b.xy[s][0], "y": b.xy[s][1], "junction": s in b.junctions} for s in b.stones],
            "entrances": [{"id": e, "x": b.xy[e][0], "y": b.xy[e][1]} for e in b.entrances],
            "edges": [list(e) for e in b.edges],
            "rivers": [list(r) for r in b.river_pairs],
            "colours": disp.get("colours", {}),
            "gems": disp.get("gems", {}),
            "tokens": disp.get("tokens", {}),
            "shapes": [{"id": s, **disp.get("shapes", {}).get(s, {"name": s, "glyph": "circle"})}
                       for s in b.shapes[: self.players]],
            "dice": [list(d) for d in self._dice],
        }

    # ------------------------------------------------------------------ who decides, and what
    def _player_to_move(self) -> int | None:
        s = self.state
        return _MOVER.get(s.phase, s.active)  # chance rolls the dice; nobody moves once it is over

    def _legal_actions(self) -> list[Action]:
        phase = self.state.phase  # the most frequent decisions first
        if phase == CHOOSE_ADVENTURER:
            return self._adventurer_actions()
        if phase == MOVEMENT:
            return self._movement_actions()
        if phase == CHOOSE_DIE:
            return self._die_actions()
        if phase == FATE:
            return self._fate_actions()
        if phase in (TREASURE, TAKE_AGAIN):
            return self._treasure_actions()
        return self._hand_actions()

    def _chance_outcomes(self) -> list[Action]:
        """DL-TURN-2 (1), DL-FATE-1, DL-REC-1: both dice, each distinct pair with its probability."""
        phase = self.state.phase
        if phase not in self._roll_cache:
            a, b = self._dice
            rules = ("DL-TURN-2", "DL-FATE-1") if phase == REROLL else ("DL-TURN-2",)
            self._roll_cache[phase] = [
                Action(f"roll {x} {y}", f"The dice show {x} and {y}", CHANCE, "roll", ("dice",), rules,
                       a.count(x) / len(a) * b.count(y) / len(b))
                for x in sorted(set(a)) for y in sorted(set(b))
            ]
        return self._roll_cache[phase]  # shared: the engine never mutates the list it is given

    def _fate_actions(self) -> list[Action]:
        """DL-FATE-1, DL-TOKEN-1: right after the roll, keep it or play the fate token to roll again."""
        s = self.state
        return list(choices.fate_actions(s.active, *s.dice))  # type: ignore[misc]

    def _die_actions(self) -> list[Action]:
        """DL-TURN-2/3, DL-INT-8: choose which die to use next, or forfeit the dice left."""
        s, p = self.state, self.state.active
        out = [choices.die_action(p, i, s.dice[i]) for i in self._usable_dice()]  # type: ignore[index]
        if self.options["forfeit_dice"]:
            out.append(choices.end_turn_action(p, choices.END_BOTH))
        return out

    def _adventurer_actions(self) -> list[Action]:
        """DL-OPEN-1/2, DL-TURN-2/3, DL-MOVE-3, DL-INT-8/9: the adventurer for the chosen die."""
        s, p = self.state, self.state.active
        if s.turn == 0:
            if not self._opening_ends():
                return []
            k = self._opening_distance()
            return [choices.opening_enter_action(p, c, k) for c in COLOURS]
        d = s.dice[s.chosen_die]  # type: ignore[index]
        used, where = s.used, s.positions[p]
        out = []
        for c in COLOURS:
            if c in used:
                continue
            here = where[c]
            if here is not None:
                out.append(choices.move_action(p, c, d, here))
            elif self._entry_ends(d):
                out.append(choices.enter_action(p, c, d))
        if self.options["forfeit_dice"] or not out:
            out.append(choices.end_turn_for_die(p, d, self._dice_left()))
        return out

    def _movement_actions(self) -> list[Action]:
        """DL-MOVE-*, DL-BOAT-*, DL-MARCH-1, DL-DRAGON-4..6, DL-BABY-1, DL-INT-11..18."""
        s, p, st = self.state, self.state.active, self.state.step
        assert st is not None
        out = list(self._walk_actions())
        if st.entering and not st.walked:
            return out  # DL-INT-9: an entering adventurer walks in first
        c = st.adventurer
        here = s.positions[p][c]
        for src in dragon_sources(s, p, st):
            baby = src == "baby"
            for v in flight_destinations(self.board, s, p, st):
                out.append(choices.fly_action(p, c, here, v, baby))  # type: ignore[arg-type]
            if can_call(s, p, st):
                out.append(choices.call_action(p, c, s.dragons[c], here, baby))  # type: ignore[arg-type]
        for v in river_destinations(self.board, s, p, st):
            out.append(choices.boat_action(p, here, v))  # type: ignore[arg-type]
        out.append(choices.end_movement_action(p, c, not (st.walked or st.moved or st.die_spent)))
        return out

    def _walk_actions(self) -> list[Action]:
        """The ``walk`` and ``march`` choices (DL-MOVE-1..8, DL-MARCH-1, DL-OPEN-2, DL-INT-6/9/10/12).

        The list is memoized for the current table and shared: read only.
        """
        s, p, st = self.state, self.state.active, self.state.step
        assert st is not None
        if st.walked or st.stopped:
            return []
        if s.turn == 0:
            return [choices.opening_walk_action(p, n, e, st.die_value) for n, e in sorted(self._opening_ends().items())]
        c = st.adventurer
        marches = s.held[p]["forced_march"]
        die_steps = 0 if st.die_spent else st.die_value
        here = s.positions[p][c]
        key = ("walks", p, c, here, die_steps, marches)  # with the table, all a walk depends on
        walks = self._memo.get(key)
        if walks is None:
            occupied = self._occupied()  # DL-MOVE-5: a walk may not end on an occupied stone
            ends, walks = self._walk_book(p, c, here, die_steps, marches)
            if not occupied.isdisjoint(ends):  # usually they are: no adventurer where this walk could end
                walks = [a for n, a in zip(ends, walks) if n not in occupied]
            self._memo[key] = walks
        return walks

    def _walk_book(self, p: int, c: str, here: str | None, die_steps: int,
                   marches: int) -> tuple[tuple[str, ...], list[Action]]:
        """Every ``walk`` and ``march`` choice, occupancy aside, nearest first: ``(ends, actions)``,
        ``ends[i]`` being the space ``actions[i]`` ends on (both shared: read only).

        Cached in ``board.cache`` with all it depends on: the seat, the adventurer, where it stands,
        the die's steps, the marches held, the ``march_without_die`` option and the face-down
        volcanoes within reach (:func:`.movement.near_volcanoes`), so the same situation in a later
        turn or game reuses it.
        """
        board, face_down, march_alone = self.board, self.state.face_down, self.options["march_without_die"]
        allowance = die_steps + MARCH_STEPS * marches  # the longest walk offered (a march alone: 3 x marches)
        key = ("walks", p, c, here, die_steps, marches, march_alone,
               near_volcanoes(board, here, allowance).intersection(face_down))
        hit = board.cache.get(key)
        if hit is None:
            volcanoes = board.volcano_set
            ends, walks = [], []
            if die_steps or march_alone:
                for n, (dist, entrance) in sorted_reach(board, here, allowance, face_down).items():
                    ends.append(n)
                    walks.append(choices.walk_action(p, c, n, dist, entrance, marches_needed(dist, die_steps),
                                                     die_steps, n in volcanoes, n in face_down))
            if die_steps == FLY_VALUE and marches and march_alone:
                for n, (dist, entrance) in sorted_reach(board, here, MARCH_STEPS * marches, face_down).items():
                    ends.append(n)
                    walks.append(choices.march_action(p, c, n, dist, entrance, marches_needed(dist, 0),
                                                      n in volcanoes, n in face_down))
            hit = remember(board, key, (tuple(ends), walks))
        return hit

    def _treasure_actions(self) -> list[Action]:
        """DL-TREASURE-1..7, DL-RING-2..4, DL-HAND-1, DL-INT-21..23."""
        s, p, st = self.state, self.state.active, self.state.step
        assert st is not None
        v = s.positions[p][st.adventurer]
        c = st.adventurer
        out = []
        for what in takes(s, v, c):  # type: ignore[arg-type]
            if what == GEMS:
                gem = GEM_OF[c]
                n = s.gems[v][gem]  # type: ignore[index]
                label, target = f"Take all the {gem}s on {v} ({n})" if n > 1 else f"Take the {gem} on {v}", f"{v}/{gem}"
            elif what == DIAMOND:
                label, target = f"Take a diamond on {v}", f"{v}/diamond"
            else:
                tok = s.token[v]  # type: ignore[index]
                extra = f" and its {tok.replace('_', ' ')} token" if tok in HELD_TOKENS else ""
                label, target = f"Take an egg on {v}{extra}", f"{v}/egg"
            rules = _TAKE_RULES[what] + (("DL-HAND-1", "DL-INT-21") if s.phase == TAKE_AGAIN else ())
            out.append(Action(f"take {what}", label, p, "take", (target,), rules))
        if s.phase == TREASURE:
            if may_take_ring(s, p, v, st, call_counts=self.options["call_counts_as_move"]):  # type: ignore[arg-type]
                out.append(Action("take ring", f"Put a ring on your {c} adventurer instead of taking treasure", p,
                                  "take", (f"{v}/ring",), ("DL-TREASURE-7", "DL-RING-3", "DL-RING-4", "DL-INT-23")))
            out.append(Action("skip", "Take nothing", p, "skip", (), ("DL-TREASURE-6",)))
        return out

    def _hand_actions(self) -> list[Action]:
        """DL-HAND-1, DL-TOKEN-1: after a take, play a magic hand to take again, or stop."""
        p = self.state.active
        v = self.state.where(p, self.state.step.adventurer)  # type: ignore[union-attr]
        return [
            Action("magic hand", f"Play a magic hand: take treasure on {v} again", p, "magic_hand",
                   (f"token/{p}/magic_hand",), ("DL-HAND-1", "DL-TOKEN-1")),
            Action("done", "Keep the magic hand; this adventurer's action is over", p, "done", (), ("DL-TOKEN-2",)),
        ]

    # ------------------------------------------------------------------ helpers for the choices
    def _opening_distance(self) -> int:
        """DL-OPEN-2, DL-OPEN-7, DL-2P-3: the exact distance of the seat opening now."""
        return self.board.opening_distances[self.players][self.state.opening_index]

    def _opening_ends(self) -> dict[str, str]:
        """``{end: entrance}`` for the opening walk of the seat opening now (DL-OPEN-2, DL-INT-6)."""
        memo = self._memo
        k = self._opening_distance()
        key = ("opening", k)
        if key not in memo:
            s = self.state
            if self.options["opening_exact_distance"]:
                memo[key] = exact_entries(self.board, k, self._occupied(), s.face_down)
            else:
                ends = entry_distances(self.board, k, self._occupied(), s.face_down)
                memo[key] = {n: e for n, (_, e) in ends.items()}
        return memo[key]

    def _entry_ends(self, die: int) -> bool:
        """Whether an adventurer could enter with the die ``die`` and the forced marches held (DL-INT-9)."""
        allowance = die + MARCH_STEPS * self.state.held[self.state.active]["forced_march"]
        key = ("enter", allowance)
        can = self._memo.get(key)
        if can is None:
            occupied = self._occupied()
            ends = sorted_reach(self.board, None, allowance, self.state.face_down)
            can = self._memo[key] = any(n not in occupied for n in ends)
        return can

    def _occupied(self) -> set[str]:
        """The stones with an adventurer on them (DL-MOVE-5), memoized like the walks."""
        memo = self._memo
        if "occupied" not in memo:
            memo["occupied"] = self.state.occupied_stones(self.board.eggs)
        return memo["occupied"]

    def _forget_table(self) -> None:
        """Drop the memoized answers about the table: called whenever an adventurer is placed or a token
        turned face up (and at setup).

        ``_memo`` holds answers about the current table, keyed without it: the occupied stones, the
        walk choices and whether an adventurer can enter. They depend only on where the adventurers
        stand, which volcanoes are face down and what the key names, so placing an adventurer or
        revealing a token replaces it (never clears it in place: a search copy made by
        ``clone(history=False)`` shares it until either game changes its table). What a walk gives
        before occupancy is cached on the board by value (:func:`.movement.sorted_reach`,
        :meth:`_walk_book`).
        """
        self._memo: dict[Any, Any] = {}

    def _dice_left(self) -> int:
        return self.state.dice_used.count(False)

    def _usable_dice(self) -> list[int]:
        """Indices of the unused dice with at least one adventurer to use them, one per distinct value.

        DL-TURN-3: an adventurer not used yet this turn takes it, standing on the board or entering
        (DL-INT-9: only if it can reach an end space). Two dice (DL-TURN-2): the second is left out
        when it shows the value of the first and the first is offered.
        """
        s = self.state
        dice = s.dice
        if not dice:
            return []
        used, where = s.used, s.positions[s.active]
        on_board = free = False
        for c in COLOURS:
            if c not in used:
                free = True
                if where[c] is not None:
                    on_board = True
                    break
        if not free:
            return []
        (a, b), (a_used, b_used) = dice, s.dice_used
        out = []
        if not a_used and (on_board or self._entry_ends(a)):
            out.append(0)
        if not b_used and not (out and b == a) and (on_board or self._entry_ends(b)):
            out.append(1)
        return out

    # ------------------------------------------------------------------ applying decisions
    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = []
        words = action.id.split()
        kind = action.kind
        if kind == "roll":  # the most frequent kinds first
            self._roll(int(words[1]), int(words[2]), ev)
        elif kind == "choose_adventurer":
            self._choose(words[1], ev)
        elif kind in ("walk", "march"):
            self._walk(words[1], kind == "march", ev)
        elif kind == "choose_die":
            s = self.state
            value = int(words[1])  # offered only when both dice are unused and differ (``_next_choice``)
            s.chosen_die = 0 if s.dice[0] == value and not s.dice_used[0] else 1  # type: ignore[index]
            s.phase = CHOOSE_ADVENTURER
        elif kind == "end_turn":
            ev.append(Event("turn_ended", f"{self._names[self.state.active]} end their turn, leaving "
                            f"{'a die' if self._dice_left() == 1 else 'the dice'} unused."))
            self._end_turn(ev)
        elif kind == "end_movement":
            self._end_movement(ev)
        elif kind == "fate":
            self._fate(words[0] == "reroll", ev)
        elif kind == "fly":
            self._fly(words[1], len(words) > 2, ev)
        elif kind == "call":
            self._call(len(words) > 1, ev)
        elif kind == "boat":
            self._boat(words[1], ev)
        elif kind == "take":
            self._take(words[1], ev)
        elif kind == "skip":
            self._after_action(ev)
        elif kind == "magic_hand":
            self.state.held[self.state.active]["magic_hand"] -= 1
            self.state.phase = TAKE_AGAIN
            ev.append(Event("token_used", f"{self._names[self.state.active]} play a magic hand to take again."))
        else:  # done
            self._after_action(ev)
        return ev

    def _roll(self, a: int, b: int, ev: list[Event]) -> None:
        """DL-TURN-2 (1, 2), DL-FATE-1: the dice; a seat holding its fate token may reroll once."""
        s = self.state
        again = s.phase == REROLL
        s.dice = [a, b]
        s.dice_used = [False, False]
        ev.append(Event("dice_rolled", f"{self._names[s.active]} {'roll again' if again else 'roll'}: {a} and {b}.",
                        data={"dice": [a, b], "reroll": again}))
        if not again and s.held[s.active]["fate"] > 0:
            s.phase = FATE
        else:
            self._next_choice(ev)

    def _fate(self, reroll: bool, ev: list[Event]) -> None:
        s = self.state
        if reroll:
            s.held[s.active]["fate"] -= 1
            s.rerolled = True
            s.phase = REROLL
            ev.append(Event("token_used", f"{self._names[s.active]} play their fate token: the dice are rolled again."))
        else:
            self._next_choice(ev)

    def _next_choice(self, ev: list[Event]) -> None:
        """DL-TURN-2 (3, 4, 5): the next die and adventurer, or the end of the turn."""
        s = self.state
        s.step = None
        usable = self._usable_dice()
        if not usable:
            self._end_turn(ev)
        elif len(usable) == 2:
            s.chosen_die = None
            s.phase = CHOOSE_DIE
        else:
            s.chosen_die = usable[0]
            s.phase = CHOOSE_ADVENTURER

    def _choose(self, colour: str, ev: list[Event]) -> None:
        """DL-OPEN-1, DL-TURN-2/3: the adventurer that acts next (with the chosen die).

        An adventurer whose only option is to stay (DL-MOVE-2) moves 0 at once, as any movement phase
        with no choice left ends by itself (DL-INT-11).
        """
        s, p = self.state, self.state.active
        here = s.positions[p][colour]
        entering = here is None
        if s.turn == 0:
            k = self._opening_distance()
            s.step = Step(colour, None, k, entering=True)
            ev.append(Event("adventurer_chosen", f"{self._names[p]} bring their {colour} adventurer in (opening round: "
                            f"exactly {k} space{'s' * (k > 1)})."))
        else:
            i = s.chosen_die
            s.dice_used[i] = True  # type: ignore[index]
            s.used.append(colour)
            s.step = Step(colour, i, s.dice[i], entering=entering)  # type: ignore[index]
            what = "to bring it in" if entering else f"on {here}"
            ev.append(Event("adventurer_chosen", f"{self._names[p]} give the die {s.dice[i]} to their {colour} "  # type: ignore[index]
                            f"adventurer {what}.", data={"colour": colour, "die": s.dice[i]}))  # type: ignore[index]
        s.phase = MOVEMENT
        if s.turn > 0:
            self._movement_may_end(ev)  # boxed in: moving 0 is its only option (section 6, step 4)

    def _walk(self, node: str, march_only: bool, ev: list[Event]) -> None:
        """DL-MOVE-1..8, DL-MARCH-1, DL-INT-9..12: walk, spending the die and the fewest forced marches."""
        s, p, st = self.state, self.state.active, self.state.step
        assert st is not None
        start = s.positions[p][st.adventurer]
        if s.turn == 0:
            entrance = self._opening_ends()[node]
            self._place(st.adventurer, node)
            st.walked = st.moved = True
            ev.append(Event("walked", f"{self._names[p]}' {st.adventurer} adventurer enters through {entrance} and "
                            f"walks to {node}.", data={"colour": st.adventurer, "from": entrance, "to": node}))
            if node in s.face_down:  # DL-INT-7: only on boards with a volcano this close
                self._reveal(node, ev)
            self._end_opening(ev)
            return
        die_steps = 0 if (st.die_spent or march_only) else st.die_value
        held = s.held[p]
        allowance = die_steps + MARCH_STEPS * held["forced_march"]
        dist, entrance = sorted_reach(self.board, start, allowance, s.face_down)[node]
        need = marches_needed(dist, die_steps)
        held["forced_march"] -= need
        if die_steps:
            st.die_spent = True
        st.walked = st.moved = True
        self._place(st.adventurer, node)
        pay = f"die {die_steps}" if die_steps else ""
        if need:
            pay += f"{' + ' if pay else ''}{need} forced march{'es' * (need > 1)}"
        origin = f"enters through {entrance} and walks" if entrance else f"walks from {start}"
        ev.append(Event("walked", f"{self._names[p]}' {st.adventurer} adventurer {origin} to {node} ({dist} "
                        f"space{'s' * (dist > 1)}: {pay}).",
                        data={"colour": st.adventurer, "from": entrance or start, "to": node, "distance": dist,
                              "marches": need}))
        self._arrive(node, ev)

    def _fly(self, volcano: str, baby: bool, ev: list[Event]) -> None:
        """DL-DRAGON-4/5, DL-BABY-1/3, DL-INT-16/18: adventurer and dragon fly together."""
        s, p, st = self.state, self.state.active, self.state.step
        assert st is not None
        start = s.positions[p][st.adventurer]
        self._pay_dragon(baby)
        self._place(st.adventurer, volcano)
        s.dragons[st.adventurer] = volcano
        s.flights[p] += 1
        st.moved = True
        ev.append(Event("flew", f"{self._names[p]}' {st.adventurer} adventurer flies with the {st.adventurer} royal "
                        f"dragon from {start} to {volcano}{' (baby dragon)' if baby else ''}.",
                        data={"colour": st.adventurer, "from": start, "to": volcano, "baby": baby}))
        self._arrive(volcano, ev)

    def _call(self, baby: bool, ev: list[Event]) -> None:
        """DL-DRAGON-6, DL-BABY-1, DL-INT-17: the dragon comes; the adventurer does not move."""
        s, p, st = self.state, self.state.active, self.state.step
        assert st is not None
        here = s.positions[p][st.adventurer]
        start = s.dragons[st.adventurer]
        self._pay_dragon(baby)
        s.dragons[st.adventurer] = here
        s.calls[p] += 1
        if self.options["call_counts_as_move"]:
            st.moved = True
        ev.append(Event("called", f"{self._names[p]} call the {st.adventurer} royal dragon from {start} to {here}"
                        f"{' (baby dragon)' if baby else ''}.",
                        data={"colour": st.adventurer, "from": start, "to": here, "baby": baby}))
        self._movement_may_end(ev)

    def _pay_dragon(self, baby: bool) -> None:
        s, st = self.state, self.state.step
        if baby:
            s.held[s.active]["baby_dragon"] -= 1  # DL-BABY-3
        else:
            st.die_spent = True  # type: ignore[union-attr]

    def _boat(self, volcano: str, ev: list[Event]) -> None:
        """DL-BOAT-1/2, DL-INT-15: one boatman, one river crossing."""
        s, p, st = self.state, self.state.active, self.state.step
        assert st is not None
        start = s.positions[p][st.adventurer]
        s.held[p]["boatman"] -= 1
        self._place(st.adventurer, volcano)
        st.moved = True
        ev.append(Event("crossed", f"{self._names[p]}' {st.adventurer} adventurer crosses the river from {start} to "
                        f"{volcano} with a boatman.", data={"colour": st.adventurer, "from": start, "to": volcano}))
        self._arrive(volcano, ev)

    def _arrive(self, node: str, ev: list[Event]) -> None:
        """DL-MOVE-6, DL-INT-13: a face-down token is revealed and stops the adventurer."""
        if node in self.state.face_down:
            self._reveal(node, ev)
            if self.options["forced_stop_ends_movement"]:
                self.state.step.stopped = True  # type: ignore[union-attr]
        self._movement_may_end(ev)

    def _place(self, colour: str, node: str) -> None:
        """Put the active seat's ``colour`` adventurer on ``node`` (every walk, flight and crossing ends here).

        The occupied stones, when known, are carried over to the new table: the space left is freed
        (a stone holds one adventurer, DL-MOVE-5) and a stone reached is taken.
        """
        where = self.state.positions[self.state.active]
        left, where[colour] = where[colour], node
        occupied = self._memo.get("occupied")
        self._forget_table()
        if occupied is not None:
            occupied = set(occupied)  # the old table's set may still be shared by a search copy
            occupied.discard(left)
            if node not in self.board.eggs:
                occupied.add(node)
            self._memo["occupied"] = occupied

    def _reveal(self, volcano: str, ev: list[Event]) -> None:
        kind = reveal(self.state, volcano)
        self._forget_table()
        name = self.board.display.get("tokens", {}).get(kind, kind.replace("_", " "))
        ev.append(Event("token_revealed", f"The token on {volcano} is turned face up: {name}.",
                        data={"volcano": volcano, "token": kind}))

    def _movement_may_end(self, ev: list[Event]) -> None:
        """DL-INT-11 (d), DL-INT-13: the phase ends by itself after a forced stop or with no option left."""
        st = self.state.step
        assert st is not None
        if st.stopped:
            ev.append(Event("forced_stop", f"The {st.adventurer} adventurer must stop: its movement is over."))
            self._end_movement(ev)
            return
        if not self._movement_options_left():
            self._end_movement(ev)

    def _movement_options_left(self) -> bool:
        """Whether :meth:`_movement_actions` offers anything but ``end movement`` (DL-INT-11 (d)).

        Asks the same questions without building the choices: a walk (memoized for the legal
        actions that follow), a flight or a call with something to pay for it, a river crossing.
        """
        s, p, st = self.state, self.state.active, self.state.step
        assert st is not None
        if self._walk_actions():
            return True
        if st.entering and not st.walked:
            return False  # DL-INT-9: an entering adventurer walks in first
        if dragon_sources(s, p, st) and (flight_destinations(self.board, s, p, st) or can_call(s, p, st)):
            return True
        return bool(river_destinations(self.board, s, p, st))

    def _end_movement(self, ev: list[Event]) -> None:
        """DL-MOVE-9, DL-TREASURE-1: on a volcano the treasure phase follows, if anything can be taken."""
        s, p, st = self.state, self.state.active, self.state.step
        assert st is not None
        here = s.positions[p][st.adventurer]
        if here not in self.board.eggs:
            self._after_action(ev)
            return
        s.phase = TREASURE
        if all(a.kind == "skip" for a in self._treasure_actions()):
            self._after_action(ev)

    def _take(self, what: str, ev: list[Event]) -> None:
        """DL-TREASURE-2..5, DL-RING-3/4, DL-END-1, DL-INT-19..24."""
        s, p, st = self.state, self.state.active, self.state.step
        assert st is not None
        v = s.positions[p][st.adventurer]
        who = f"{self._names[p]}' {st.adventurer} adventurer"
        if what == "ring":
            take_ring(s, p, st.adventurer)
            ev.append(Event("ring_taken", f"{who} takes a ring on {v}.", data={"colour": st.adventurer, "volcano": v}))
            self._after_action(ev)
            return
        got = take(s, p, v, st.adventurer, what)  # type: ignore[arg-type]
        st.takes += 1
        items = ", ".join(f"{n} {_plural(k, n)}" for k, n in got.items() if k != "token")
        token = f" and the {str(got['token']).replace('_', ' ')} token" if "token" in got else ""
        ev.append(Event("treasure_taken", f"{who} takes {items}{token} on {v}.",
                        data={"seat": p, "colour": st.adventurer, "volcano": v, "items": dict(got)}))
        if s.eggs_left == 0:  # DL-END-1, DL-INT-24: the game ends at once
            s.end_reason = f"{self._names[p]} took the last egg"
            self._game_over(ev)
            return
        if s.held[p]["magic_hand"] > 0 and takes(s, v, st.adventurer):  # type: ignore[arg-type]
            s.phase = MAGIC_HAND
        else:
            self._after_action(ev)

    def _after_action(self, ev: list[Event]) -> None:
        """DL-TURN-2 (4, 5): the next die and adventurer, or the next seat."""
        self._next_choice(ev)

    def _end_opening(self, ev: list[Event]) -> None:
        """DL-OPEN-2, DL-TURN-1: the next seat opens; after the last, the start player's first turn."""
        s = self.state
        s.step = None
        s.opening_index += 1
        s.active = (s.active + 1) % self.players
        if s.opening_index == self.players:
            s.turn = 1
            s.phase = ROLL
        else:
            s.phase = CHOOSE_ADVENTURER

    def _end_turn(self, ev: list[Event]) -> None:
        """DL-TURN-1: clockwise to the next seat; a new round after the last seat (and the turn cap, DL-INT-30)."""
        s = self.state
        s.step = None
        s.chosen_die = None
        s.used = []
        s.dice = None
        s.dice_used = [False, False]
        s.rerolled = False
        s.turns_played += 1
        s.active = (s.active + 1) % self.players
        if s.active == s.first_player:
            s.turn += 1
            cap = self.options["turn_cap"]
            if cap and s.turn > cap:
                s.end_reason = f"the turn cap of {cap} rounds was reached (not a rule, DL-INT-30)"
                self._game_over(ev)
                return
        s.phase = ROLL

    def _game_over(self, ev: list[Event]) -> None:
        s = self.state
        s.phase = OVER
        s.step = None
        finals = self._finals()
        text_scores = ", ".join(f"{self._names[i]} {f['score']}" for i, f in enumerate(finals))
        ev.append(Event("game_over", f"The game is over: {s.end_reason}. Scores: {text_scores}.",
                        data={"scores": [f["score"] for f in finals]}))

    # ------------------------------------------------------------------ scores and views
    def _finals(self) -> list[dict[str, Any]]:
        """DL-SCORE-1..6: each hoard scored with its rings and the best use of diamonds."""
        s = self.state
        return [score(s.hoards[i], s.rings[i], diamonds_replace_eggs=self.options["diamonds_replace_eggs"])
                for i in range(self.players)]

    def _scores(self) -> dict[int, int]:
        return {i: f["score"] for i, f in enumerate(self._finals())}

    def _outcome(self) -> Outcome:
        """DL-SCORE-5, DL-INT-27: the highest score wins; tied top scores share the victory."""
        sc = self._scores()
        best = max(sc.values())
        return Outcome(sc, [i for i, v in sc.items() if v == best], self.state.end_reason or "")

    def _observation(self, player: int | None) -> dict[str, Any]:
        return observe(self, player)

    # ------------------------------------------------------------------ search and simulation (issue 6)
    def _copy_state(self) -> DrachenlandState:
        """Return an independent copy of the state (:meth:`DrachenlandState.copy`, much faster than deepcopy)."""
        return self.state.copy()

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Redeal the face-down tokens and the boxed token uniformly from the unrevealed remainder.

        Other seats' hoards are kept: every take is public and exact, so ``seat`` knows them from the
        log (see :mod:`.determinize`). ``observation(seat)`` is unchanged; ``seat`` is not needed
        because nothing hidden is private to one seat. Digest section 7, DL-SETUP-5, DL-REC-3.
        """
        redeal_hidden_tokens(self.state, rng)
        self._forget_table()

    def measures(self) -> dict[str, float | list[float]]:
        """Return measures of a finished game for ``simulate()``, each a list with one number per seat.

        - ``score``: the final score (DL-SCORE-6).
        - ``eggs``: the dragon eggs in the seat's hoard (DL-TREASURE-2, DL-END-1).
        - ``dragon_flights``: flights on a royal dragon (paid with a 4 or a baby dragon, DL-DRAGON-4/5,
          DL-BABY-1).
        - ``dragon_calls``: royal dragons called to the seat's adventurer (DL-DRAGON-6, DL-BABY-1).

        Plotting ``score`` against ``dragon_flights + dragon_calls`` answers "how much is a royal
        dragon worth?". Meant for finished games; on a game still going, scores are as they stand.
        """
        s = self.state
        return {
            "score": [float(f["score"]) for f in self._finals()],
            "eggs": [float(h["egg"]) for h in s.hoards],
            "dragon_flights": [float(n) for n in s.flights],
            "dragon_calls": [float(n) for n in s.calls],
        }

    def _text_board(self) -> str:
        return text.render(self)

    def _why_illegal(self, action_id: str) -> str:
        """Name the rule that forbids ``action_id`` now (the decision, the die, the path, the token)."""
        from .why import why_illegal

        return why_illegal(self, action_id)
