"""Phase 4, the result (DG-RESULT-1..9, DG-DRAGON-3..7, DG-END-1, DG-INT-4/17/21/24).

The icons placed at each monster are tested (:func:`placements`, DG-FIGHT-6); a defeated monster
pays its gold (the odd coins are a decision, ``extra``); then the fates: used cards discarded,
monsters discarded, fled or back in the Shadow deck, the revealed equipment won or lost, and the
active character wounded (:mod:`.wounds`) unless every monster fell. Then the market (:mod:`.market`).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from dragonwidgets.engine import Action, Event, event

from . import declaring, market, wounds
from .fight import NO_ICONS, Icons, add, defeats, icons
from .state import DRAGHAN, GOLD, OVER, SHADOW

if TYPE_CHECKING:
    from .game import DraghanGame


def placements(g: "DraghanGame") -> dict[str, Icons]:
    """Return the (S, C, K) icons placed at each monster that has any.

    DG-FIGHT-6: the icons each character shows, plus its committed cards' (DG-FIGHT-3), at the
    monster it faces; the assist location's icons at the assist's monster (DG-LOC-3).
    """
    s, card_icons = g.state, g.tables.icons
    out: dict[str, Icons] = {}
    for seat, m in s.targets.items():
        total = add(out.get(m, NO_ICONS), icons(declaring.shows(g, seat)))  # type: ignore[arg-type]
        for c in s.used.get(seat, ()):
            total = add(total, card_icons[c])
        out[m] = total  # type: ignore[index]
    if s.assist_target is not None:
        out[s.assist_target] = add(out.get(s.assist_target, NO_ICONS), icons(s.assist))
    return out


def resolve(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-RESULT-1..9, DG-DRAGON-3..7, DG-END-1: test, gold, fates, outcome."""
    s, t = g.state, g.tables
    dragon = t.dragon_card
    placed_at = placements(g)
    others = [m for m in s.table if m != dragon]
    down = []
    for m in others:
        placed = placed_at.get(m, NO_ICONS)
        card = t.card[m]  # not the dragon card: its own name and icons (Tables.monster_name, Tables.req)
        beaten = defeats(card.req, placed)
        if beaten:
            down.append(m)
        ev.append(event("tested", f"The {card.name} is {'defeated' if beaten else 'not defeated'}.",
                        {"monster": m, "defeated": beaten, "placed": list(placed)}))
    s.defeated += len(down)
    all_down = len(down) == len(others)
    if dragon in s.table and all_down:
        name = t.monster_name(dragon, s.dragon)
        if defeats(t.req(dragon, s.dragon), placed_at.get(dragon, NO_ICONS)):
            s.result = "won"
            s.end_reason = f"the team defeated the {name}"
            s.phase = OVER
            ev.append(event("won", f"The {name} is defeated: the team wins!"))
            return
        ev.append(event("tested", f"The {name} is not defeated."))
    s.round_down, s.round_all_down = down, all_down
    s.gold_queue = []
    promised = 0  # odd coins owed to the gold decisions below, still in the supply (DG-INT-24)
    for m in down:
        gold = t.card[m].gold
        if not gold:
            continue
        group = sorted(seat for seat, target in s.targets.items() if target == m)
        if not group:
            continue
        pay = gold if g.options["unlimited_coins"] else min(gold, s.supply - promised)  # DG-INT-24
        for seat in group:
            pay_coins(g, seat, pay // len(group))
        if pay % len(group):
            s.gold_queue.append((m, group, pay % len(group)))
            promised += pay % len(group)
        ev.append(event("gold", f"The {t.monster_name(m, s.dragon)} pays {pay} coin{'s' * (pay != 1)}"
                        + (f" to the {g.player_name(group[0])}." if len(group) == 1 else " to share.")))
    pay_gold(g, ev)


@cache
def fled_event(name: str) -> Event:
    """Return the log of the monster ``name`` fleeing into the Shadow deck (DG-RESULT-4). Cached: a shared
    event, never mutated."""
    return event("fled", f"The {name} flees into the Shadow Realm.")


def pay_coins(g: "DraghanGame", seat: int, n: int) -> None:
    """DG-RESULT-2, DG-INT-24: ``n`` coins from the supply to the seat's character."""
    s = g.state
    s.heroes[seat].coins += n  # type: ignore[union-attr]
    if not g.options["unlimited_coins"]:
        s.supply -= n


def pay_gold(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-INT-4: odd coins left to hand out are a decision of the active player; then the fates."""
    if g.state.gold_queue:
        g.state.phase = GOLD
        return
    fates(g, ev)


def gold_actions(g: "DraghanGame") -> list[Action]:
    """DG-RESULT-2, DG-INT-4: the active player gives the coins left over to distinct participants."""
    s, a = g.state, g.state.active
    monster, group, extra = s.gold_queue[0]
    name = g.tables.monster_name(monster, s.dragon)
    out = []
    for who in combinations(group, extra):
        names = " and ".join(g.player_name(w) for w in who)
        out.append(Action(f"extra {monster} {'+'.join(map(str, who))}",
                          f"The {name}'s odd coin{'s' * (extra > 1)} go{'es' * (extra == 1)} to the {names}",
                          a, "gold", tuple(f"hero/{w}" for w in who), ("DG-RESULT-2", "DG-INT-4")))
    return out


def odd_coins(g: "DraghanGame", seats: str, ev: list[Event]) -> None:
    """The decision ``extra {monster} a+b``: one odd coin to each seat of ``seats`` ("0+2") (DG-INT-4)."""
    s = g.state
    monster, _, _ = s.gold_queue.pop(0)
    who = [int(x) for x in seats.split("+")]
    for seat in who:
        pay_coins(g, seat, 1)
    ev.append(event("gold_extra", f"The odd coin{'s' * (len(who) > 1)} of the {g.tables.monster_name(monster, s.dragon)} "
                    "go to " + " and ".join(g.player_name(x) for x in who) + "."))
    pay_gold(g, ev)


def fates(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-RESULT-3..8, DG-DRAGON-3/6/7, DG-INT-17/21: monsters, used cards, revealed equipment, the wound."""
    s, a, t = g.state, g.state.active, g.tables
    dragon = t.dragon_card
    down, all_down = s.round_down, s.round_all_down
    for seat, cards in s.used.items():
        hero = s.heroes[seat]
        for c in cards:
            if hero and c in hero.equipment:
                hero.equipment.remove(c)
                s.discard.append(c)
    endgame = dragon in s.table
    stay = []
    for m in s.table:  # s.table itself is replaced below
        if m in down:
            s.discard.append(m)
        elif m == dragon or endgame:
            stay.append(m)  # DG-DRAGON-3
        elif s.realm == DRAGHAN and t.card[m].flee:
            deck = s.decks["encounter_shadow"]
            deck.append(m)
            g.shuffle_in_step(deck)  # DG-RESULT-4: shuffled into the Shadow deck
            s.fled += 1
            ev.append(fled_event(t.name[m]))
        elif s.realm == DRAGHAN:
            s.discard.append(m)
        else:
            s.decks["encounter_shadow"].append(m)  # DG-RESULT-5
    if s.realm == SHADOW and not endgame and any(m not in down for m in s.table):
        g.shuffle_in_step(s.decks["encounter_shadow"])
    s.table = stay
    s.targets, s.used, s.assist_target = {}, {}, None  # the fight is over
    if all_down:  # DG-RESULT-7, DG-DRAGON-7, DG-INT-17/22
        if s.revealed_equipment:
            s.heroes[a].equipment.extend(s.revealed_equipment)  # type: ignore[union-attr]
            ev.append(event("equipment_won", f"The {g.player_name(a)} takes " +
                            ", ".join(t.name[c] for c in s.revealed_equipment) + "."))
        s.revealed_equipment = []
        market.after_outcome(g, ev)
        return
    s.discard.extend(s.revealed_equipment)  # DG-RESULT-8
    s.revealed_equipment = []
    wounds.wound(g, ev)
