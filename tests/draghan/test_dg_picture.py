"""Draghan's static picture (``picture.board_svg``, issue 14 item 3): an SVG of the card table drawn from the
observation, shown where no front end runs. It must parse, show what the observation holds (the characters
with their side, icons, coins and equipment, the monsters with their need and the icons placed, the dragon,
the market, the decks' sizes, the round and the result) and nothing a seat may not see: Draghan is open, only
the decks' order is hidden (digest section 7), and only the teacher's picture names the decks' next cards.

``DraghanGame._picture`` is not wired yet: the tests call ``picture.board_svg(game.observation(view),
game.board_layout())``; the widget's test runs once ``game.picture`` draws it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from picture_checks import (
    SVG,
    assert_plain_svg,
    assert_seat_pictures_blind_to_hidden,
    assert_widget_carries_picture,
    first_reaching,
    svg_texts,
    svg_titles,
)
from random_play import random_prefix

from dragonwidgets import DraghanWidget
from dragonwidgets.engine.game import Game
from dragonwidgets.games.draghan import picture
from dragonwidgets.games.draghan.game import DraghanGame

NAME = "draghan"
WIRED = DraghanGame._picture is not Game._picture
VIEW_BOX = re.compile(r"^0 0 1000 (\d+)$")
MONSTER = re.compile(r"^(.+) \(([A-Z]\d+)\): needs (.+?); placed (\d+) strength, (\d+) charm, (\d+) knowledge; "
                     r"(faced by .+?|nobody faces it)(?:;|$)")
DRAGON = re.compile(r"^The dragon(?:: (.+) \((G\d+)\))?, needs (.+?); placed (\d+) strength, (\d+) charm, "
                    r"(\d+) knowledge; (faced by .+?|nobody faces it); (.+)$")
HERO = re.compile(r"^(.+) \(seat (\d)\): (healthy|wounded) side up, shows (.+?); (?:healthy|wounded) side .+?; "
                  r"(\d+) coin\(s\)")
EQUIPMENT = re.compile(r"^(.+) \(([A-Z]\d+)\) · ")
CHARACTER = re.compile(r"^(.+) \((CH\d)\): healthy ")
DECK = re.compile(r"^(.+): (\d+) card\(s\), face (down|up)")


def _picture(game: Game, view: int | None) -> str:
    """The view's picture, as ``DraghanGame._picture`` is to draw it."""
    return picture.board_svg(game.observation(view), game.board_layout())


def _groups(svg: str | ET.Element) -> list[tuple[str, ET.Element]]:
    """Every ``<g>`` whose first child is a ``<title>``: its title and the group, in document order."""
    out = []
    for g in (ET.fromstring(svg) if isinstance(svg, str) else svg).iter(f"{SVG}g"):
        if len(g) and g[0].tag == f"{SVG}title":
            out.append((g[0].text or "", g))
    return out


def _matching(svg: str | ET.Element, pattern: re.Pattern) -> list[tuple[re.Match, ET.Element]]:
    return [(m, g) for title, g in _groups(svg) if (m := pattern.match(title))]


def _words(icons: str) -> str:
    return ", ".join(f"{icons.count(s)} {w}" for s, w in picture.SKILLS if s in icons) or "no icon"


def _obs_table(game: Game):
    return game.observation(0)["table"]


GAMES = [random_prefix(NAME, 2, 1, 0), random_prefix(NAME, 3, 2, 30), random_prefix(NAME, 4, 3, 25),
         random_prefix(NAME, 4, 5, 10_000)]
KIT = first_reaching(NAME, 4, lambda g: g.state.phase == "declare_equipment"
                     and max(len(h.equipment) for h in g.state.heroes if h) >= 3)
MARKET = first_reaching(NAME, 3, lambda g: g.state.phase == "buy" and bool(g.state.market_display))
DRAGON_UP = first_reaching(NAME, 2, lambda g: g.state.dragon is not None and g.state.phase == "declare_target")


def _ids(g: Game) -> str:
    return f"{g.players}p-step{g.step}"


@pytest.mark.parametrize("game", GAMES + [KIT, MARKET, DRAGON_UP], ids=_ids)
def test_picture_is_plain_svg_with_a_title_and_viewbox(game):
    """Every view's picture is one XML ``<svg>`` 1000 units wide with a viewBox and a first-child title, no
    script, no CSS variable, no external resource, and under 60 kB."""
    for view in [None, *range(game.players)]:
        svg = _picture(game, view)
        box = ET.fromstring(svg).get("viewBox")
        assert VIEW_BOX.match(box) and 300 < int(VIEW_BOX.match(box).group(1)) < 1600
        assert_plain_svg(svg, box, "Draghan: ")


@pytest.mark.parametrize("game", [*GAMES[1:3], KIT, DRAGON_UP], ids=_ids)
def test_DG_FIGHT_6_each_monster_is_drawn_with_its_need_and_the_icons_placed(game):
    """Every monster on the table is drawn once with the icons it needs and those placed at it (DG-FIGHT-6):
    a filled chip per needed icon matched, a hollow one per icon missing (DG-FIGHT-7), and who faces it."""
    svg = _picture(game, 1)
    table = [m for m in _obs_table(game) if not m["dragon"]]
    drawn = _matching(svg, MONSTER)
    assert sorted(m.group(2) for m, _ in drawn) == sorted(t["id"] for t in table)
    assert table, "the test needs a monster on the table"
    colours = set(picture.SKILL_COLOURS.values())
    for m, g in drawn:
        entry = next(t for t in table if t["id"] == m.group(2))
        assert m.group(3) == _words(entry["req"])
        assert [int(m.group(k)) for k in (4, 5, 6)] == entry["placed"]
        need = [entry["req"].count(s) for s, _ in picture.SKILLS]
        fills = [c.get("fill") for c in g.findall(f"{SVG}circle")]
        assert sum(f in colours for f in fills) == sum(map(min, need, entry["placed"]))
        assert fills.count("#ffffff") == sum(max(0, n - p) for n, p in zip(need, entry["placed"]))
        names = [game.player_name(seat) for seat in entry["facing"]]
        if names or game.observation(1)["assist_target"] == entry["id"]:
            assert m.group(7).startswith("faced by ") and all(n in m.group(7) for n in names)
        else:
            assert m.group(7) == "nobody faces it"


def test_DG_DRAGON_1_the_dragon_is_drawn_with_its_large_card_and_its_protectors():
    """The dragon card on the table shows the large dragon drawn for it (DG-DRAGON-1), its need and how
    many monsters still protect it (DG-DRAGON-5)."""
    obs = DRAGON_UP.observation(0)
    svg = _picture(DRAGON_UP, 0)
    [(m, _)] = _matching(svg, DRAGON)
    big = DRAGON_UP.board_layout()["cards"][obs["dragon"]]
    entry = next(t for t in obs["table"] if t["dragon"])
    assert (m.group(1), m.group(2), m.group(3)) == (big["name"], obs["dragon"], _words(entry["req"]))
    others = len(obs["table"]) - 1
    assert m.group(8) == (f"protected: {others} other monster{'s' * (others != 1)} must fall first (DG-DRAGON-5)"
                          if others else "no other monster protects it")
    texts = svg_texts(svg)
    assert "THE DRAGON" in texts and big["name"] in texts


@pytest.mark.parametrize("game", [GAMES[2], KIT, MARKET], ids=_ids)
def test_DG_SOLO_2_each_character_with_its_side_icons_coins_and_equipment_by_slot(game):
    """One panel per seat: the character's side up and the icons it shows (DG-WOUND-1), its coins and its
    own equipment (DG-SOLO-2), grouped by body slot against the limits (DG-EQUIP-1)."""
    obs = game.observation(0)
    layout = game.board_layout()
    cards = layout["cards"]
    heroes = _matching(_picture(game, 0), HERO)
    assert sorted(int(m.group(2)) - 1 for m, _ in heroes) == [i for i, h in enumerate(obs["heroes"]) if h]
    for m, g in heroes:
        hero = obs["heroes"][int(m.group(2)) - 1]
        assert m.group(1) == cards[hero["card"]]["name"]
        assert (m.group(3) == "wounded") == hero["wounded"]
        assert m.group(4) == _words(hero["shows"])
        assert int(m.group(5)) == hero["coins"]
        kit = [e.group(2) for e, _ in ((EQUIPMENT.match(t.text or ""), t) for t in g.iter(f"{SVG}title")) if e]
        assert sorted(kit) == sorted(hero["equipment"])
        texts = [t.text for t in g.iter(f"{SVG}text")]
        for slot in picture.SLOTS:
            n = sum(cards[c]["slot"] == slot for c in hero["equipment"])
            assert f"{slot.upper()} {n}/{layout['limits'][slot]}" in texts
        assert str(hero["coins"]) in texts


def test_DG_MARKET_1_the_market_display_with_prices_and_the_set_aside_characters():
    """While a market is open its cards are for sale with their prices (DG-MARKET-1); the set-aside
    characters wait beside the table with both sides (DG-SETUP-6)."""
    obs = MARKET.observation(2)
    cards = MARKET.board_layout()["cards"]
    svg = _picture(MARKET, 2)
    assert "MARKET · FOR SALE AFTER THE FIGHT" in svg_texts(svg)
    root = ET.fromstring(svg)
    in_panels = {id(e) for _, hero in _matching(root, HERO) for e in hero.iter(f"{SVG}g")}
    on_table = {m.group(2): g for m, g in _matching(root, EQUIPMENT) if id(g) not in in_panels}
    assert sorted(on_table) == sorted(obs["market_display"] + obs["revealed_equipment"]) and obs["market_display"]
    for cid in obs["market_display"]:
        g = on_table[cid]
        assert f"price {cards[cid]['price']}" in g[0].text
        assert str(cards[cid]["price"]) in [t.text for t in g.iter(f"{SVG}text")]
    aside = [m.group(2) for m, _ in _matching(svg, CHARACTER)]
    assert aside == obs["set_aside"] and aside


def test_DG_ROUND_1_the_round_phase_realm_location_and_supply_are_shown():
    """The headline says the round, the realm and who decides; the phase track marks the decision's phase
    (DG-ROUND-1); the realm, the location with its ability (DG-LOC-1) and the coin supply are drawn."""
    game = KIT
    obs = game.observation(3)
    cards = game.board_layout()["cards"]
    svg = _picture(game, 3)
    titles = svg_titles(svg)
    seat = obs["declaring"]
    head = f"Round {obs['round']} · {picture.REALMS[obs['realm']]} · the {game.player_name(seat)} faces "
    assert titles[0].startswith(f"Draghan: {head}")
    assert "Phase now: fight" in titles
    assert any(t.startswith(f"The team is in {picture.REALMS[obs['realm']]}") for t in titles)
    loc = cards[obs["location"]]
    assert any(t.startswith(f"Location {loc['name']} ({obs['location']}): {loc['ability']}") for t in titles)
    assert f"The coins in the supply: {obs['supply']} (DG-INT-24)" in titles


@pytest.mark.parametrize("game", GAMES[1:3] + [KIT], ids=_ids)
def test_section_7_seats_see_the_decks_sizes_only_the_teacher_their_next_cards(game):
    """Each deck is drawn with its size (public); a seat's picture names no card of a face-down deck, the
    teacher's names each ordered deck's next card and its order as the tooltip (digest section 7)."""
    full = game.observation(None)
    cards = game.board_layout()["cards"]
    labels = dict(picture.DECKS)
    for view in range(game.players):
        svg = _picture(game, view)
        decks = {m.group(1): int(m.group(2)) for m in map(DECK.match, svg_titles(svg)) if m}
        assert decks == {**{labels[k]: n for k, n in full["deck_sizes"].items() if k in labels},
                         "Discard pile": len(full["discard"])}
        assert not any(t.startswith("next: ") for t in svg_texts(svg)) and "in order" not in svg
    teacher = svg_texts(_picture(game, None))
    shown = [k for k in picture.ORDERED_DECKS if full["hidden"]["decks"][k]]
    assert shown
    nexts = [t[len("next: "):] for t in teacher if t.startswith("next: ")]
    assert len(nexts) == len(shown)
    for key, drawn in zip(shown, nexts):  # in the decks' order, a long name cut with an ellipsis
        top = cards[full["hidden"]["decks"][key][0]]["name"]
        assert drawn == top or (drawn.endswith("…") and top.startswith(drawn[:-1]))


@pytest.mark.parametrize("game", GAMES[1:3] + [KIT], ids=_ids)
def test_section_7_a_seat_picture_is_the_same_for_tables_differing_only_in_the_decks_order(game):
    """``determinize(seat)`` reorders the face-down decks: every seat's picture stays identical, while the
    teacher's picture of the reordered table differs (its next cards)."""
    assert_seat_pictures_blind_to_hidden(game, 7, _picture)


def test_DG_FIGHT_1_the_picture_follows_the_table_a_declaration_shows_at_once():
    """A character declared at a monster (DG-FIGHT-1, public: DG-FIGHT-10) is drawn facing it at once: the
    monster's 'faced by' and the character's fight line change, nothing else of the table does."""
    game = first_reaching(NAME, 3, lambda g: g.state.phase == "declare_target" and len(g.state.table) >= 2)
    seat = game.observation()["declaring"]
    target = next(m["id"] for m in _obs_table(game) if not m["dragon"] and not m["facing"])
    before = _picture(game, 0)
    game.apply(f"face {target}")
    after = _picture(game, 0)
    assert after != before
    name = game.player_name(seat)
    was = {m.group(2): m.group(7) for m, _ in _matching(before, MONSTER)}
    now = {m.group(2): m.group(7) for m, _ in _matching(after, MONSTER)}
    assert was[target] == "nobody faces it" and now[target] == f"faced by {name}"
    assert {k: v for k, v in now.items() if k != target} == {k: v for k, v in was.items() if k != target}
    hero = next(g[0].text for m, g in _matching(after, HERO) if int(m.group(2)) == seat + 1)
    assert f"; faces {game.board_layout()['cards'][target]['name']}" in hero


def test_DG_END_1_a_finished_game_shows_the_result():
    """Once over, the headline and a banner say whether the team won or lost and why (DG-END-1..4)."""
    game = GAMES[-1]
    assert game.is_over
    out = game.outcome()
    texts = svg_texts(_picture(game, 1))
    won = "The team wins" if out.winners else "The team loses"
    assert texts[0].startswith(f"Game over: {won}: {out.reason}")
    assert f"{won}{'!' if out.winners else ''} · {out.reason}" in texts
    assert f"Round {game.observation()['round']} · game over" in texts


def test_DG_WOUND_5_an_empty_seat_says_why_it_is_empty():
    """DG-SETUP-6, DG-WOUND-5, DG-WOUND-6, DG-END-1: an empty seat has no character yet while setting up (round 0);
    after set-up its character dropped out in the Shadow Realm, and it shares the team's win, but not a loss (a
    lost game showed every seat as "no character yet")."""
    from dragonwidgets.games.draghan.picture_heroes import _empty_seat_words

    setting_up = DraghanGame(players=3, seed=1, first_player=0)
    setting_up.apply("choose CH1")
    texts = " ".join(svg_texts(_picture(setting_up, 0)))  # seat 1 chose; seats 2 and 3 have not yet
    assert "no character yet" in texts and "out of the game" not in texts
    for result, words in (("running", "out of the game (dropped out in the Shadow Realm); still shares the team's win"),
                          ("won", "out of the game (dropped out in the Shadow Realm); shares the team's win"),
                          ("lost", "out of the game (dropped out in the Shadow Realm)")):
        assert _empty_seat_words({"round": 4, "result": result}) == words
    assert _empty_seat_words({"round": 0, "result": "running"}) == "no character yet"


@pytest.mark.skipif(not WIRED, reason="DraghanGame._picture is not wired to picture.board_svg yet")
def test_game_picture_and_the_widget_display_data_carry_the_picture():
    """``game.picture(view)`` is this picture, and a widget's ``_repr_mimebundle_`` adds it as ``text/html``."""
    game = GAMES[2]
    for view in (None, 0, 3):
        assert game.picture(view) == _picture(game, view)
    assert_widget_carries_picture(DraghanWidget, 3, 1)


def test_dg_round_1_every_decision_of_a_round_lights_its_phase_manual_draws_included():
    """DG-ROUND-1: under manual chance (the teacher turns up locations, the market and encounters), every
    decision after the set-up lights one phase of the round on the picture's track, as on the widget's:
    a location or market draw is phase 2, an encounter phase 3, a replacement's card phase 4; only the
    set-up's choices (round 0) light none."""
    import random

    import dragonwidgets
    from dragonwidgets.games.draghan.picture_pieces import phase_of

    seen = set()
    for seed in range(6):
        game, rng = dragonwidgets.new_game("draghan", players=2, seed=seed, chance="manual"), random.Random(seed)
        while not game.is_over:
            obs = game.observation(None)
            seen.add(obs["decision"])
            assert (phase_of(obs) is None) == (obs["round"] == 0), (obs["decision"], obs["round"])
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    assert {"reveal_location", "draw_market", "reveal_encounter"} <= seen
    assert phase_of({"decision": "reveal_location", "round": 2, "table": []}) == "location"
    assert phase_of({"decision": "reveal_encounter", "round": 2, "table": []}) == "fight"
    assert phase_of({"decision": "join_card", "round": 3, "table": []}) == "result"
