"""Why an action id is not legal now, naming the rule (``game.explain(id)`` and refusals).

Each id's first word belongs to one decision of the round (the id grammar in :mod:`.game`). Asked at
another moment, the answer says when that decision comes, or why it never comes here (no portal in the
Shadow Realm, no market after travel, no passing cards during the fight); asked at its own decision, it
says what is wrong with the rest of the id (a monster not on the table, a card not one's own, a price
too high).

>>> from .game import DraghanGame
>>> g = DraghanGame(players=2, seed=1, first_player=0)
>>> why_illegal(g, "buy M01").endswith("(DG-MARKET-1, DG-LOC-6, DG-INT-11); the decision now is choose character")
True
>>> g.apply("choose CH1") and None
>>> why_illegal(g, "choose CH1")
'the Elf is already taken: each player chooses a different character (DG-SETUP-6)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import (ASSIST, BUY, CHECK, CHOOSE_CHARACTER, DECLARE_EQUIPMENT, DECLARE_TARGET, DRAGHAN, DRAW_DRAGON,
                    DRAW_MARKET, GOLD, HEAL_1, HEAL_2, JOIN_CARD, OVER, PORTAL, REPLACE, REVEAL_ENCOUNTER,
                    REVEAL_LOCATION, SHADOW, SHARE, THEFT)

if TYPE_CHECKING:
    from .game import DraghanGame

#: The first word of each id, the decisions it belongs to, and when those come (with the rule).
_WHEN = {
    "choose": ((CHOOSE_CHARACTER,), "characters are chosen at setup, one per seat in seat order (DG-SETUP-6)"),
    "heal": ((HEAL_1, HEAL_2), "a healing card is played in phase 1 or phase 6 of the round (DG-HEAL-1, DG-HEAL-3)"),
    "pass": ((HEAL_1, HEAL_2, BUY), "'pass' declines to heal (phases 1 and 6) or to buy (after phase 4) "
                                    "(DG-HEAL-2, DG-MARKET-1)"),
    "travel": ((PORTAL,), "travel is chosen when a first or second portal is turned up (DG-PORTAL-1, DG-INT-19)"),
    "stay": ((PORTAL,), "staying is chosen when a first or second portal is turned up (DG-PORTAL-1, DG-PORTAL-2)"),
    "lose": ((THEFT,), "a thief picks a random card only after a theft finds no coin on the active character "
                       "(DG-LOC-5, DG-EXPLORE-4, DG-INT-14)"),
    "dragon": ((DRAW_DRAGON,), "a large dragon is drawn when the dragon card is revealed (DG-DRAGON-1)"),
    "location": ((REVEAL_LOCATION,), "a location turns up in phase 2 of each round (DG-LOC-1)"),
    "encounter": ((REVEAL_ENCOUNTER,), "encounter cards turn up in phase 3, one per character in play (DG-EXPLORE-1)"),
    "market": ((DRAW_MARKET,), "market cards go on display when a market location turns up (DG-LOC-6)"),
    "join": ((JOIN_CARD,), "a character who joins takes a market card (DG-SETUP-7)"),
    "face": ((DECLARE_TARGET,), "characters are placed at monsters in phase 3, after the reveal, one declaration "
                                "each (DG-FIGHT-1, DG-INT-15)"),
    "use": ((DECLARE_EQUIPMENT,), "equipment is committed in phase 3, by a character that has just chosen its "
                                  "monster (DG-FIGHT-3)"),
    "done": ((DECLARE_EQUIPMENT,), "'done' ends a character's choice of equipment in phase 3 (DG-FIGHT-3)"),
    "assist": ((ASSIST,), "the assist location's icons are assigned once every character has declared "
                          "(DG-LOC-3, DG-INT-15)"),
    "extra": ((GOLD,), "odd coins are handed out when a defeated monster's gold does not split evenly among "
                       "its characters (DG-RESULT-2, DG-INT-4)"),
    "replace": ((REPLACE,), "a new character comes only when the active character drops out in Draghan "
                            "(DG-WOUND-4, DG-INT-13)"),
    "buy": ((BUY,), "market cards are bought only in a round whose location is a market, after phase 4 "
                    "(DG-MARKET-1, DG-LOC-6, DG-INT-11)"),
    "give": ((SHARE,), "the active player shares one card in phase 5 (DG-SHARE-1)"),
    "skip": ((SHARE,), "'skip' declines to share in phase 5 (DG-SHARE-1)"),
    "discard": ((CHECK,), "cards are discarded at the equipment check, phase 7, and only above the limits of "
                          "1 head, 1 torso and 2 hand cards (DG-EQUIP-1, DG-EQUIP-2)"),
}
_DECLARING = (DECLARE_TARGET, DECLARE_EQUIPMENT, ASSIST)


def why_illegal(game: "DraghanGame", action_id: str) -> str:
    """Return a sentence naming the rule that makes ``action_id`` illegal in ``game``'s state now."""
    s = game.state
    words = action_id.split() if isinstance(action_id, str) else []
    if s.phase == OVER:
        if s.result == "won":
            return f"the game is over: {s.end_reason} and the whole team won (DG-END-1)"
        return f"the game is over: {s.end_reason} and the team lost (DG-END-5)"
    if not words or words[0] not in _WHEN:
        return "it is not an action of Draghan (see the id grammar in DraghanGame's docstring)"
    phases, when = _WHEN[words[0]]
    if s.phase not in phases:
        return f"{_out_of_phase(game, words, when)}; the decision now is {s.phase.replace('_', ' ')}"
    return {
        CHOOSE_CHARACTER: _why_choose, HEAL_1: _why_heal, HEAL_2: _why_heal, PORTAL: _why_portal,
        THEFT: _why_lose, DRAW_DRAGON: _why_dragon, DECLARE_TARGET: _why_face, DECLARE_EQUIPMENT: _why_use,
        ASSIST: _why_assist, GOLD: _why_extra, REPLACE: _why_replace, BUY: _why_buy, SHARE: _why_give,
        CHECK: _why_discard, REVEAL_LOCATION: _why_draw, REVEAL_ENCOUNTER: _why_draw, DRAW_MARKET: _why_draw,
        JOIN_CARD: _why_draw,
    }[s.phase](game, words)


def _why_draw(game: "DraghanGame", words: list[str]) -> str:
    """A card that cannot come next: not in the deck, or (Draghan locations) not in the current block."""
    c = words[1] if len(words) > 1 else "?"
    if game.state.phase == REVEAL_LOCATION and game.state.realm == DRAGHAN:
        return (f"{c} cannot turn up now: the next location comes from the current block of the Draghan deck, "
                "each block with its own market and portal (DG-SETUP-2..4)")
    if game.state.phase == JOIN_CARD:
        return f"{c} is not in the market deck a joining character takes its card from (DG-SETUP-7)"
    return f"{c} is not in the deck the card comes from (DG-EXPLORE-3, DG-LOC-6)"


# ---------------------------------------------------------------------------- at another moment

def _out_of_phase(game: "DraghanGame", words: list[str], when: str) -> str:
    """An id of another decision: say when it comes, or why it cannot come here."""
    s = game.state
    kind = words[0]
    active = s.heroes[s.active]
    if kind == "choose" and s.phase == JOIN_CARD and s.round == 0:
        return "the character just chosen takes its market card first (DG-SETUP-7)"
    if kind == "choose":
        return ("characters are chosen at setup only; later a new character comes only as a replacement "
                "(DG-SETUP-6, DG-WOUND-4)")
    if kind == "heal" and s.phase != CHOOSE_CHARACTER and active is not None and not active.wounded:
        return (f"the {game.player_name(s.active)} is healthy: only a wounded active character heals with a card "
                "(DG-HEAL-2)")
    if kind in ("travel", "stay"):
        if s.realm == SHADOW:
            return "there is no way back: the Shadow Realm has no portal (DG-PORTAL-5, DG-INT-28)"
        if s.travel_pending and len(s.portals_up) >= 3:
            return "the third portal forces travel: there is no choice (DG-PORTAL-6)"
        if s.travel_pending:
            return "the team has chosen to travel; the choice binds and cannot be taken back (DG-PORTAL-5, DG-INT-19)"
        if game.options["portal_decision_time"] == "end_of_round":
            return ("travel is chosen in phase 8 of a round that turned up a first or second portal "
                    "(portal_decision_time='end_of_round', DG-INT-19, DG-PORTAL-1)")
        return when
    if kind == "dragon" and s.dragon:
        return (f"the dragon is already on the table ({game.tables.name[s.dragon]}): one large dragon per game "
                "(DG-DRAGON-1, DG-INT-18)")
    if kind == "face" and s.phase == DECLARE_EQUIPMENT:
        seat = s.declaring[0]
        return (f"the {game.player_name(seat)} already faces the {game.tables.monster_name(s.targets.get(seat), s.dragon)}: "
                "a character faces one monster per round (DG-FIGHT-1, DG-FIGHT-5)")
    if kind in ("use", "done") and s.phase == DECLARE_TARGET:
        return "a character first chooses its monster, then the equipment it uses there (DG-FIGHT-3, DG-INT-15)"
    if kind == "assist" and not s.assist:
        return "only an assist location gives icons to a monster, and this round's location is none (DG-LOC-3)"
    if kind == "replace" and s.realm == SHADOW:
        return "in the Shadow Realm a character that drops out is not replaced (DG-WOUND-5, DG-SHADOW-5)"
    if kind == "buy":
        if s.realm == SHADOW:
            return ("there are no markets in the Shadow Realm: coins buy nothing there "
                    "(DG-MARKET-5, DG-SHADOW-3, DG-PORTAL-7)")
        if s.market_display:
            return "the market cards laid out can be bought after this round's fight, after phase 4 (DG-MARKET-1)"
        return when
    if kind == "give":
        if s.phase in _DECLARING:
            return "equipment cannot be handed to another character during the fight (DG-FIGHT-4)"
        if active is None:
            return "the active character dropped out: phases 5 and 6 are skipped (DG-SHARE-2, DG-INT-29)"
        return when
    if kind == "discard":
        return when + "; between two checks a character may hold more (DG-EQUIP-3)"
    return when


# ---------------------------------------------------------------------------- at their own decision

def _why_choose(game: "DraghanGame", words: list[str]) -> str:
    c = words[1] if len(words) > 1 else "?"
    if c in game.decks.cards and game.decks.card(c).kind == "character":
        return f"the {game.tables.name[c]} is already taken: each player chooses a different character (DG-SETUP-6)"
    return f"{c} is not a character card; the characters are {', '.join(game.decks.characters)} (DG-SETUP-6)"


def _why_heal(game: "DraghanGame", words: list[str]) -> str:
    s = game.state
    if len(words) > 2:
        return "a healing card heals only the active character, never another one (DG-HEAL-2, DG-INT-25)"
    c = words[1] if len(words) > 1 else "?"
    hero = s.heroes[s.active]
    if hero is None or c not in hero.equipment:
        return (f"{c} is not a card of the active {game.player_name(s.active)}: it heals with its own cards only "
                "(DG-HEAL-1)")
    return f"the {game.tables.name[c]} has no healing icon (DG-HEAL-1, DG-INT-8)"


def _why_portal(game: "DraghanGame", words: list[str]) -> str:
    return "the portal choice is 'travel' or 'stay' (DG-PORTAL-1, DG-PORTAL-2)"


def _why_lose(game: "DraghanGame", words: list[str]) -> str:
    s = game.state
    c = words[1] if len(words) > 1 else "?"
    kit = ", ".join(s.heroes[s.active].equipment)  # type: ignore[union-attr]
    return (f"the thief takes a random card of the active character's own equipment ({kit}), not {c} "
            "(DG-LOC-5, DG-INT-14)")


def _why_dragon(game: "DraghanGame", words: list[str]) -> str:
    g = words[1] if len(words) > 1 else "?"
    if g in game.decks.dragons:
        return f"the {game.tables.name[g]} was set aside after an earlier win (DG-CAMP-1, DG-CAMP-3)"
    return f"{g} is not a large dragon card (DG-DRAGON-1, DG-REC-6)"


def _target(game: "DraghanGame", word: str) -> str | None:
    """The table id a word names ("dragon" is the dragon card), or None if nothing on the table."""
    s = game.state
    if word == "dragon":
        card = game.tables.dragon_card
        return card if card in s.table else None
    return word if word in s.table and word != game.tables.dragon_card else None


def _why_face(game: "DraghanGame", words: list[str]) -> str:
    s = game.state
    if len(words) > 2:
        return ("a character faces exactly one monster: the icons of its card are never split between monsters "
                "(DG-FIGHT-1, DG-FIGHT-5)")
    w = words[1] if len(words) > 1 else "?"
    if w in s.revealed_equipment:
        return (f"the {game.tables.name[w]} is equipment, not a monster; revealed equipment belongs to no one during the "
                "fight (DG-EXPLORE-3, DG-FIGHT-9)")
    if w == "dragon":
        return "there is no dragon on the table: it appears with the dragon card (DG-DRAGON-1, DG-DRAGON-2)"
    return f"{w} is not a monster on the table: a character faces one of them or none (DG-FIGHT-1, DG-INT-9)"


def _why_use(game: "DraghanGame", words: list[str]) -> str:
    s = game.state
    seat = s.declaring[0]
    hero = s.heroes[seat]
    c = words[1] if len(words) > 1 else "?"
    name = game.player_name(seat)
    if c in s.revealed_equipment:
        return (f"the {game.tables.name[c]} was revealed this round and belongs to no one yet: it cannot be used in this "
                "fight (DG-FIGHT-9, DG-INT-10)")
    if c in s.used.get(seat, []):
        return f"the {game.tables.name[c]} is already committed: each card is used once (DG-FIGHT-8)"
    if hero is not None and c in hero.equipment:
        return f"the {game.tables.name[c]} has no skill icon, so it cannot be used in a fight (DG-INT-8)"
    if any(h is not None and c in h.equipment for h in s.heroes):
        return (f"the {game.tables.name[c]} is another character's: the {name} uses its own equipment only, and cards are "
                "not passed during the fight (DG-FIGHT-3, DG-FIGHT-4)")
    return f"the {name} holds no card {c} (DG-FIGHT-3)"


def _why_assist(game: "DraghanGame", words: list[str]) -> str:
    if len(words) > 2:
        return "the assist location's icons all go to one monster (DG-LOC-3, DG-FIGHT-5, DG-INT-6)"
    w = words[1] if len(words) > 1 else "?"
    m = _target(game, w)
    if m is None:
        return f"{w} is not a monster on the table (DG-LOC-3)"
    return (f"no character faces the {game.tables.monster_name(m, game.state.dragon)}: the assist helps a monster a character fights "
            "(DG-INT-6; the option assist_alone lifts this)")


def _why_extra(game: "DraghanGame", words: list[str]) -> str:
    s = game.state
    monster, group, extra = s.gold_queue[0]
    if len(words) != 3 or words[1] != monster:
        return (f"the odd coins of the {game.tables.monster_name(monster, s.dragon)} are handed out now: 'extra {monster} a+b' "
                "(DG-RESULT-2)")
    try:
        seats = [int(x) for x in words[2].split("+")]
    except ValueError:
        seats = []
    if seats and not set(seats) <= set(group):
        return (f"only the characters placed at the {game.tables.monster_name(monster, s.dragon)} ({', '.join(map(str, group))}) share "
                "its coins (DG-INT-5, DG-RESULT-2)")
    return (f"the {extra} odd coin{'s' * (extra > 1)} go one each to {extra} different participant{'s' * (extra > 1)}, "
            "written in seat order (DG-INT-4)")


def _why_replace(game: "DraghanGame", words: list[str]) -> str:
    s = game.state
    c = words[1] if len(words) > 1 else "?"
    return (f"the new character comes from those set aside ({', '.join(s.set_aside)}), not {c} "
            "(DG-WOUND-4, DG-INT-13)")


def _why_buy(game: "DraghanGame", words: list[str]) -> str:
    s = game.state
    c = words[1] if len(words) > 1 else "?"
    if c not in s.market_display:
        shown = ", ".join(s.market_display) or "none left"
        return f"only the market cards laid out this round are for sale ({shown}) (DG-MARKET-1, DG-LOC-6)"
    seat = s.buyers[0]
    price = game.decks.card(c).price or 0
    coins = s.heroes[seat].coins  # type: ignore[union-attr]
    return (f"the {game.tables.name[c]} costs {price} and the {game.player_name(seat)} has {coins} coin{'s' * (coins != 1)}: "
            "a character pays with its own coins (DG-MARKET-3)")


def _why_give(game: "DraghanGame", words: list[str]) -> str:
    s = game.state
    a = s.active
    if len(words) > 1 and words[1] in ("coin", "coins"):
        return "coins cannot be given; only one equipment card (DG-SHARE-1, DG-MARKET-3)"
    if len(words) != 3:
        return "a gift is 'give {card} {seat}' (DG-SHARE-1)"
    c, to = words[1], words[2]
    if c not in s.heroes[a].equipment:  # type: ignore[union-attr]
        return f"the active player gives one card of the active {game.player_name(a)}'s own, not {c} (DG-SHARE-1)"
    return (f"a card goes to another character in play, not to seat {to} (DG-SHARE-1, DG-INT-27)")


def _why_discard(game: "DraghanGame", words: list[str]) -> str:
    s = game.state
    seat = s.checkers[0]
    c = words[1] if len(words) > 1 else "?"
    hero = s.heroes[seat]
    if hero is None or c not in hero.equipment:
        return f"the {game.player_name(seat)} checks its own cards, and {c} is not one of them (DG-EQUIP-2, DG-INT-26)"
    slot = game.decks.card(c).slot
    return (f"the {game.player_name(seat)}'s {slot} cards are within the limit of 1 head, 1 torso and 2 hands: only "
            "cards above it are discarded (DG-EQUIP-1, DG-EQUIP-2)")
