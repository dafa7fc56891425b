"""The fight hint: the plans that clear this round's table, as they would be played from here.

:func:`fight_plans` searches every way the team could fight this round's table (:func:`.fight.search`,
DG-FIGHT-1..7, DG-DRAGON-5, DG-LOC-3); :func:`fight_hint` keeps those that defeat every monster and
still agree with the declarations already made (DG-INT-15), each shown as played from here. Draghan is
open (section 7): the hint reads only the seat's observation and the card data, nothing a seat may
not see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import declaring
from .fight import Plan, add, defeats, icons, search
from .state import DRAGHAN

if TYPE_CHECKING:
    from .game import DraghanGame

#: The decisions during which there is a hint.
HINT_DECISIONS = ("declare_target", "declare_equipment", "assign_assist")
#: At most this many plans in the hint.
MAX_PLANS = 3


def fight_plans(g: "DraghanGame", limit: int = 0) -> list[Plan]:
    """Return the fight plans for this round's table, best first (:meth:`DraghanGame.fight_plans`).

    Every character in play with the icons it shows now and its own cards with skill icons; the
    assist location's icons if this round has one. Gold decides nothing here: defeating a flee
    monster in Draghan weighs more (it would otherwise join the Shadow deck, DG-RESULT-4).
    """
    s, t = g.state, g.tables
    dragon = t.dragon_card
    monsters = {m: t.req(m, s.dragon) for m in s.table if m != dragon}
    heroes = {seat: (declaring.shows(g, seat), [(c, t.card[c].icons) for c in s.heroes[seat].equipment  # type: ignore[union-attr]
                                                if t.card[c].icons]) for seat in s.in_play()}
    weights = {m: 1.5 if s.realm == DRAGHAN and t.card[m].flee else 1.0 for m in monsters}
    return search(monsters, (dragon, t.req(dragon, s.dragon)) if dragon in s.table else None, heroes,
                  s.assist, assist_alone=g.options["assist_alone"], weights=weights, limit=limit)


def can_clear(obs: dict[str, Any]) -> bool:
    """Check if the table could be cleared at all: each monster needs a character of its own, the
    assist location may take one more (DG-FIGHT-1, DG-LOC-3). Spares the search on a crowded table."""
    monsters = sum(1 for m in obs.get("table") or [] if not m.get("dragon"))
    characters = sum(1 for h in obs.get("heroes") or [] if h is not None)
    return monsters <= characters + (1 if obs.get("assist") else 0)


def declared(obs: dict[str, Any]) -> tuple[list[int], int | None]:
    """The seats whose declaration is finished, and the seat declaring now (DG-INT-15: seat order
    from the active player; everyone has declared at ``assign_assist``)."""
    heroes = obs.get("heroes") or []
    n = len(heroes)
    active = obs.get("active_player") or 0
    order = [s for s in ((active + k) % n for k in range(n)) if heroes[s] is not None]
    current = obs.get("declaring")
    if obs.get("decision") == "assign_assist" or current is None:
        return order, None
    return order[: order.index(current)], current


def agrees(plan: Plan, obs: dict[str, Any], done: list[int], current: int | None) -> bool:
    """Check if ``plan`` can still be played from here.

    A finished seat agrees when the plan leaves it out (its icons where it stands only add there) or
    has it at the monster it faces with cards it has all committed; the seat declaring its
    equipment agrees when the plan leaves it out or has it at its monster (it may still add cards).
    """
    targets, used = obs.get("targets") or {}, obs.get("used") or {}
    for seat in done:
        wanted = plan.targets.get(seat)
        if wanted is None:
            continue
        if targets.get(str(seat)) != wanted or not set(plan.cards.get(seat, ())) <= set(used.get(str(seat), [])):
            return False
    if current is not None and obs.get("decision") == "declare_equipment":
        wanted = plan.targets.get(current)
        return wanted is None or targets.get(str(current)) == wanted
    return True


def from_here(plan: Plan, obs: dict[str, Any], done: list[int], current: int | None) -> tuple[dict, dict]:
    """The plan as it would be played from here: the declarations made replace its placements of
    those seats (where each faces and what it committed), the seat declaring its equipment adds
    the plan's cards it has not committed yet. Returns ``(targets, cards)`` by seat."""
    targets: dict[int, str | None] = dict(plan.targets)
    cards = {s: list(c) for s, c in plan.cards.items()}
    made, used = obs.get("targets") or {}, obs.get("used") or {}
    seats = list(done) + ([current] if current is not None and obs.get("decision") == "declare_equipment" else [])
    for seat in seats:
        mine = list(used.get(str(seat), []))
        if seat == current and plan.targets.get(seat) == made.get(str(seat)):
            mine += [c for c in plan.cards.get(seat, ()) if c not in mine]
        targets.pop(seat, None)
        cards.pop(seat, None)
        if made.get(str(seat)) is not None:
            targets[seat] = made[str(seat)]
            if mine:
                cards[seat] = mine
    return targets, cards


def outcome(targets: dict, cards: dict, assist_to: str | None, obs: dict[str, Any],
            layout: dict[str, Any]) -> tuple[bool, bool]:
    """(every monster but the dragon falls, the dragon falls) for these placements (DG-FIGHT-6/7,
    DG-DRAGON-5), with the icons the characters show, their cards' and the assist location's."""
    placed: dict[str, tuple[int, int, int]] = {}

    def put(monster: str, text: str) -> None:
        placed[monster] = add(placed.get(monster, (0, 0, 0)), icons(text))

    for seat, monster in targets.items():
        put(monster, obs["heroes"][seat]["shows"])
        for c in cards.get(seat, ()):
            put(monster, layout["cards"][c]["icons"])
    if assist_to is not None:
        put(assist_to, obs.get("assist") or "")
    table = obs.get("table") or []
    others = all(defeats(m["req"], placed.get(m["id"], (0, 0, 0))) for m in table if not m["dragon"])
    dragon = any(m["dragon"] and defeats(m["req"], placed.get(m["id"], (0, 0, 0))) for m in table)
    return others, others and dragon


class Names:
    """The game's words for the cards and characters of one observation (``layout``: ``board_layout()``)."""

    def __init__(self, game: "DraghanGame", obs: dict[str, Any], layout: dict[str, Any]):
        self.game = game
        self.cards = layout["cards"]
        table = obs.get("table") or []
        names = [self.cards[m["id"]]["name"] for m in table if not m.get("dragon")]
        self.twice = {n for n in names if names.count(n) > 1}
        self.dragon = obs.get("dragon")

    def monster(self, mid: str) -> str:
        """"Goblin", "Goblin D03" when two Goblins are on the table, "the dragon (Red Dragon)"."""
        card = self.cards[mid]
        if card["kind"] == "dragon_card":
            return f"the dragon ({self.cards[self.dragon]['name']})" if self.dragon else "the dragon"
        return f"{card['name']} {mid}" if card["name"] in self.twice else card["name"]

    def plan_text(self, targets: dict, cards: dict, assist_to: str | None, dragon: bool, obs: dict[str, Any]) -> str:
        """"Elf → Goblin, Wizard + Lute → Merchant, Watchtower (SS) → Orc Brute", and the dragon's fate."""
        parts = []
        for seat in sorted(targets):
            kit = "".join(f" + {self.cards[c]['name']}" for c in cards.get(seat, ()))
            parts.append(f"{self.game.player_name(seat)}{kit} → {self.monster(targets[seat])}")
        location = obs.get("location")
        if assist_to is not None and location:
            parts.append(f"{self.cards[location]['name']} ({obs.get('assist')}) → {self.monster(assist_to)}")
        text = ", ".join(parts) or "nobody needs to fight"
        if self.dragon:
            text += ": the dragon falls" if dragon else " (the dragon survives)"
        return text


def wasteful(plan: dict[str, Any], plans: Any) -> bool:
    """Check if another plan places everyone alike with fewer of the same cards and fares as well
    (played from here, the declarations made can make a card of the search's plan needless)."""
    def cards(p: dict[str, Any]) -> set[tuple[str, str]]:
        return {(s, c) for s, cs in p["cards"].items() for c in cs}

    return any(o is not plan and o["targets"] == plan["targets"] and o["assist"] == plan["assist"]
               and o["dragon"] >= plan["dragon"] and cards(o) < cards(plan) for o in plans)


def fight_hint(game: "DraghanGame", obs: dict[str, Any], plans: list[Plan] | None = None,
               layout: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Return the fight hint for the observation ``obs`` of ``game``, or ``None`` outside a fight.

    ``{"plans": [...], "count": n, "note": str}``: at most three plans best first, each
    ``{"targets": {seat: monster id}, "cards": {seat: [card ids]}, "assist": monster id | None,
    "dragon": bool, "text": "Elf → Goblin, Wizard + Lute → Merchant"}`` (seats as strings, the
    dragon as its dragon card's id), that defeat every monster but the dragon (DG-RESULT-7,
    DG-DRAGON-7) when the declarations still to come follow them. A plan is shown as it would be
    played from here: with the declarations already made (DG-INT-15), whose icons may make the dragon
    fall where the search's plan alone would not. ``count`` says how many such plans there are;
    ``plans`` may pass ``game.fight_plans()`` and ``layout`` ``game.board_layout()`` already computed.

    >>> import dragonwidgets
    >>> g = dragonwidgets.new_game("draghan", players=2, seed=6, first_player=0)
    >>> _ = g.apply("choose CH1"), g.apply("choose CH3")
    >>> hint = fight_hint(g, g.observation(0))
    >>> hint["count"], hint["plans"][0]["targets"], hint["plans"][0]["cards"]
    (1, {'0': 'D01', '1': 'D15'}, {'1': ['M04']})
    >>> _ = g.apply("face D15")  # the Elf goes elsewhere than the plan: no plan clears the table now
    >>> fight_hint(g, g.observation(0))["note"]
    'No plan from here defeats every monster: the Elf will be wounded.'
    """
    if obs.get("decision") not in HINT_DECISIONS:
        return None
    layout = layout or game.board_layout()
    names = Names(game, obs, layout)
    found: dict[tuple, dict[str, Any]] = {}
    if can_clear(obs):
        done, current = declared(obs)
        for plan in game.fight_plans() if plans is None else plans:
            if not plan.all_defeated or not agrees(plan, obs, done, current):
                continue
            targets, cards = from_here(plan, obs, done, current)
            others, dragon = outcome(targets, cards, plan.assist, obs, layout)
            key = (tuple(sorted(targets.items())), tuple(sorted((s, tuple(c)) for s, c in cards.items())), plan.assist)
            if others and key not in found:
                found[key] = {
                    "targets": {str(s): m for s, m in sorted(targets.items())},
                    "cards": {str(s): c for s, c in sorted(cards.items()) if c},
                    "assist": plan.assist,
                    "dragon": dragon,
                    "text": names.plan_text(targets, cards, plan.assist, dragon, obs),
                }
    # the dragon's fall first; otherwise the search's order (sorted() is stable)
    ranked = sorted((p for p in found.values() if not wasteful(p, found.values())), key=lambda p: not p["dragon"])
    return {"plans": ranked[:MAX_PLANS], "count": len(ranked), "note": note(game, obs, ranked, names.dragon)}


def note(game: "DraghanGame", obs: dict[str, Any], ranked: list[dict[str, Any]], dragon: str | None) -> str:
    """The hint's sentence: how many plans clear the table, whether the dragon falls, else who is wounded."""
    a = obs["active_player"]
    if not ranked:
        hero = (obs.get("heroes") or [None] * (a + 1))[a]
        fate = "wounded again and drop out" if hero and hero["wounded"] else "wounded"
        return f"No plan from here defeats every monster: the {game.player_name(a)} will be {fate}."
    if dragon and not ranked[0]["dragon"]:
        return "Every monster can fall, but not the dragon this round."
    n = len(ranked)
    return f"{n} plan{'s' * (n != 1)} from here defeat{'s' * (n == 1)} every monster" + \
        (": the dragon falls." if dragon else ".")
