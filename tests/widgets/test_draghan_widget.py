"""DraghanWidget driven as its front end drives it: intents, refusals, open views, the fight hint, bots, status."""

from __future__ import annotations

import json
import re

import pytest

import dragonwidgets
from dragonwidgets import ChasseAuDragonWidget, DraghanWidget, IllegalActionError, bot_names
from dragonwidgets.widgets import IntentError
from dragonwidgets.widgets.draghan import HINT_DECISIONS, fight_hint

from widget_helpers import intent, snapshot, synced_json

BOT = "planner" if "planner" in bot_names("draghan") else "random"
DECLARING = ("declare_target", "declare_equipment")


def _play_until(w, wanted, limit: int = 3000) -> None:
    """Let the bot play every seat until ``wanted(full observation, legal ids)`` holds."""
    seats = list(w.seats)
    w.seats = [BOT] * len(seats)
    for _ in range(limit):
        if w.game.is_over or wanted(w.game.observation(None), w.game.legal_action_ids()):
            break
        w.bot_step()
    w.seats = seats
    assert wanted(w.game.observation(None), w.game.legal_action_ids()), "never reached: pick another seed"


def _decision(name: str):
    return lambda obs, ids: obs["decision"] == name


def _widget_at(wanted, players: int = 3, seeds=range(1, 30), **kw) -> DraghanWidget:
    """A widget (every seat a person) at the first position where ``wanted`` holds, over seeds in turn."""
    for seed in seeds:
        w = DraghanWidget(players=players, seed=seed, first_player=0, **kw)
        seats = list(w.seats)
        w.seats = [BOT] * players
        while not w.game.is_over and not wanted(w.game.observation(None), w.game.legal_action_ids()):
            w.bot_step()
        w.seats = seats
        if wanted(w.game.observation(None), w.game.legal_action_ids()):
            return w
    raise AssertionError("no such position in these seeds")


@pytest.fixture
def w():
    """3 characters, every seat a person (solo), seed 30, seat 0 first: the setup's character choice."""
    return DraghanWidget(players=3, seed=30, first_player=0)


# ---------------------------------------------------------------------------- intents
def test_act_message_takes_a_step_and_republishes(w):
    assert w.observation["decision"] == "choose_character"
    choices = {a["id"]: a["targets"] for a in w.legal_actions}
    assert choices["choose CH1"] == ["card/CH1"]  # the card a click sends
    intent(w, "act", id="choose CH1")
    assert w.last_error == ""
    assert w.step == w.history_length == 1
    assert w.observation["heroes"][0]["card"] == "CH1"
    assert w.player_names == ["Elf", "Seat 2", "Seat 3"]
    assert w.game.history[0].action.id == "choose CH1"
    assert "choose CH1" not in [a["id"] for a in w.legal_actions]


def test_undo_and_goto_messages_rewind_to_the_same_views(w):
    start = w.observation
    intent(w, "act", id="choose CH2")
    after = w.observation
    intent(w, "act", id="choose CH3")
    intent(w, "act", id="choose CH5")
    assert w.observation["round"] == 1 and w.player_names == ["Dwarf", "Wizard", "Bard"]
    intent(w, "undo")
    assert w.last_error == "" and w.step == 2
    assert w.player_names == ["Dwarf", "Wizard", "Seat 3"]
    intent(w, "goto", step=1)
    assert w.last_error == "" and w.observation == after
    intent(w, "goto", step=0)
    assert w.last_error == "" and w.step == 0 and w.observation == start
    assert w.player_names == ["Seat 1", "Seat 2", "Seat 3"]
    assert w.history_length >= 3  # the undone steps can be redone
    intent(w, "goto", step=w.history_length)
    assert w.observation["heroes"][2]["card"] == "CH5"


@pytest.mark.parametrize(
    "content",
    [
        {"kind": "act", "id": "choose CH9"},  # no such character
        {"kind": "act", "id": "face D01"},  # no fight yet
        {"kind": "act", "id": "travel"},  # no portal turned up
        {"kind": "act", "id": "buy M01"},
        {"kind": "act", "id": 3},
        {"kind": "act"},
        {"kind": "act", "id": "choose CH1", "seat": 1},
        {"kind": "goto", "step": 99},
        {"kind": "undo"},  # nothing to undo at step 0
        {"kind": "set_seat", "seat": 0, "who": "oracle"},
        {"kind": "win"},
    ],
)
def test_forged_or_malformed_message_is_refused_and_changes_nothing(w, content):
    before = snapshot(w)
    w._handle_custom_msg(content, [])
    assert w.last_error
    assert snapshot(w) == before


def test_a_forged_fight_declaration_is_refused_and_changes_nothing():
    w = _widget_at(_decision("declare_target"))
    before = snapshot(w)
    table = [m["id"] for m in w.observation["table"]]
    for bad in ("face G1", "face D99", "use M01", "assist none", "done", f"face {table[0]} {table[0]}"):
        intent(w, "act", id=bad)
        assert w.last_error, bad
        assert snapshot(w) == before, bad


def test_an_illegal_act_names_the_legal_ones_and_the_state_stays(w):
    before = snapshot(w)
    intent(w, "act", id="choose CH7")
    assert "choose CH1" in w.last_error
    assert snapshot(w) == before
    with pytest.raises(IllegalActionError):
        w.act("choose CH7")


def test_act_from_another_seats_view_is_refused_without_listing_its_options(w):
    w.viewer = "1"  # seat 0 chooses first
    before = snapshot(w)
    intent(w, "act", id="choose CH1")
    assert "Seat 1" in w.last_error and "choose" not in w.last_error
    assert snapshot(w) == before
    assert w.legal_actions == [] and not w.can_act


def test_a_trait_write_from_the_browser_is_refused(w):
    before = snapshot(w)
    w.set_state({"observation": {"result": "won"}})
    assert "may not set observation" in w.last_error
    assert snapshot(w) == before


# ---------------------------------------------------------------------------- open views, hidden decks
@pytest.mark.parametrize("players,seed", [(2, 8), (3, 4), (4, 5)])
def test_a_seat_view_never_carries_the_decks_order(players, seed):
    """Section 7: every seat sees the same open table; the decks' order (``hidden``) reaches the
    browser only in the teacher's view."""
    w = DraghanWidget(players=players, seed=seed, seats=[BOT] * players)
    checked = 0
    while not w.game.is_over and checked < 25:
        for _ in range(7):
            if w.game.is_over:
                break
            w.bot_step()
        views = []
        for viewer in [*map(str, range(players)), "hotseat"]:
            w.viewer = viewer
            text = synced_json(w)
            obs = json.loads(text)["observation"]
            assert "hidden" not in obs and '"hidden"' not in text
            views.append({k: v for k, v in obs.items() if k != "viewer"})
        assert all(v == views[0] for v in views), "the seats' views differ"
        w.viewer = "teacher"
        full = w.observation
        assert set(full["hidden"]["decks"]) == set(full["deck_sizes"])
        assert {k: len(v) for k, v in full["hidden"]["decks"].items()} == full["deck_sizes"]
        assert {k: v for k, v in full.items() if k not in ("viewer", "hidden")} == views[0]
        checked += 1
    assert checked >= 5


def test_the_default_hotseat_view_lets_a_solo_player_decide_for_every_character():
    w = DraghanWidget(players=2, seed=5)
    assert w.viewer == "hotseat" and "hidden" not in w.observation
    seen = set()
    for _ in range(60):
        if w.game.is_over:
            break
        player = w.game.current_player
        assert w.can_act and w.view_seat == player, (player, w.status)
        seen.add(player)
        w.act(w.legal_actions[0]["id"])
    assert seen == {0, 1}


# ---------------------------------------------------------------------------- the fight hint
def _play_plan(game, plan: dict) -> list:
    """Play the hinted ``plan`` from the current declaration on a clone, up to this fight's end (not into the
    next round's declarations); return (clone, events)."""
    g = game.clone()
    dragon = next((m["id"] for m in g.observation(None)["table"] if m["dragon"]), None)
    as_id = lambda m: "none" if m is None else ("dragon" if m == dragon else m)  # noqa: E731
    events, fight = [], (g.state.round, g.state.realm)
    while g.observation(None)["decision"] in HINT_DECISIONS and (g.state.round, g.state.realm) == fight:
        obs = g.observation(None)
        seat = obs["declaring"]
        if obs["decision"] == "declare_target":
            action = f"face {as_id(plan['targets'].get(str(seat)))}"
        elif obs["decision"] == "declare_equipment":
            left = [c for c in plan["cards"].get(str(seat), []) if c not in obs["used"].get(str(seat), [])]
            action = f"use {left[0]}" if left else "done"
        else:
            action = f"assist {as_id(plan['assist'])}"
        events += g.apply(action)
    return g, events


def _check_plan(game, plan: dict) -> None:
    """The plan, played from here, defeats every monster but the dragon (and the dragon if it says so)."""
    g, events = _play_plan(game, plan)
    tested = [e for e in events if e.kind == "tested" and "monster" in e.data]
    if g.state.result != "won":  # the fight was tested (the dragon alone on the table leaves no monster event)
        assert any(e.kind == "tested" for e in events), plan
    assert all(e.data["defeated"] for e in tested), (plan["text"], [e.text for e in events])
    assert (g.state.result == "won") == plan["dragon"], (plan["text"], [e.text for e in events])
    assert not any(e.kind in ("wounded", "dropped_out") for e in events), plan["text"]


def test_the_hint_is_sent_during_the_declarations_only():
    w = DraghanWidget(players=3, seed=2, seats=[BOT] * 3)
    kinds = set()
    while not w.game.is_over:
        decision = w.observation["decision"]
        hint = w.observation["hint"]
        if decision in HINT_DECISIONS:
            kinds.add(decision)
            assert set(hint) == {"plans", "count", "note"} and len(hint["plans"]) <= 3
            assert hint["count"] >= len(hint["plans"])
            cards = [{(s, c) for s, cs in p["cards"].items() for c in cs} for p in hint["plans"]]
            for i, a in enumerate(hint["plans"]):  # no plan spends a card another plan shows needless
                assert not any(b["targets"] == a["targets"] and b["assist"] == a["assist"] and cards[j] < cards[i]
                               and b["dragon"] >= a["dragon"] for j, b in enumerate(hint["plans"])), hint
        else:
            assert hint is None, decision
        w.bot_step()
    assert w.observation["hint"] is None
    assert {"declare_target", "declare_equipment"} <= kinds


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (3, 6), (4, 3)])  # (4, 3): seed 2 plays few fights since the keyed reshuffle
def test_each_hinted_plan_defeats_every_monster_when_played(players, seed):
    """At every decision of the fight the hinted plans, played from there, defeat every monster but
    the dragon (DG-RESULT-7, DG-DRAGON-7) and the dragon when they say so; a hint with no plan means
    no plan from the round's start does it either."""
    w = DraghanWidget(players=players, seed=seed, seats=[BOT] * players)
    plans_checked = rounds = 0
    while not w.game.is_over:
        obs = w.observation
        if obs["decision"] in HINT_DECISIONS:
            hint = obs["hint"]
            for plan in hint["plans"]:
                _check_plan(w.game, plan)
                plans_checked += 1
            if obs["decision"] == "declare_target" and not obs["targets"] and obs["declaring"] == obs["active_player"]:
                rounds += 1
                every = [p for p in w.game.fight_plans() if p.all_defeated]
                assert hint["count"] == len(every)
                assert hint["plans"] == [] if not every else hint["plans"]
        w.bot_step()
    assert plans_checked > 5 and rounds > 3


def _first_declaration_with_a_plan_for_the_declarer() -> DraghanWidget:
    """A widget at a round's first declaration whose hint places the declaring character."""
    for seed in range(1, 40):
        w = DraghanWidget(players=3, seed=seed, seats=[BOT] * 3)
        while not w.game.is_over:
            obs = w.observation
            if obs["decision"] == "declare_target" and not obs["targets"] and len(obs["table"]) >= 2 and any(
                    str(obs["declaring"]) in p["targets"] for p in obs["hint"]["plans"]):
                w.seats = ["human"] * 3
                return w
            w.bot_step()
    raise AssertionError("no such position in these seeds")


def test_the_hint_follows_the_declarations_made():
    """Once a character faces the monster a plan gives it, every plan shown keeps it there, as played
    from here; a character that goes where no plan sends it is shown there in every plan left."""
    w = _first_declaration_with_a_plan_for_the_declarer()
    seat = w.game.current_player
    hint = w.observation["hint"]
    best = next(p for p in hint["plans"] if str(seat) in p["targets"])
    w.act(f"face {best['targets'][str(seat)]}")
    after = w.observation["hint"]
    assert after["plans"], after
    for plan in after["plans"]:
        assert plan["targets"][str(seat)] == best["targets"][str(seat)]
        _check_plan(w.game, plan)
    w.undo()
    faced = {p["targets"].get(str(seat)) for p in hint["plans"]}
    other = next((m["id"] for m in w.observation["table"] if m["id"] not in faced and not m["dragon"]), None)
    w.act("face none" if other is None else f"face {other}")
    left = w.observation["hint"]
    for plan in left["plans"]:
        assert plan["targets"].get(str(seat)) == other
        _check_plan(w.game, plan)


def test_the_hint_of_the_rules_example_r2_variant():
    """Digest R2 (variant): Elf and Wizard against a goblin and a stronger monster: the Wizard's card
    makes both fall (seed 6 deals a Goblin S and the Puzzle Golem SCKK, the Wizard holds a War Hammer)."""
    w = DraghanWidget(players=2, seed=6, first_player=0)
    w.act("choose CH1")
    w.act("choose CH3")
    hint = w.observation["hint"]
    assert hint["count"] == 1 and hint["note"] == "1 plan from here defeats every monster."
    [plan] = hint["plans"]
    assert plan == {"targets": {"0": "D01", "1": "D15"}, "cards": {"1": ["M04"]}, "assist": None, "dragon": False,
                    "text": "Elf → Goblin, Wizard + War Hammer → Puzzle Golem"}
    _check_plan(w.game, plan)
    w.act("face D15")
    assert w.observation["hint"] == {"plans": [], "count": 0,
                                     "note": "No plan from here defeats every monster: the Elf will be wounded."}


def test_an_assist_plan_names_the_location():
    """DG-LOC-3: a plan may give the assist location's icons to one monster; the hint names it."""
    found = w = None
    for seed in range(1, 30):
        w = DraghanWidget(players=3, seed=seed, seats=[BOT] * 3)
        while not w.game.is_over and found is None:
            found = next((p for p in (w.observation["hint"] or {}).get("plans", []) if p["assist"]), None)
            if found is None:
                w.bot_step()
        if found:
            break
    assert found, "no assist plan in these games"
    location = w.board["cards"][w.observation["location"]]["name"]
    assert f"{location} ({w.observation['assist']}) → " in found["text"]
    _check_plan(w.game, found)


def test_the_endgame_hint_says_whether_the_dragon_falls():
    w = _widget_at(lambda o, ids: o["dragon"] is not None and o["decision"] == "declare_target")
    hint = w.observation["hint"]
    for plan in hint["plans"]:
        assert plan["text"].endswith(": the dragon falls") == plan["dragon"]
        assert plan["text"].endswith(" (the dragon survives)") != plan["dragon"]
        _check_plan(w.game, plan)


def test_fight_hint_is_none_outside_a_fight_and_spares_a_crowded_table():
    game = dragonwidgets.new_game("draghan", players=2, seed=1)
    assert fight_hint(game, game.observation(0)) is None
    obs = {"decision": "declare_target", "active_player": 0, "declaring": 0, "heroes": [{"wounded": True}, None],
           "table": [{"id": "D01", "dragon": False}, {"id": "D02", "dragon": False}], "assist": "", "targets": {},
           "used": {}, "location": None, "dragon": None}
    hint = fight_hint(game, obs, plans=["never looked at"])
    assert hint == {"plans": [], "count": 0,
                    "note": "No plan from here defeats every monster: the Seat 1 will be wounded again and drop out."}


# ---------------------------------------------------------------------------- bots
@pytest.mark.parametrize("players,seed,seats", [(2, 1, None), (3, 2, None), (4, 3, None), (3, 4, ["random"] * 3)])
def test_bots_play_a_whole_game_with_bot_step(players, seed, seats):
    w = DraghanWidget(players=players, seed=seed, seats=seats or [BOT] * players)
    for _ in range(5000):
        if w.game.is_over:
            break
        w.bot_step()
    assert w.game.is_over
    assert re.match(r"^Game over: the team (wins \(the .+ is defeated in round \d+\)|loses: .+)\.$", w.status), w.status
    assert w.legal_actions == [] and not w.can_act
    assert w.observation["hint"] is None
    assert w.observation["outcome"]["winners"] == w.game.winners()
    assert (w.observation["result"] == "won") == bool(w.game.winners())
    with pytest.raises(IntentError, match="over"):
        w.bot_step()


def test_bot_step_message_plays_the_bot_seat_and_refuses_a_person(w):
    intent(w, "bot_step")
    assert "played by a person" in w.last_error and w.step == 0
    intent(w, "set_seat", seat=0, who=BOT)
    intent(w, "bot_step")
    assert w.last_error == "" and w.step == 1
    assert w.game.history[0].action.kind == "choose_character"


# ---------------------------------------------------------------------------- status
def test_status_during_setup_and_the_first_declaration(w):
    assert w.status == "Setting up · Seat 1 chooses a character."
    w.act("choose CH1")
    assert w.status == "Setting up · Seat 2 chooses a character."
    w.act("choose CH3")
    w.act("choose CH2")
    assert w.observation["round"] == 1
    assert re.match(r"^Round 1 · Draghan · the (Elf|Wizard|Dwarf) ", w.status), w.status


@pytest.mark.parametrize(
    "decision,words,kw",
    [
        ("declare_target", r"the (\w+) chooses which monster to face", {}),
        ("declare_equipment", r"the (\w+) faces the .+: which equipment to use", {}),
        ("assign_assist", r"the (\w+) gives the .+'s [SCK]+ to one monster", {}),
        ("portal_choice", r"the team may travel to the Shadow Realm \(portal [12] of 3; the \w+ decides\)", {}),
        ("gold", r"the (\w+) shares out the odd coins", {}),
        ("buy", r"the (\w+) may buy at the market \(\d+ coins?\)", {}),
        ("share", r"the (\w+) may give one card to another character", {}),
        ("equipment_check", r"the (\w+) carries too much and must discard", {}),
        ("heal_2", r"the (\w+) is wounded and may play a healing card again", {}),
        ("theft", r"a thief takes a random card from the \w+", {"chance": "manual"}),
        ("draw_dragon", r"the dragon appears: a large dragon card is drawn", {"chance": "manual"}),
    ],
)
def test_status_of_each_decision_in_the_games_words(decision, words, kw):
    w = _widget_at(_decision(decision), **kw)
    obs = w.observation
    realm = {"draghan": "Draghan", "shadow": "Shadow Realm"}[obs["realm"]]
    assert re.match(rf"^Round {obs['round']} · {realm} · {words}\.", w.status), w.status
    if w.game.current_player == -1:  # only the teacher's view picks a chance outcome (issue 27 item 1)
        assert w.status.endswith("Chance decides: the teacher picks the outcome; this view waits.")
        w.viewer = "teacher"
        assert w.status.endswith("Chance decides: pick an outcome or roll at random.")


def test_status_of_a_replacement_names_the_seat():
    w = _widget_at(_decision("replace"), players=2)
    seat = w.observation["active_player"]
    assert w.player_names[seat] == f"Seat {seat + 1}"
    assert w.status.endswith(f"· Seat {seat + 1} takes a new character.")
    new = w.legal_actions[0]["id"].split()[1]
    w.act(f"replace {new}")
    assert w.player_names[seat] == w.board["cards"][new]["name"]


def test_status_when_a_bot_decides_and_in_another_seats_view():
    w = DraghanWidget(players=2, seed=3, first_player=0, seats=["human", BOT])
    w.act("choose CH1")
    assert w.status == f"Setting up · Seat 2 chooses a character. Seat 2 is played by the {BOT} bot: the bots are playing."
    w.bot_step()
    w.viewer = "1"
    if w.game.current_player == 0:
        assert w.status.endswith("Waiting for Elf (not this view's decision).")


def test_status_at_the_end_won_and_lost():
    won = _widget_at(lambda o, ids: o["result"] == "won")
    reason = won.game.outcome().reason
    dragon = won.board["cards"][won.observation["dragon"]]["name"]
    assert won.status == f"Game over: the team wins (the {dragon} is defeated in round {won.observation['round']})."
    assert "defeated" in reason
    lost = _widget_at(lambda o, ids: o["result"] == "lost", players=2)
    assert lost.status == f"Game over: the team loses: {lost.game.outcome().reason}."
    assert re.search(r"\(DG-END-[234]\)\.$", lost.status)
    assert lost._situation().startswith("The team loses: ") and won._situation() == "The team wins!"


# ---------------------------------------------------------------------------- construction
def test_the_widget_is_exported_and_loads_its_own_bundle():
    assert dragonwidgets.DraghanWidget is DraghanWidget
    assert "DraghanWidget" in dragonwidgets.__all__
    w = DraghanWidget(players=2, seed=1)
    assert w.game_name == "draghan" and w.game.players == 2 and w.seats == ["human", "human"]
    assert w.player_names == ["Seat 1", "Seat 2"]
    assert set(w.board["cards"]) >= {"CH1", "M02", "D08", "S01", "G3", "L04", "V02"}
    esm = str(w._esm)  # the built bundle's text, or the stub saying how to build it
    assert "dw-dg-board" in esm or "static/draghan.js is not built" in esm
    assert repr(w).startswith("Draghan, 2 characters")


def test_an_existing_game_can_be_shown_and_options_pass_through():
    game = dragonwidgets.new_game("draghan", players=4, seed=9)
    w = DraghanWidget(game=game, seats=["human", BOT, BOT, "random"])
    assert w.game is game and len(w.seats) == 4
    dealt = DraghanWidget(players=3, seed=1, first_player=2, character_choice="random", viewer="teacher")
    assert dealt.observation["decision"] != "choose_character" and dealt.observation["active_player"] == 2
    assert "hidden" in dealt.observation
    assert all(not name.startswith("Seat") for name in dealt.player_names)


@pytest.mark.parametrize(
    "kwargs,error,match",
    [
        ({"dragons": 2}, TypeError, "unexpected keyword argument.*'dragons'.*assist_alone"),
        ({"game": "x", "seed": 3}, TypeError, "leave out players, seed"),
        ({"players": 5}, ValueError, "4"),
        ({"portal_decision_time": "never"}, ValueError, "portal_decision_time"),
        ({"seats": ["human", "oracle", "human"]}, Exception, "oracle"),
        ({"viewer": "teacher's pet"}, Exception, "viewer"),
    ],
)
def test_bad_construction_is_refused_with_a_message(kwargs, error, match):
    with pytest.raises(error, match=match):
        DraghanWidget(**kwargs)


def test_a_game_of_another_kind_is_refused():
    with pytest.raises(TypeError, match="Draghan game, got 'chasse_au_dragon'"):
        DraghanWidget(game=dragonwidgets.new_game("chasse_au_dragon", players=3, seed=1))
    assert ChasseAuDragonWidget  # the other game's widget is untouched
