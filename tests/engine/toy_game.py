"""A tiny dice race used to test the engine without any real game's rules.

Each turn: chance rolls a die (1, 2, 3 with probabilities 1/2, 1/3, 1/6), then the seat to move
chooses ``add`` (the roll goes to its total) or ``skip``. The first total to reach 6 wins; the
game also ends after 12 turns (highest total wins, ties shared). Seat totals are public; the last
roll's "secret" note is private to the seat that rolled it (to test hidden information).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from dragonwidgets.engine import CHANCE, Action, Event, Game, Outcome, PositionError

TARGET = 6
MAX_TURNS = 12
FACES = {1: 1 / 2, 2: 1 / 3, 3: 1 / 6}


@dataclass
class ToyState:
    totals: list[int]
    turn: int = 0
    roll: int | None = None
    secret: list[int] = field(default_factory=list)
    start_bonus: int = 0


class ToyGame(Game):
    name = "toy"
    min_players = 2
    max_players = 3
    option_defaults = {"target": TARGET}

    def _setup(self, rng: random.Random) -> ToyState:
        return ToyState(totals=[0] * self.players, secret=[0] * self.players, start_bonus=rng.randrange(100))

    def _seat(self) -> int:
        return self.state.turn % self.players

    def _player_to_move(self):
        s = self.state
        if max(s.totals) >= self.options["target"] or s.turn >= MAX_TURNS:
            return None
        return CHANCE if s.roll is None else self._seat()

    def _chance_outcomes(self):
        return [Action(f"roll {k}", f"The die shows {k}", CHANCE, "roll", ("die",), prob=p) for k, p in FACES.items()]

    def _legal_actions(self):
        seat = self._seat()
        return [
            Action("add", f"Add {self.state.roll} to your total", seat, "choose", ("total",), ("TOY-1",)),
            Action("skip", "Skip this roll", seat, "choose", (), ("TOY-2",)),
        ]

    def _apply(self, action):
        s = self.state
        if action.kind == "roll":
            s.roll = int(action.id.split()[1])
            s.secret[self._seat()] += s.roll
            return [Event("rolled", f"rolled {s.roll}", private_to=self._seat(), public_text="rolled")]
        if action.id == "add":
            s.totals[self._seat()] += s.roll
        s.roll = None
        s.turn += 1
        return [Event("chose", f"{action.id}")]

    def _scores(self):
        return dict(enumerate(self.state.totals))

    def _outcome(self):
        scores = self._scores()
        best = max(scores.values())
        return Outcome(scores, [p for p, v in scores.items() if v == best], "target reached or turns out")

    def _observation(self, player):
        s = self.state
        obs = {"totals": list(s.totals), "turn": s.turn, "roll": s.roll}
        obs["secret"] = list(s.secret) if player is None else s.secret[player]
        return obs

    def _why_illegal(self, action_id):
        return "toy reason"

    def _position(self):
        s = self.state
        return {"totals": list(s.totals), "turn": s.turn, "roll": s.roll, "secret": list(s.secret)}

    def _from_position(self, state, position):
        totals = position.get("totals", state.totals)
        if not isinstance(totals, list) or len(totals) != self.players or not all(isinstance(t, int) and 0 <= t for t in totals):
            raise PositionError(f"field 'totals': one total >= 0 per seat ({self.players}), got {totals!r}")
        return ToyState(totals=list(totals), turn=position.get("turn", state.turn), roll=position.get("roll", state.roll),
                        secret=list(position.get("secret", state.secret)), start_bonus=state.start_bonus)


GAME_CLASS = ToyGame
BOTS: dict = {}
