"""``DraghanGame``: the cooperative round of the digest's section 6.3 on the engine's ``Game``.

Seats are characters (``players`` = characters in play, 2..4; one person may play several seats: solo,
DG-SOLO). Every card, deck order and shuffle comes from the seed: deck orders are dealt at setup and the
shuffles of the game (a fled monster into the Shadow deck, returns to it) are keyed by the deck as it
stands and the step (:meth:`DraghanGame.shuffle_in_step`), so the whole game is a function of the seed and
the decisions, and a game from a position a function of the position and the decisions. The chance
nodes a teacher may pick by hand are the random theft pick (``lose {card}``), the large dragon drawn
(``dragon {id}``), with ``replacement_character="random"`` the replacement (``replace {id}``), and (option
``pick_draws``) every location and encounter turned up and market card drawn, onto the display or by a
character joining (``location {id}``, ``encounter {id}``, ``market {id}``, ``join {id}``).
With ``character_choice="random"`` the first step is the forced chance node ``deal``: the characters
are dealt from the shuffled character cards, and round 1 begins in that step, with its events.

Action id grammar (the Draghan contract): ``choose {character}``, ``heal {card}`` / ``pass``,
``travel`` / ``stay``, ``face {monster}`` / ``face dragon`` / ``face none``, ``use {card}`` / ``done``,
``assist {monster}`` / ``assist dragon`` / ``assist none``, ``extra {monster} {seat}+{seat}``,
``replace {character}``, ``buy {card}`` / ``pass``, ``give {card} {seat}`` / ``skip``,
``discard {card}``; chance: ``deal``, ``lose {card}``, ``dragon {id}``, ``replace {character}``,
``location {id}``, ``encounter {id}``, ``market {id}``, ``join {id}`` (manual draws).
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import asdict
from typing import Any, ClassVar

from dragonwidgets.engine import CHANCE, Game, Outcome
from dragonwidgets.engine.chance import CHANCE_OPTION_DEFAULTS, keyed_shuffle

from . import hint, phases, position, results, setup, tensor, text
from .cards import BUNDLED_DECKS, Decks, load_decks, shuffle
from .determinize import resample_hidden
from .fight import NO_ICONS, Plan
from .observation import observe
from .picture import board_svg
from .state import DRAGHAN, MAX_CHARACTERS, MIN_CHARACTERS, REVEAL_LOCATION, DraghanState
from .tables import Tables, tables

_LAYOUTS: dict[int, tuple[Decks, dict[str, Any]]] = {}


def _layout(decks: Decks) -> dict[str, Any]:
    """Every card's fields, computed once per loaded decks (``board_layout``; the decks are never mutated)."""
    hit = _LAYOUTS.get(id(decks))
    if hit is None or hit[0] is not decks:
        hit = _LAYOUTS[id(decks)] = (decks, {"cards": {cid: asdict(decks.card(cid)) for cid in decks.cards},
                                             "limits": dict(decks.limits), "coins": decks.coins})
    return hit[1]


SHUFFLE_TAG = 1 << 30  # a shuffle inside step k is keyed by the tag SHUFFLE_TAG + k: never a chance tag


class DraghanGame(Game):
    """A game of Draghan – Once Upon a Dragon for a team of 2 to 4 characters (rules digest ``DG``).

    Options (``option_defaults``; each default is the digest's choice):

    - ``first_player`` (-1): the seat holding the map in round 1; -1 draws it from the seed (DG-SETUP-9).
    - ``character_choice`` ("choose"): each seat picks its character; "random": dealt from the seed (DG-SETUP-6).
    - ``replacement_character`` ("choose"): the player picks the replacement; "random": drawn (DG-INT-13).
    - ``portal_decision_time`` ("reveal"): travel is chosen when a portal turns up; "end_of_round": in
      phase 8 (DG-INT-19).
    - ``unlimited_coins`` (False): the supply never runs dry; default: 28 coins, payments take what is left (DG-INT-24).
    - ``assist_alone`` (False): the assist location may defeat a monster no character faces (DG-INT-6).
    - ``campaign_defeated_dragons`` (""): large dragons set aside after earlier wins, e.g. "G1,G3" (DG-CAMP-3).
    - ``decks_file`` (""): a decks JSON file of your own; "" is the bundled reconstruction (DG-REC-*).
    - ``pick_draws`` (True, the option every game has: ``engine.chance.CHANCE_OPTION_DEFAULTS``): with
      ``chance="manual"``, every location and encounter turned up and every market card drawn (onto the
      display, or taken by a character joining, DG-SETUP-7) is a chance node (``location {id}``,
      ``encounter {id}``, ``market {id}``, ``join {id}``) whose outcomes are the cards that could come,
      equally likely; False turns the top card up (decks written top first), and only the other chance
      nodes stop (the theft pick, the large dragon, a random deal or replacement). No effect with
      ``chance="auto"``.

    >>> g = DraghanGame(players=2, seed=1, first_player=0)
    >>> g.legal_action_ids()
    ['choose CH1', 'choose CH2', 'choose CH3', 'choose CH4', 'choose CH5', 'choose CH6']

    ``position=`` starts from a table of your own (:mod:`.position`: every field; ``position()`` gives the
    whole table), e.g. the Elf and the Wizard before the Merchant (CC):

    >>> g = DraghanGame(players=2, seed=1, position={"heroes": [{"character": "CH1"}, {"character": "CH3"}],
    ...                                              "table": ["D08"], "decision": "declare_target", "active": 0})
    >>> g.legal_action_ids(), g.observation(0)["table"][0]["req"]
    (['face D08', 'face none'], 'CC')
    """

    name: ClassVar[str] = "draghan"
    #: 3: a shuffle inside a step is keyed by the deck as it stands and the chance step, not by the seed
    #: (:meth:`shuffle_in_step`). A record of version 2 (keyed by the seed and the step) replays as a
    #: :class:`DraghanGameV2`, one of version 1 (a seeded generator) as a :class:`DraghanGameV1`: each plays on
    #: as its version did.
    version: ClassVar[int] = 3
    min_players: ClassVar[int] = MIN_CHARACTERS
    max_players: ClassVar[int] = MAX_CHARACTERS
    #: The team wins or loses together: every seat shares the outcome (DG-END-1).
    cooperative: ClassVar[bool] = True
    option_defaults: ClassVar[dict[str, Any]] = {
        "first_player": -1,  # DG-SETUP-9
        "character_choice": "choose",  # DG-SETUP-6
        "replacement_character": "choose",  # DG-INT-13
        "portal_decision_time": "reveal",  # DG-INT-19
        "unlimited_coins": False,  # DG-INT-24
        "assist_alone": False,  # DG-INT-6
        "campaign_defeated_dragons": "",  # DG-CAMP-3
        "decks_file": "",  # DG-REC-*: "" = data/decks.json
        **CHANCE_OPTION_DEFAULTS,  # pick_draws: with chance="manual", reveals and market draws are chance nodes
    }
    data_options: ClassVar[dict[str, str]] = {"decks_file": str(BUNDLED_DECKS)}

    state: DraghanState
    decks: Decks
    #: read-only lookups over the decks (shared by clones): the rules modules read the card data through it
    tables: Tables
    #: the seats' names before each history entry, as far as worked out (:meth:`_seats_before`); ``None``: not yet
    _names_before: list[tuple[str, ...]] | None

    # ------------------------------------------------------------------ setup (DG-SETUP-*)
    def _setup(self, rng: random.Random) -> DraghanState:
        """Shuffle the six decks, build the location deck, set the first player (:func:`.setup.new_state`).

        Raises ``ValueError`` on a bad option value and ``GameDataError`` on a bad decks file.
        """
        self.decks = d = load_decks(self.options["decks_file"] or None)
        self.tables = tables(d)
        self._names_before = None  # the log's names, worked out when asked (_seats_before)
        return setup.new_state(d, self.options, self.players, rng)

    def _position(self) -> dict[str, Any]:
        """Return the whole table as a position (:func:`.position.position_of`: the fields and their example)."""
        return position.position_of(self.state)

    def _from_position(self, state: DraghanState, start: dict[str, Any]) -> DraghanState:
        """Return the table ``start`` describes, ``state`` (the seeded set-up) giving what it leaves out.

        Raises ``PositionError`` naming the field (:func:`.position.table_from`).
        """
        return position.table_from(self, state, start)

    def _copy_state(self) -> DraghanState:
        """Return a full, independent copy of the state for clones and search copies (:meth:`DraghanState.copy`)."""
        return self.state.copy()

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Redeal, in place, the order of every face-down deck dealt from the top (section 7).

        Every seat sees the same table, so ``seat`` changes nothing. Uses only ``rng`` and the decks'
        contents (sorted first); the Draghan location deck keeps its blocks (DG-SETUP-2..4). See
        :mod:`.determinize`. Every observation is unchanged. The log's names the true game worked out
        (:meth:`_seats_before`) are not kept: a search copy has no log (issue 27 item 3).
        """
        resample_hidden(self.state, self.tables, rng)
        self._names_before = None

    def shuffle_in_step(self, deck: list[str]) -> None:
        """Shuffle ``deck`` in place (DG-RESULT-4: a monster that flees is shuffled into the Shadow deck, and
        DG-RESULT-5's Shadow deck after a fight), in an order keyed to the table, not to the seed:
        :func:`~dragonwidgets.engine.chance.keyed_shuffle` of the first 16 bytes of the SHA-256 of
        ``[chance step, deck]`` (JSON; the deck as it stands, its hidden order and the monsters added).

        Why not the seed: a position holds every deck's order and its ``chance_step``, so two games started
        from the same ``position()`` with different seeds and given the same choices and chance outcomes
        (manual chance) have the same future, the Shadow deck's order included. The seats cannot foresee the
        order: it comes from the deck's hidden order. The seed still decides it through that order, which
        the seeded set-up dealt."""
        text = json.dumps([self._chance_offset + self._step, deck], separators=(",", ":"))
        keyed_shuffle(deck, int.from_bytes(hashlib.sha256(text.encode()).digest()[:16], "little"))

    def _shuffle_tag(self) -> int:
        """The tag of this step's shuffles in versions 1 and 2, ``SHUFFLE_TAG + step`` (the step along the
        seed's chance stream)."""
        return SHUFFLE_TAG + self._chance_offset + self._step

    @classmethod
    def replaying_class(cls, version: int) -> type[Game] | None:
        """Return :class:`DraghanGame` for a record of version 3, :class:`DraghanGameV2` for one of version 2
        and :class:`DraghanGameV1` for one of version 1."""
        older = {1: DraghanGameV1, 2: DraghanGameV2}
        return older[version] if version in older else super().replaying_class(version)

    def log(self, viewer: int | None = None, upto: int | None = None, last: int | None = None
            ) -> list[dict[str, Any]]:
        """Return the log as every game does (:meth:`Game.log`), each row with ``name`` added: the name the
        deciding seat had when the line was written (``"chance"`` for a chance outcome), but for the rows of a
        round that decision opened: from its location on, their ``player`` and ``name`` are the round's active
        character's, who turns the location up (DG-LOC-1) and reveals what follows (:meth:`_round_openers`).

        A seat's name changes during a game: ``"Seat 2"`` until its character comes, then the character's,
        a replacement's after a drop-out in Draghan (DG-WOUND-4), ``"Seat 2"`` again once it is out in the
        Shadow Realm (DG-WOUND-5). A line keeps the name it was written with, as its text does.

        >>> g = DraghanGame(players=2, seed=1, first_player=0)
        >>> _ = g.apply("choose CH1"), g.apply("choose CH3")
        >>> [(row["name"], row["text"]) for row in g.log()][:2]
        [('Seat 1', 'Seat 1 plays the Elf with the Circlet of Wits.'), ('Seat 2', 'Seat 2 plays the Wizard with the Golden Harp.')]
        """
        rows = super().log(viewer, upto, last)
        before = self._seats_before(rows[-1]["step"] if rows else 0)
        for row, active in zip(rows, self._round_openers(rows, viewer)):  # the row's history entry is step - 1
            if active is not None:  # a new round's: its active character turned the location up (DG-LOC-1)
                row["player"], row["name"] = active, before[row["step"]][active]
            else:
                row["name"] = "chance" if row["player"] == CHANCE else before[row["step"] - 1][row["player"]]
        return rows

    def _round_openers(self, rows: list[dict[str, Any]], viewer: int | None) -> list[int | None]:
        """Per log row, the active seat of the round the row opens, or ``None`` for a row of the deciding seat.

        A decision that ends a round also starts the next one in the same history entry: its location turns
        up (DG-LOC-1: the active player turns it up) and what it brings follows (healing, encounters revealed,
        the market, a thief). Those rows, from the ``location`` event on, belong to the new round's active
        character. ``rows`` are :meth:`Game.log`'s: each entry's readable events in order, the first entry of
        a ``last=n`` tail cut from the front.
        """
        out: list[int | None] = []
        i = 0
        while i < len(rows):
            step = rows[i]["step"]
            j = i
            while j < len(rows) and rows[j]["step"] == step:
                j += 1
            active, per_event = None, []
            for ev in self._events[step - 1]:
                if ev.text_for(viewer):
                    if ev.kind == "location" and "active" in ev.data:
                        active = ev.data["active"]
                    per_event.append(active)
            out.extend(per_event[len(per_event) - (j - i):])
            i = j
        return out

    def _seats_before(self, steps: int) -> list[tuple[str, ...]]:
        """The seats' names before each of the first ``steps`` history entries (and after them, one more):
        a start position's characters, else "Seat n", then as the entries' events say: a character joins
        (``character_joined``) or drops out (``dropped_out``).

        Each entry is read once and its names kept (one tuple shared by the entries that change no name), so
        a log's tail costs the same at step 20 and at step 2,000; :meth:`_history_cut` forgets the names of the
        entries a branch replaces.
        """
        before = self._names_before
        if not before:
            start = (self.start_position or {}).get("heroes") or [None] * self.players
            before = self._names_before = [tuple(self.tables.name[h["character"]] if h else f"Seat {i + 1}"
                                                 for i, h in enumerate(start))]
        seats = before[-1]
        for events in self._events[len(before) - 1:steps]:
            for ev in events:
                if ev.kind in ("character_joined", "dropped_out"):
                    seat = ev.data["seat"]
                    joined = ev.kind == "character_joined"
                    name = self.tables.name[ev.data["character"]] if joined else f"Seat {seat + 1}"
                    seats = (*seats[:seat], name, *seats[seat + 1:])
            before.append(seats)
        return before

    def _history_cut(self, step: int) -> None:
        """A branch at ``step`` replaces the entries from ``step`` on: forget the names worked out after them
        (:meth:`_seats_before`; the names before entry ``step`` stay true)."""
        before = self._names_before
        if before is not None:
            del before[step + 1:]

    def player_name(self, player: int) -> str:
        """Return the seat's character name, e.g. ``"Elf"`` (or ``"Seat 1"`` before it chose)."""
        try:
            hero = self.state.heroes[player]
        except AttributeError:  # no state yet (before _setup returns)
            hero = None
        return self.tables.name[hero.card] if hero else f"Seat {player + 1}"

    def dragons_aside(self) -> list[str]:
        """Return the large dragons the campaign sets aside for this game, in file order (DG-CAMP-1..3).

        >>> DraghanGame(players=2, seed=1, campaign_defeated_dragons="G3,G1").dragons_aside()
        ['G1', 'G3']
        """
        playing = setup.campaign_dragons(self.options["campaign_defeated_dragons"], self.decks)
        return [g for g in self.decks.dragons if g not in playing]

    def board_layout(self) -> dict[str, Any]:
        """Return the static data sent to the browser once: every card of the decks (the contract)."""
        return _layout(self.decks)

    def fight_plans(self, limit: int = 0) -> list[Plan]:
        """Return the fight plans for this round's table, best first (the hint and the planner's search).

        Every character in play with the icons it shows now and its own cards with skill icons; the
        assist location's icons if this round has one. See :func:`.hint.fight_plans` and
        :func:`.fight.search` (DG-FIGHT-1..7, DG-DRAGON-5, DG-LOC-3).
        """
        return hint.fight_plans(self, limit)

    def placed(self, monster: str) -> tuple[int, int, int]:
        """Return the (S, C, K) icons placed at ``monster``: characters, their cards, the assist (DG-FIGHT-6)."""
        return results.placements(self).get(monster, NO_ICONS)

    # ------------------------------------------------------------------ who decides, what is legal
    # The dispatch by phase lives in phases.py; its functions are the hooks themselves (called with the game).
    _player_to_move = phases.player_to_move
    _legal_actions = phases.legal_actions
    _chance_outcomes = phases.chance_outcomes

    def _chance_outcomes_hidden(self) -> bool:
        """Which locations the current block of the Draghan deck holds is hidden (section 7): a seat's view
        does not get the outcomes of ``reveal_location`` there; every other deck's make-up can be counted."""
        return self.state.phase == REVEAL_LOCATION and self.state.realm == DRAGHAN

    # ------------------------------------------------------------------ applying: each kind to its phase's module
    _apply = phases.apply

    # ------------------------------------------------------------------ outcome and views
    def _scores(self) -> dict[int, int]:
        """DG-SCORE-1: no points; 1 for every seat when the team has won, else 0."""
        return {i: int(self.state.result == "won") for i in range(self.players)}

    def _outcome(self) -> Outcome:
        """DG-END-1..5: the whole team wins (every seat) or loses (no winner)."""
        won = self.state.result == "won"
        return Outcome(self._scores(), list(range(self.players)) if won else [], self.state.end_reason or "")

    def measures(self) -> dict[str, float | list[float]]:
        """Return four numbers of a finished game for :func:`dragonwidgets.simulate` (team figures, not per seat).

        - ``won``: 1.0 if the team defeated the dragon, else 0.0 (DG-END-1; a cooperative game: every
          seat shares it).
        - ``rounds``: the rounds begun, the last one included (DG-ROUND-1): at most 19 played (section 2.3),
          20 when the team loses by turning up no Shadow location in a 20th round (DG-END-4).
        - ``characters_lost``: the characters that dropped out after a second wound, replaced or not
          (DG-WOUND-3..5).
        - ``monsters_defeated``: the monsters defeated over the game, the dragon not counted (DG-FIGHT-7).

        >>> import random
        >>> g = DraghanGame(players=2, seed=8, character_choice="random")
        >>> rng = random.Random(8)
        >>> while not g.is_over:
        ...     _ = g.apply(rng.choice(g.legal_action_ids()))
        >>> g.measures()
        {'won': 0.0, 'rounds': 12.0, 'characters_lost': 4.0, 'monsters_defeated': 3.0}
        """
        s, card = self.state, self.tables.card
        return {
            "won": float(s.result == "won"),
            "rounds": float(s.round),
            "characters_lost": float(sum(card[c].kind == "character" for c in s.discard)),
            "monsters_defeated": float(s.defeated),
        }

    # ------------------------------------------------------------------ as numbers (tensor.py, issue 15)
    def _action_space(self) -> list[str]:
        return tensor.action_space(self.decks, self.players)

    def _chance_space(self) -> list[str]:
        return tensor.chance_space(self.decks)

    def _observation_encoder(self) -> tensor.ObservationEncoder:
        """Return the observation tensor's encoder (the engine makes it once per game)."""
        return tensor.ObservationEncoder(self.decks, self.players)

    def _returns(self) -> list[float]:
        """DG-END-1..5, cooperative: 1.0 for every seat when the team won, 0.0 for every seat when it lost."""
        return [float(self.state.result == "won")] * self.players

    def _why_illegal(self, action_id: str) -> str:
        """Say which rule forbids ``action_id`` now (``explain`` and refusals); see :mod:`.why`."""
        from .why import why_illegal

        return why_illegal(self, action_id)

    def _observation(self, player: int | None) -> dict[str, Any]:
        return observe(self, player)

    def _text_board(self) -> str:
        return text.render(self)

    def _picture(self, observation: dict[str, Any]) -> str:
        """The SVG picture of ``observation``: the card table as that view shows it (:func:`.picture.board_svg`)."""
        return board_svg(observation, self.board_layout())


class DraghanGameV2(DraghanGame):
    """A game replayed from a Draghan record of version 2 (``from_record``), which plays on as version 2 did.

    Version 2 shuffled inside a step (a monster that fled, DG-RESULT-4) by the seed and the step:
    :func:`~dragonwidgets.engine.chance.keyed_shuffle` of the key ``(seed << 32) + SHUFFLE_TAG + step``. A
    record holds the seed, not the order, so only the same key replays it. Everything else is
    :class:`DraghanGame`'s. Its records say version 2.
    """

    version: ClassVar[int] = 2

    def shuffle_in_step(self, deck: list[str]) -> None:
        """Shuffle ``deck`` in place as version 2 did: keyed by the seed and the step."""
        keyed_shuffle(deck, (self.seed << 32) + self._shuffle_tag())


class DraghanGameV1(DraghanGame):
    """A game replayed from a Draghan record of version 1 (``from_record``), which plays on as version 1 did.

    Version 1 shuffled inside a step (a monster that fled, DG-RESULT-4) with a Mersenne Twister seeded by the
    step's key (:class:`~dragonwidgets.engine.chance.Generator`); the record holds the seed, not the order, so
    only the same generator replays it. Everything else is :class:`DraghanGame`'s. Its records say version 1.
    """

    version: ClassVar[int] = 1

    def shuffle_in_step(self, deck: list[str]) -> None:
        """Shuffle ``deck`` in place as version 1 did: :meth:`Generator.shuffle
        <dragonwidgets.engine.chance.Generator.shuffle>` of a generator seeded with the step's key."""
        shuffle(deck, self._rng(self._shuffle_tag()))
