"""Draghan bots: ``random`` (the engine's) and ``planner``. They decide from the seat's observation only.

The view is open (section 7) except the deck orders, which a bot never needs: the planner reads the
table, the characters, their equipment and coins from ``game.observation(seat)`` and the card data from
the decks file (:func:`.cards.load_decks`), never ``view["hidden"]``.

``PlannerBot`` plays the team as one mind (DG-INT-15 allows it):

- **Fight** (DG-FIGHT, DG-DRAGON-5, DG-LOC-3): it runs the exact plan search (:func:`.fight.search`) on
  the table of the view, takes the best plan by :func:`plan_value` (the dragon, then every monster, then
  the most worth defeated for the fewest icons spent) and follows it through the small decisions:
  ``face X``, ``use card``, ``done`` and ``assist X``. Declarations already made are honoured: it follows
  the best plan that agrees with them.
- **Healing** (DG-HEAL): a wounded active character always plays a healing card.
- **Market** (DG-MARKET): each character buys the affordable card that adds the most to its kit (skill
  icons for a free slot or better than what the slot holds, a healing card when it has none, most of all
  when wounded), while the gain is worth the price; at the last market (the third, or travel pending)
  price no longer counts, since coins buy nothing in the Shadow Realm (DG-PORTAL-7).
- **Sharing** (DG-SHARE): the active character gives the one card that raises the team's kit value most:
  a surplus card another character can keep, or a healing card for a wounded friend.
- **Equipment check** (DG-EQUIP): it discards the card whose loss costs its kit the least.
- **Characters** (DG-SETUP-6, DG-INT-13): it picks the character that makes the most complementary team
  (:func:`team_score`: the weakest skill first, healthy and wounded sides).
- **Portals** (DG-PORTAL): travel at portal number ``travel_at``: by default at the first portal, the
  best timing on the bundled data for 2, 3 and 4 characters (the balance runs measured 1, 2 and 3, see
  ``data/BALANCE.md``); 3 stays until the third portal forces travel.
- **Odd coins** (DG-INT-4): to the participant with the most free slots, then the most coins.

>>> import random
>>> from dragonwidgets.engine.bots import play_out
>>> from dragonwidgets.games import draghan
>>> game = draghan.new_game(players=3, seed=11)
>>> _ = play_out(game, [PlannerBot()] * 3, random.Random(11))
>>> game.state.result in ("won", "lost")
True
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from dragonwidgets.engine import Action
from dragonwidgets.engine.bots import RandomBot

from .cards import SKILLS, Decks, load_decks
from .fight import Plan, search

__all__ = ["PlannerBot", "RandomBot", "plan_value", "search_inputs", "team_score"]

DRAGON_VALUE = 1000.0  # defeating the dragon wins the game (DG-END-1)
ALL_DOWN_VALUE = 100.0  # no wound, and the revealed equipment (DG-RESULT-7/8, DG-DRAGON-7)
FLEE_VALUE = 1.5  # a Draghan flee monster defeated does not join the Shadow deck (DG-RESULT-4)
GOLD_VALUE = 0.5  # per coin a Draghan monster pays (DG-RESULT-2)
SHADOW_VALUE = 1.5  # a Shadow monster defeated leaves the deck for good (DG-RESULT-5)
ENDGAME_VALUE = 2.0  # a monster off the dragon's table (DG-DRAGON-3/5)
ICON_COST = 0.6  # per skill icon an equipment card spends (DG-FIGHT-8)
HEAL_WOUNDED = 3.0  # a healing card held by a wounded character (DG-HEAL)
HEAL_HEALTHY = 1.2  # a healing card kept for later
HEAL_SPARE = 0.3  # a second healing card
BUY_MIN_GAIN = 0.5  # buy only what adds at least this much to a kit
PRICE_WEIGHT = 0.25  # how much a coin is worth against kit value (coins also stop thefts, DG-LOC-5)
SHARE_MIN_GAIN = 0.2  # give a card only when the team's kit value rises by this much


# ---------------------------------------------------------------------------- search inputs from the view

def search_inputs(view: dict[str, Any], decks: Decks) -> dict[str, Any]:
    """Return the keyword arguments of :func:`.fight.search` for the table in ``view``.

    ``monsters`` (every monster on the table but the dragon), ``dragon`` (``(card id, icons)`` in the
    endgame), ``heroes`` (each character in play: the icons it shows now and those of its own cards
    with an icon some monster on the table asks for, DG-FIGHT-2/3: a card with none of them can never
    help, DG-INT-34, and leaving it out keeps the search small), ``assist`` (this round's assist icons,
    DG-LOC-3) and ``weights`` (a Draghan flee monster weighs 1.5, as in ``game.fight_plans``). Only
    public fields are read.
    """
    monsters = {t["id"]: t["req"] for t in view["table"] if not t["dragon"]}
    dragon = next(((t["id"], t["req"]) for t in view["table"] if t["dragon"]), None)
    wanted = set("".join(monsters.values()) + (dragon[1] if dragon else ""))
    heroes = {}
    for seat, hero in enumerate(view["heroes"]):
        if hero is not None:
            kit = [(c, decks.card(c).icons) for c in hero["equipment"] if wanted & set(decks.card(c).icons)]
            heroes[seat] = (hero["shows"], kit)
    draghan = view["realm"] == "draghan"
    weights = {m: FLEE_VALUE if draghan and decks.card(m).flee else 1.0 for m in monsters}
    return {"monsters": monsters, "dragon": dragon, "heroes": heroes, "assist": view["assist"], "weights": weights}


def monster_value(view: dict[str, Any], decks: Decks, monster: str) -> float:
    """Return what defeating ``monster`` is worth when the round is lost anyway (not every monster falls)."""
    if any(t["dragon"] for t in view["table"]):
        return ENDGAME_VALUE
    if view["realm"] == "shadow":
        return SHADOW_VALUE
    card = decks.card(monster)
    return FLEE_VALUE if card.flee else GOLD_VALUE * (card.gold or 0) + 0.2


def plan_value(plan: Plan, view: dict[str, Any], decks: Decks) -> float:
    """Return the planner's worth of a fight plan: the dragon, then every monster, then worth minus cost.

    The cost of a plan is the skill icons on the equipment it spends (each card is discarded after the
    fight, DG-FIGHT-8); a plan that defeats every monster is worth more than any that does not.
    """
    spent = sum(len(decks.card(c).icons) for cards in plan.cards.values() for c in cards)
    value = -ICON_COST * spent - 0.01 * len(plan.targets)
    if plan.dragon_defeated:
        value += DRAGON_VALUE
    if plan.all_defeated:
        value += ALL_DOWN_VALUE
    else:
        value += sum(monster_value(view, decks, m) for m in plan.defeated)
    return value


# ---------------------------------------------------------------------------- characters

def team_score(characters: list[str], decks: Decks) -> tuple:
    """Return how well ``characters`` complement each other (bigger is better).

    The weakest skill over the healthy sides first, then over the wounded sides, then the fewest
    surplus icons in the strongest skill (each skill appears on monsters and dragons alike).
    """
    healthy = [sum(decks.card(c).healthy.count(k) for c in characters) for k in SKILLS]
    wounded = [sum(decks.card(c).wounded.count(k) for c in characters) for k in SKILLS]
    return (min(healthy), min(wounded), -max(healthy), -max(wounded))


def best_character(team: list[str], free: list[str], seats_left: int, decks: Decks) -> str:
    """Return the character of ``free`` that leads to the best complete team (``seats_left`` still to fill
    after this choice, from what is then left of ``free``); ties go to the first in data order."""
    def best_completion(chosen: list[str], pool: list[str]) -> tuple:
        n = min(seats_left, len(pool))
        return max(team_score(chosen + list(rest), decks) for rest in combinations(pool, n))

    return max(free, key=lambda c: (best_completion(team + [c], [x for x in free if x != c]), -free.index(c)))


# ---------------------------------------------------------------------------- equipment worth

def card_worth(card_id: str, wounded: bool, decks: Decks, first_heal: bool = True) -> float:
    """Return one card's worth to a character: its skill icons, plus its healing icon (DG-INT-8)."""
    card = decks.card(card_id)
    worth = float(len(card.icons))
    if card.heal:
        worth += (HEAL_WOUNDED if wounded else HEAL_HEALTHY) if first_heal else HEAL_SPARE
    return worth


def kit_value(cards: list[str], wounded: bool, decks: Decks) -> float:
    """Return a character's kit worth after the equipment check: per slot, the best cards it may keep (DG-EQUIP-1).

    Only the first healing card kept counts fully.
    """
    total, healed = 0.0, False
    by_slot: dict[Any, list[str]] = {}
    for c in cards:
        by_slot.setdefault(decks.card(c).slot, []).append(c)
    ranked = []
    for slot, group in by_slot.items():
        cap = decks.limits.get(slot, len(group)) if slot else len(group)
        keep = sorted(group, key=lambda c: (-card_worth(c, wounded, decks), c))[:cap]
        ranked += keep
    for c in sorted(ranked, key=lambda c: (-card_worth(c, wounded, decks), c)):
        first = decks.card(c).heal and not healed
        total += card_worth(c, wounded, decks, first_heal=first or not decks.card(c).heal)
        healed = healed or decks.card(c).heal
    return total


# ---------------------------------------------------------------------------- the bot

class PlannerBot:
    """Fight by the best exact plan, heal when wounded, buy and share what helps the team, keep the best cards.

    Args:
        travel_at: the portal (1, 2 or 3) at which the team travels (default 1, the first); 3 stays until the
            third portal forces it.
        decks_file: the decks file the game uses (``None``: the bundled reconstruction).
        assist_alone: the game's ``assist_alone`` option (DG-INT-6), which the search must know.
    """

    name = "planner"

    def __init__(self, travel_at: int = 1, decks_file: str | None = None, assist_alone: bool = False):
        if travel_at not in (1, 2, 3):
            raise ValueError(f"travel_at is the portal to travel at, 1, 2 or 3; got {travel_at!r}")
        self.travel_at = travel_at
        self.decks = load_decks(decks_file)
        self.assist_alone = assist_alone
        self._plans: dict[Any, list[Plan]] = {}

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: random.Random) -> Action:
        """Return one of ``legal_actions`` for the decision in ``view`` (the seat's observation)."""
        by_id = {a.id: a for a in legal_actions}
        pick = getattr(self, f"_{view['decision']}", None)
        wanted = pick(view, legal_actions) if pick else None
        if wanted in by_id:
            return by_id[wanted]
        return legal_actions[0] if len(legal_actions) == 1 else legal_actions[rng.randrange(len(legal_actions))]

    # ------------------------------------------------------------------ the fight
    def plans(self, view: dict[str, Any]) -> list[Plan]:
        """Return every fight plan for the table in ``view``, best first by :func:`plan_value` (cached)."""
        args = search_inputs(view, self.decks)
        key = (tuple(sorted(args["monsters"].items())), args["dragon"],
               tuple((s, h[0], tuple(h[1])) for s, h in sorted(args["heroes"].items())), args["assist"],
               view["realm"])
        if key not in self._plans:
            if len(self._plans) > 256:
                self._plans.clear()
            found = search(args["monsters"], args["dragon"], args["heroes"], args["assist"],
                           assist_alone=self.assist_alone, weights=args["weights"])
            self._plans[key] = sorted(found, key=lambda p: -plan_value(p, view, self.decks))
        return self._plans[key]

    def plan(self, view: dict[str, Any]) -> Plan | None:
        """Return the best plan that agrees with the declarations already made this round (or the best plan)."""
        plans = self.plans(view)
        if not plans:
            return None
        in_play = [s for s, h in enumerate(view["heroes"]) if h is not None]
        active = view["active_player"]
        order = sorted(in_play, key=lambda s: (s - active) % len(view["heroes"]))
        current = view["declaring"]
        done = order[:order.index(current)] if current in order else order
        targets = {int(k): v for k, v in view["targets"].items()}
        used = {int(k): set(v) for k, v in view["used"].items()}

        def agrees(p: Plan) -> bool:
            for s in done:
                if p.targets.get(s) != targets.get(s) or set(p.cards.get(s, ())) != used.get(s, set()):
                    return False
            if current is not None and view["decision"] == "declare_equipment":
                mine = used.get(current, set())
                if p.targets.get(current) != targets.get(current) or not mine <= set(p.cards.get(current, ())):
                    return False
            return True

        return next((p for p in plans if agrees(p)), plans[0])

    @staticmethod
    def _target_id(view: dict[str, Any], monster: str | None) -> str:
        if monster is None:
            return "none"
        return "dragon" if any(t["dragon"] and t["id"] == monster for t in view["table"]) else monster

    def _declare_target(self, view: dict[str, Any], legal: list[Action]) -> str:
        plan = self.plan(view)
        return "face " + self._target_id(view, plan.targets.get(view["declaring"]) if plan else None)

    def _declare_equipment(self, view: dict[str, Any], legal: list[Action]) -> str:
        plan = self.plan(view)
        seat = view["declaring"]
        used = set(view["used"].get(str(seat), []))
        for c in (plan.cards.get(seat, ()) if plan else ()):
            if c not in used:
                return f"use {c}"
        return "done"

    def _assign_assist(self, view: dict[str, Any], legal: list[Action]) -> str:
        plan = self.plan(view)
        return "assist " + self._target_id(view, plan.assist if plan else None)

    # ------------------------------------------------------------------ characters
    def _choose_character(self, view: dict[str, Any], legal: list[Action]) -> str:
        team = [h["card"] for h in view["heroes"] if h is not None]
        free = [a.id.split()[1] for a in legal]
        left = sum(h is None for h in view["heroes"]) - 1
        return "choose " + best_character(team, free, left, self.decks)

    def _replace(self, view: dict[str, Any], legal: list[Action]) -> str:
        team = [h["card"] for h in view["heroes"] if h is not None]
        free = [a.id.split()[1] for a in legal]
        return "replace " + best_character(team, free, 0, self.decks)

    # ------------------------------------------------------------------ healing and portals
    def _heal_1(self, view: dict[str, Any], legal: list[Action]) -> str:
        """DG-HEAL-1: heal at once; only the active character can be wounded, and healthy it shows 3 icons."""
        heals = [a.id for a in legal if a.kind == "heal"]
        # Prefer a pure healing card over one that also has skill icons.
        return min(heals, key=lambda i: (len(self.decks.card(i.split()[1]).icons), i)) if heals else "pass"

    _heal_2 = _heal_1

    def _portal_choice(self, view: dict[str, Any], legal: list[Action]) -> str:
        """DG-PORTAL-1: travel at portal number ``travel_at`` (this one is number len(portals_up))."""
        return "travel" if len(view["portals_up"]) >= self.travel_at else "stay"

    # ------------------------------------------------------------------ coins and cards
    def _gold(self, view: dict[str, Any], legal: list[Action]) -> str:
        def score(action: Action) -> tuple:
            seats = [int(x) for x in action.id.split()[2].split("+")]
            return tuple(sorted(((-len(view["heroes"][s]["equipment"]), view["heroes"][s]["coins"]) for s in seats),
                                reverse=True))
        return max(legal, key=score).id

    def _value(self, hero: dict[str, Any], cards: list[str]) -> float:
        return kit_value(cards, hero["wounded"], self.decks)

    def _buy(self, view: dict[str, Any], legal: list[Action]) -> str:
        """DG-MARKET-1..3: the affordable card that adds the most to the buyer's kit, if worth its price."""
        hero = view["heroes"][view["viewer"]]
        now = self._value(hero, hero["equipment"])
        markets = sum(self.decks.card(c).ability == "market" for c in self.decks.location_draghan)
        last = view["travel_pending"] or sum(self.decks.card(c).ability == "market" for c in view["visited"]) >= markets
        weight = 0.0 if last else PRICE_WEIGHT  # coins buy nothing in the Shadow Realm (DG-PORTAL-7)
        best, best_net = "pass", 0.0
        for a in legal:
            if a.kind != "buy":
                continue
            c = a.id.split()[1]
            gain = self._value(hero, hero["equipment"] + [c]) - now
            net = gain - weight * (self.decks.card(c).price or 0)
            if gain >= BUY_MIN_GAIN and net > best_net:
                best, best_net = a.id, net
        return best

    def _share(self, view: dict[str, Any], legal: list[Action]) -> str:
        """DG-SHARE-1: the gift that raises the team's kit value most (a surplus card, a healing card)."""
        heroes = view["heroes"]
        a = view["active_player"]
        base = {s: self._value(h, h["equipment"]) for s, h in enumerate(heroes) if h is not None}
        best, best_gain = "skip", SHARE_MIN_GAIN
        for act in legal:
            if act.kind != "give":
                continue
            _, c, receiver = act.id.split()
            to = int(receiver)
            mine = [x for x in heroes[a]["equipment"] if x != c]
            gain = (self._value(heroes[a], mine) - base[a]
                    + self._value(heroes[to], heroes[to]["equipment"] + [c]) - base[to])
            if gain > best_gain:
                best, best_gain = act.id, gain
        return best

    def _equipment_check(self, view: dict[str, Any], legal: list[Action]) -> str:
        """DG-EQUIP-2: discard the card whose loss costs the kit least."""
        hero = view["heroes"][view["viewer"]]

        def after(action: Action) -> tuple:
            c = action.id.split()[1]
            rest = [x for x in hero["equipment"] if x != c]
            return (self._value(hero, rest), -card_worth(c, hero["wounded"], self.decks), c)
        return max(legal, key=after).id
