"""ChasseAuDragonWidget driven as its front end drives it: intents, refusals, hidden zones, bots, odds, status."""

from __future__ import annotations

import json
import re

import pytest

import dragonwidgets
from dragonwidgets import ChasseAuDragonWidget, DrachenlandWidget, IllegalActionError, bot_names
from dragonwidgets.games.chasse_au_dragon.dice import duel_odds
from dragonwidgets.widgets import IntentError
from dragonwidgets.widgets.chasse_au_dragon import fight_odds

from widget_helpers import intent, snapshot, synced_json

BOT = "greedy" if "greedy" in bot_names("chasse_au_dragon") else "random"
HIDDEN_ZONES = ("backpack", "vault", "cage", "dungeon", "quarters", "wealth")


def _play_until(w, wanted, limit: int = 6000) -> None:
    """Let the bot play every seat until ``wanted(full observation, legal ids)`` holds."""
    seats = list(w.seats)
    w.seats = [BOT] * len(seats)
    for _ in range(limit):
        if wanted(w.game.observation(None), w.game.legal_action_ids()):
            break
        w.bot_step()
    w.seats = seats
    assert wanted(w.game.observation(None), w.game.legal_action_ids()), "never reached: pick another seed"


def _decision(name: str):
    return lambda obs, ids: obs["decision"] == name


def _close(entry: dict, mine: int, theirs: int) -> None:
    win, tie, loss = duel_odds(mine, theirs)
    assert entry["faces"] == [mine, theirs]
    assert entry["win"] == pytest.approx(win, abs=1e-10)
    assert entry["tie"] == pytest.approx(tie, abs=1e-10)
    assert entry["loss"] == pytest.approx(loss, abs=1e-10)


@pytest.fixture
def w():
    """3 players, every seat a person, seed 1, White first: White stands on its camp 3,0."""
    return ChasseAuDragonWidget(players=3, seed=1, first_player=0)


# ---------------------------------------------------------------------------- intents
def test_act_message_takes_a_step_and_republishes(w):
    assert w.observation["positions"][0] == "3,0"
    steps = {a["id"]: a["targets"] for a in w.legal_actions if a["kind"] == "step"}
    assert steps["step 3,1"] == ["3,1"]  # the square a click sends
    intent(w, "act", id="step 3,1")
    assert w.last_error == ""
    assert w.step == w.history_length >= 1
    assert w.observation["positions"][0] == "3,1"
    assert w.game.history[0].action.id == "step 3,1"


def test_undo_and_goto_messages_rewind_to_the_same_views(w):
    start = w.observation
    intent(w, "act", id="step 4,1")
    after = w.observation
    n = w.step
    intent(w, "act", id=w.legal_actions[0]["id"])
    intent(w, "undo")
    assert w.last_error == "" and w.step == n and w.observation == after
    intent(w, "goto", step=0)
    assert w.last_error == "" and w.step == 0 and w.observation == start
    assert w.history_length > n  # the undone steps can be redone
    intent(w, "goto", step=n)
    assert w.observation["positions"][0] == "4,1"


@pytest.mark.parametrize(
    "content",
    [
        {"kind": "act", "id": "step 9,9"},  # off the board
        {"kind": "act", "id": "step 3,2"},  # two squares away: not a king step
        {"kind": "act", "id": "fight"},  # no monster revealed yet
        {"kind": "act", "id": "duel 1"},  # nobody on White's square
        {"kind": "act", "id": "deposit dragon"},
        {"kind": "act", "id": 3},
        {"kind": "act"},
        {"kind": "act", "id": "step 3,1", "seat": 0},
        {"kind": "goto", "step": 99},
        {"kind": "undo"},  # nothing to undo at step 0
        {"kind": "teleport", "square": "3,3"},
    ],
)
def test_forged_or_malformed_message_is_refused_and_changes_nothing(w, content):
    before = snapshot(w)
    w._handle_custom_msg(content, [])
    assert w.last_error
    assert snapshot(w) == before


def test_an_illegal_act_names_the_legal_ones_and_the_state_stays(w):
    before = snapshot(w)
    intent(w, "act", id="step 5,5")
    assert "step 3,1" in w.last_error
    assert snapshot(w) == before
    with pytest.raises(IllegalActionError):
        w.act("step 5,5")


def test_act_from_another_seats_view_is_refused_without_listing_its_options(w):
    w.viewer = "1"  # White (seat 0) decides
    before = snapshot(w)
    intent(w, "act", id="step 3,1")
    assert "White" in w.last_error and "step" not in w.last_error
    assert snapshot(w) == before
    assert w.legal_actions == [] and not w.can_act


def test_a_trait_write_from_the_browser_is_refused(w):
    before = snapshot(w)
    w.set_state({"observation": {"boards": [{"vault": {"dragon": 4}}]}})
    assert "may not set observation" in w.last_error
    assert snapshot(w) == before


# ---------------------------------------------------------------------------- hidden information
@pytest.mark.parametrize("players,seed", [(3, 2), (4, 5), (2, 7)])
def test_a_seat_view_never_carries_the_others_hidden_zones_nor_the_piles(players, seed):
    """CD-ZONE-7, section 7: another seat's backpack and vault (face down), exact cage and dungeon
    counts and quarters never reach the browser; neither does ``hidden`` (every pile's order)."""
    w = ChasseAuDragonWidget(players=players, seed=seed, seats=[BOT] * players, max_rounds=60)
    checked = 0
    for _ in range(12):
        for _ in range(40):
            if w.game.is_over:
                break
            w.bot_step()
        if w.game.is_over:
            break
        full = w.game.observation(None)
        for seat in range(players):
            w.viewer = str(seat)
            text = synced_json(w)
            obs = json.loads(text)["observation"]
            assert "hidden" not in obs and '"hidden"' not in text
            assert obs["viewer"] == seat
            for other, board in enumerate(obs["boards"]):
                if other == seat:
                    assert board["backpack"] == full["boards"][seat]["backpack"]
                    assert board["cage"] == full["boards"][seat]["cage"]
                    continue
                assert all(board[zone] is None for zone in HIDDEN_ZONES), (seat, other, board)
                assert set(board["thickness"].values()) <= {"empty", "thin", "medium", "thick"}
                # public: equipment and pantry (face up, CD-ZONE-5/6)
                assert board["equipment"] == full["boards"][other]["equipment"]
                assert board["pantry"] == full["boards"][other]["pantry"]
            if any(full["boards"][o]["cage"] or full["boards"][o]["backpack"] for o in range(players) if o != seat):
                checked += 1
        w.viewer = "teacher"
    assert checked, "no other seat ever carried anything: pick another seed"


def test_another_seats_deposits_are_read_without_the_card(w):
    """A deposit's card is face down: the others' log says only that a card went to the vault."""
    _play_until(w, lambda obs, ids: any(i.startswith("deposit ") for i in ids))
    seat = w.game.current_player
    card = next(i for i in w.game.legal_action_ids() if i.startswith("deposit ")).split()[1]
    w.act(f"deposit {card}")
    w.viewer = str((seat + 1) % 3)
    assert w.log[-1]["text"].endswith("deposits a card in the vault.")
    assert card not in w.log[-1]["text"]
    w.viewer = str(seat)
    assert re.search(rf"deposits an? {card} in the vault\.$", w.log[-1]["text"]), w.log[-1]["text"]


def test_the_teacher_view_has_every_pile_top_first(w):
    obs = w.observation
    assert set(obs["hidden"]["piles"]) == set(obs["piles"])
    assert all(len(obs["hidden"]["piles"][sq]) == n for sq, n in obs["piles"].items())
    assert all(isinstance(b["backpack"], dict) for b in obs["boards"])


def test_hotseat_shows_the_view_of_the_person_to_decide_even_a_defender():
    w = ChasseAuDragonWidget(players=3, seed=14, viewer="hotseat", first_player=0)
    _play_until(w, _decision("duel_flight"))
    defender = w.game.observation(None)["defender"]
    w.refresh()
    assert w.view_seat == defender and w.observation["viewer"] == defender
    assert w.can_act and {a["id"] for a in w.legal_actions} >= {"flee roll", "no flight"}


# ---------------------------------------------------------------------------- bots
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_bots_play_a_whole_game_with_bot_step(players, seed):
    w = ChasseAuDragonWidget(players=players, seed=seed, seats=([BOT, "random"] * 3)[:players], max_rounds=80)
    for _ in range(30000):
        if w.game.is_over:
            break
        w.bot_step()
    assert w.game.is_over
    assert w.status.startswith("Game over")
    assert w.legal_actions == [] and not w.can_act
    assert {int(k): v for k, v in w.observation["scores"].items()} == w.game.scores()
    assert w.observation["outcome"]["winners"] == w.game.winners()
    assert w.observation["odds"] is None
    with pytest.raises(IntentError, match="over"):
        w.bot_step()


def test_bot_step_message_plays_the_bot_seat_and_refuses_a_person(w):
    intent(w, "bot_step")
    assert "played by a person" in w.last_error and w.step == 0
    intent(w, "set_seat", seat=0, who=BOT)
    intent(w, "bot_step")
    assert w.last_error == "" and w.step >= 1
    assert w.game.history[0].action.kind in ("step", "stop")


# ---------------------------------------------------------------------------- the odds it sends
def test_no_odds_while_moving(w):
    assert w.observation["odds"] is None
    assert '"odds": null' in synced_json(w)


def test_an_encounter_sends_the_exact_odds_against_the_revealed_monster(w):
    _play_until(w, lambda obs, ids: obs["decision"] == "encounter" and obs["revealed"]["card"] != "goblin")
    obs = w.observation
    p = obs["active_player"]
    [entry] = obs["odds"]
    assert entry["seat"] == p and entry["opponent"] is None and entry["monster"] == obs["revealed"]["card"]
    _close(entry, obs["boards"][p]["power"], obs["revealed"]["power"])
    assert json.loads(synced_json(w))["observation"]["odds"] == obs["odds"]
    # the same public odds in the seat views (dice and the revealed card are face up)
    w.viewer = str((p + 1) % 3)
    assert w.observation["odds"] == obs["odds"]


def test_choose_duel_sends_the_odds_against_each_opponent_on_the_square():
    w = ChasseAuDragonWidget(players=3, seed=1, first_player=0)
    _play_until(w, _decision("choose_duel"))
    obs = w.observation
    p = obs["active_player"]
    here = [q for q, where in enumerate(obs["positions"]) if q != p and where == obs["positions"][p]]
    assert [e["opponent"] for e in obs["odds"]] == here
    for e in obs["odds"]:
        _close(e, obs["boards"][p]["power"], obs["boards"][e["opponent"]]["power"])


def test_a_duel_sends_the_odds_through_the_flight_decision_and_the_combat():
    w = ChasseAuDragonWidget(players=3, seed=14, first_player=0, chance="manual")
    _play_until(w, _decision("duel_flight"))
    obs = w.observation
    p, d = obs["active_player"], obs["defender"]
    [entry] = obs["odds"]
    assert entry["seat"] == p and entry["opponent"] == d
    _close(entry, obs["boards"][p]["power"], obs["boards"][d]["power"])
    w.act("no flight")
    assert w.observation["decision"] == "combat" and w.observation["odds"] == obs["odds"]
    assert w.observation["fight"]["kind"] == "duel"


def test_a_fight_under_way_keeps_the_odds_of_before_the_first_throw():
    w = ChasseAuDragonWidget(players=3, seed=2, first_player=0, chance="manual")
    _play_until(w, lambda obs, ids: obs["decision"] == "combat" and obs["fight"]["kind"] == "encounter"
                and any(obs["fight"]["throws"]))
    obs = w.observation
    [entry] = obs["odds"]
    assert entry["faces"] == obs["fight"]["faces"]
    assert entry["monster"] == obs["revealed"]["card"]


def test_fight_odds_reads_only_public_values():
    obs = {"decision": "duel_flight", "active_player": 1, "defender": 0, "fight": None,
           "boards": [{"power": 6, "backpack": None}, {"power": 4, "backpack": None}], "positions": ["1,1", "1,1"]}
    [entry] = fight_odds(obs)
    _close(entry, 4, 6)
    assert fight_odds({"decision": "camp", "active_player": 0, "boards": [{"power": 4}]}) is None


# ---------------------------------------------------------------------------- status
def test_status_says_who_must_do_what_in_the_games_words(w):
    assert w.status == "Round 1 · White to move (free step, no goblin quarters for more)."
    _play_until(w, lambda obs, ids: obs["decision"] == "move" and obs["steps"] == 0
                and obs["boards"][obs["active_player"]]["quarters"] > 1)
    p = w.game.current_player
    q = w.observation["boards"][p]["quarters"]
    head = f"Round {w.observation['round']} · {w.game.player_name(p)}"
    assert w.status == f"{head} to move (free step, {q} goblin quarters for more)."
    w.act(next(a["id"] for a in w.legal_actions if a["kind"] == "step"))
    if w.observation["decision"] == "move":
        here = w.observation["positions"][p]
        words = rf"to step on \(one goblin quarter a step, \d+ goblin quarters? left\) or stop on {here}\.$"
        assert re.search(words, w.status), w.status


def test_status_of_an_encounter_gives_the_dice_and_the_odds():
    w = ChasseAuDragonWidget(players=3, seed=1, first_player=0)
    w.act("step 3,1")  # no quarter for more: the movement ends; a goblin is on top (see the doctest)
    assert w.status == "Round 1 · White to flee or fight the goblin (d4 against d4: win 40%, tie 20%)."
    _play_until(w, lambda obs, ids: obs["decision"] == "encounter" and obs["revealed"]["card"] == "orc"
                and obs["boards"][obs["active_player"]]["power"] == 4)
    name = w.game.player_name(w.game.current_player)
    assert w.status == (f"Round {w.observation['round']} · {name} to flee or fight the orc "
                        "(d4 against d6: win 33%, tie 14%).")


@pytest.mark.parametrize(
    "seed,chance,decision,words",
    [
        (14, "auto", "duel_flight", r"(White|Blue|Black) must decide whether to flee (White|Blue|Black)'s duel "
                                    r"\(d\d+ against d\d+: win \d+%, tie \d+%\)"),
        (1, "auto", "choose_duel", r"(White|Blue|Black) to duel (White|Blue|Black) \(d\d+ against d\d+: win \d+%, "
                                   r"tie \d+%\)( or .*)?, or not"),
        (1, "auto", "camp", r"(White|Blue|Black) at camp: deposit, move goblins, change equipment or end the turn"),
        (2, "manual", "combat", r"(\w+ must throw the d\d+ against .+'s d\d+|.+ must be thrown( again)? .*)"),
        (2, "manual", "flee_roll", r"(White|Blue|Black) must roll the d(\d+) to flee .+ \(only a \2 succeeds\)"),
    ],
)
def test_status_of_each_decision(seed, chance, decision, words):
    w = ChasseAuDragonWidget(players=3, seed=seed, chance=chance, first_player=0, seats=["human", BOT, BOT])
    _play_until(w, _decision(decision))
    assert re.search(rf"^Round \d+ · {words}\.", w.status), w.status
    player = w.game.current_player
    if player == -1:
        assert w.status.endswith("Chance decides: pick an outcome or roll at random.")
    elif w.seats[player] != "human":
        assert w.status.endswith("the bots are playing.")  # people against bots: bots answer by themselves


def test_status_at_the_end_names_the_winners_their_wealth_and_why():
    w = ChasseAuDragonWidget(players=3, seed=6, seats=[BOT] * 3, max_rounds=120)
    while not w.game.is_over:
        w.bot_step()
    out = w.game.outcome()
    names = " and ".join(w.game.player_name(p) for p in out.winners)
    assert w.status.startswith(f"Game over: {names} win")
    assert f"with a wealth of {out.scores[out.winners[0]]}: {out.reason}." in w.status


def test_status_with_the_max_rounds_safeguard_says_it_is_not_a_rule():
    w = ChasseAuDragonWidget(players=2, seed=3, seats=["random", "random"], max_rounds=2)
    while not w.game.is_over:
        w.bot_step()
    assert "stopped after 2 rounds (max_rounds, not a rule)" in w.status


# ---------------------------------------------------------------------------- construction
def test_the_widget_is_exported_and_loads_its_own_bundle():
    assert dragonwidgets.ChasseAuDragonWidget is ChasseAuDragonWidget
    assert "ChasseAuDragonWidget" in dragonwidgets.__all__
    w = ChasseAuDragonWidget(players=2, seed=1)
    assert w.game_name == "chasse_au_dragon" and w.game.players == 2
    assert w.player_names == ["White", "Blue"]
    assert w.board["seat_colours"] == ["white", "blue"] and w.board["size"] == 8
    esm = str(w._esm)  # the built bundle's text, or the stub saying how to build it
    assert "dw-cd-forest" in esm or "static/chasse_au_dragon.js is not built" in esm
    assert repr(w).startswith("La Chasse au Dragon, 2 players")


def test_an_existing_game_can_be_shown_and_options_pass_through():
    game = dragonwidgets.new_game("chasse_au_dragon", players=4, seed=9)
    w = ChasseAuDragonWidget(game=game, seats=["human", "random", "random", BOT])
    assert w.game is game and len(w.seats) == 4
    raids = ChasseAuDragonWidget(players=3, seed=1, first_player=0, dragon_raids=True, chance="manual")
    assert raids.observation["decision"] == "raid"
    assert raids.status == ("Round 1 · White must roll 2d6 for the dragon raid. "
                            "Chance decides: pick an outcome or roll at random.")


@pytest.mark.parametrize(
    "kwargs,error,match",
    [
        ({"colour": "red"}, TypeError, "unexpected keyword argument.*'colour'.*dragon_raids"),
        ({"game": "x", "seed": 3}, TypeError, "leave out players, seed"),
        ({"players": 7}, ValueError, "6"),
        ({"camp_placement": "anywhere"}, ValueError, "camp_placement"),
    ],
)
def test_bad_construction_is_refused_with_a_message(kwargs, error, match):
    with pytest.raises(error, match=match):
        ChasseAuDragonWidget(**kwargs)


def test_a_game_of_another_kind_is_refused():
    with pytest.raises(TypeError, match="La Chasse au Dragon game, got 'drachenland'"):
        ChasseAuDragonWidget(game=dragonwidgets.new_game("drachenland", players=3, seed=1))
    assert DrachenlandWidget  # the other game's widget is untouched


def test_a_seat_view_gets_no_outcome_of_a_face_down_pile():
    """CD-ZONE-7: with manual chance the card an encounter turns up is picked by hand; the outcomes list the
    pile's make-up, so only the teacher's view receives them; a seat's view waits for the teacher's pick."""
    import random

    g = dragonwidgets.new_game("chasse_au_dragon", players=3, seed=4, chance="manual", first_player=0)
    rng = random.Random(4)
    while g.observation()["decision"] != "reveal":
        legal = g.legal_actions()
        g.apply(rng.choices(legal, weights=[a.prob or 1 for a in legal])[0])
    w = ChasseAuDragonWidget(game=g, viewer="1", playing=False)
    assert g.chance_outcomes_hidden and w.legal_actions == [] and not w.can_act
    assert "the teacher picks the card; this view waits" in w.status
    w.viewer = "teacher"
    assert [a["id"] for a in w.legal_actions] == g.legal_action_ids() and w.legal_actions[0]["id"].startswith("reveal ")
    w.viewer = "1"
    step = g.step
    w._handle_custom_msg({"kind": "resolve_chance"}, [])
    assert "the teacher picks this outcome" in w.last_error and g.step == step
