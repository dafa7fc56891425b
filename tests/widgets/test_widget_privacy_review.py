"""Issue 27, items 1, 2 and 4: no message from a seat's view (the page) shows that seat what it may not know.

- Item 1: at a chance node, only the teacher's view (or Python) picks the outcome; a seat's view may draw one
  at random (the seeded draw: it shows nothing but the outcome the rules turn up) or wait for the teacher.
  No refusal a seat's view provokes names a hidden outcome or another seat's private things.
- Item 2: with ``take_backs=False`` (a hot-seat game), no *sequence* of page messages changes who plays a
  seat or syncs the observation of a seat the person at the screen is not (the person to move, or the one
  who moved last while the bots answer).
- Item 4: leaving the teacher's view ends editing: nothing of the draft reaches a seat's view.

Every ``test_item*`` test here but the check of the audit's helper (``..._secrets_helper_sees_a_leak``) was run
against the code before the fix and failed there.
"""

from __future__ import annotations

import json
import random
import zlib

import pytest

import dragonwidgets
from dragonwidgets import EmeraldWidget, GameWidget
from dragonwidgets.engine import CHANCE
from dragonwidgets.widgets.base import LOG_ROWS
from dragonwidgets.widgets.sync import apply_dict_ops

from widget_helpers import intent, snapshot

GAMES = ("emerald", "drachenland", "chasse_au_dragon", "draghan")
HIDDEN_CHANCE_GAMES = ("chasse_au_dragon", "draghan")


# ---------------------------------------------------------------------------- helpers
def _walk(name, until, seed=7, rng_seed=1, limit=400, **options):
    """A 3-player game with manual chance, played at random (``random.Random(rng_seed)``) until ``until(g)``."""
    g = dragonwidgets.new_game(name, players=3, seed=seed, chance="manual", **options)
    rng = random.Random(rng_seed)
    while not until(g):
        assert not g.is_over and g.step < limit, f"{name}: no such state within {limit} steps"
        g.apply(rng.choice(g.legal_action_ids()))
    return g


def _hidden_chance(g):
    return g.current_player == CHANCE and g.chance_outcomes_hidden


def _public_chance(g):
    return g.current_player == CHANCE and not g.chance_outcomes_hidden


def _decision_of(seat):
    return lambda g: g.current_player == seat


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _private_strings(full, mine):
    """The strings of the full table where the seat's observation differs from it (another seat's hand...)."""
    if full == mine:
        return
    if isinstance(full, dict) and isinstance(mine, dict):
        for key, value in full.items():
            if key in mine:
                yield from _private_strings(value, mine[key])
            else:
                yield from _strings(value)
    elif isinstance(full, list) and isinstance(mine, list) and len(full) == len(mine):
        for a, b in zip(full, mine):
            yield from _private_strings(a, b)
    else:
        yield from _strings(full)


def secrets(w, seat):
    """What the view of ``seat`` may not know now, as strings: the outcomes of a face-down pile (ids and
    labels), another seat's choices (they are worked out from its hand), and the strings of the full table
    that the seat's observation hides. Strings the seat's own observation, log or the static board and rule
    texts hold are left out (they are known)."""
    g = w.game
    if seat is None:
        return set()
    player = g.current_player
    out = set()
    if (player == CHANCE and g.chance_outcomes_hidden) or (player is not None and player >= 0 and player != seat):
        for a in g.legal_actions():
            out |= {a.id, a.label}
    out |= set(_private_strings(g.observation(None), g.observation(seat)))
    known = json.dumps([g.observation(seat), g.log(seat), w.player_names, w.bot_names]) + _static(w)
    return {s for s in out if len(s) >= 3 and s not in known and s not in ("human", "teacher", "hotseat")}


_STATIC = {}


def _static(w):
    """The board layout and rule texts, sent once to every view alike (public by construction)."""
    if w.game_name not in _STATIC:
        _STATIC[w.game_name] = json.dumps([w.board, w.rule_texts])
    return _STATIC[w.game_name]


def received(w, sent):
    """Everything the page got: the synced traits (but the static board and rule texts) and the messages."""
    state = {k: v for k, v in w.get_state().items() if k not in ("board", "rule_texts", "layout") and k[0] != "_"}
    texts = [json.dumps(state, sort_keys=True)]
    for content, buffers in sent:
        if content.get("deflated"):
            texts.append(zlib.decompress(buffers[0]).decode())
        else:
            texts.append(json.dumps(content))
    return "\n".join(texts)


def leaked(text, hidden):
    return sorted(s for s in hidden if s in text)


def spy(w):
    out = []
    w.send = lambda content, buffers=None: out.append((content, buffers))
    return out


def battery(g):
    """Forged and odd page messages: every kind of ``MESSAGE_KINDS`` with good and bad arguments, and every
    legal id of the node (a chance outcome, another seat's choice) sent as ``act``."""
    odd_ids = ["?", "", " ", "x" * 200, "reveal", "reveal orc", "reveal goblin", "location L01", "location",
               "roll 1", "roll 9", "throw 1", "encounter D01", "market M01", "pass", "end", "choose CH2"]
    ids = g.legal_action_ids() if g.current_player is not None else []
    ids = ids[:12] + [i.upper() for i in ids[:3]] + [i + " x" for i in ids[:3]]
    msgs = [{"kind": "act", "id": i} for i in odd_ids + ids]
    msgs += [{"kind": "act", "id": 5}, {"kind": "act"}, {"kind": "explain", "id": "?"}, {"kind": "nope"}]
    msgs += [{"kind": k} for k in ("resolve_chance", "bot_step", "undo", "play", "pause", "resync", "edit_start",
                                  "edit_play", "edit_cancel")]
    msgs += [{"kind": "goto", "step": s} for s in (-1, 0, max(g.step - 1, 0), g.step, g.step + 1, 10**9)]
    msgs += [{"kind": "set_viewer", "viewer": v} for v in ("teacher", "hotseat", "0", "1", "2", "3", "-1", "", "x")]
    msgs += [{"kind": "set_seat", "seat": s, "who": who}
             for s in (0, 1, 2, 3, -1) for who in ("human", "random", "bogus")]
    msgs += [{"kind": "set_pace", "pace": p} for p in (0.2, -1.0, 99.0)]
    msgs += [{"kind": "edit", "ops": ops} for ops in ([[["turn"], 3]], [[["x", "y"], 1]], [], "no")]
    return msgs


def person_at_screen(g, seats):
    """Hot-seat: the person to move (a human seat), else the person who decided last (the bots or chance
    answer them), else the first human seat."""
    humans = [i for i, who in enumerate(seats) if who == "human"]
    deciders = [g.current_player] + [g.entry(i).action.player for i in range(g.step - 1, -1, -1)]
    return next((p for p in deciders if p in humans), humans[0])


def _fresh(g, **kw):
    w = GameWidget(g.clone(), playing=False, **kw)
    return w, spy(w)


def _check_battery(g, viewer, take_backs, seats=None):
    """Send each message of :func:`battery` from ``viewer``'s view; check what the page receives."""
    kw = dict(viewer=viewer, take_backs=take_backs, seats=seats or ["human"] * 3)
    w, sent = _fresh(g, **kw)
    seat, hidden, before = w.view_seat, secrets(w, w.view_seat), _state_of(w)
    for msg in battery(g):
        sent.clear()
        w._handle_custom_msg(msg, [])
        what = f"{g.name} step {g.step} viewer {viewer!r} take_backs={take_backs}: {msg}"
        if _state_of(w) == before:  # refused (or changed nothing): its words may not name what is hidden
            assert not leaked(w.last_error, hidden), (what, w.last_error, leaked(w.last_error, hidden))
            assert not leaked(received(w, sent), hidden), (what, leaked(received(w, sent), hidden))
            continue
        assert w.last_error == "", what
        if not take_backs:  # no page message shows the table or another seat there (item 2)
            person = person_at_screen(w.game, w.seats)
            assert w.view_seat in (seat, person), (what, seat, w.view_seat)
            assert not leaked(received(w, sent), secrets(w, w.view_seat)), what
        w, sent = _fresh(g, **kw)
        seat, hidden, before = w.view_seat, secrets(w, w.view_seat), _state_of(w)


def _state_of(w):
    """What a message may change: the game's line of play, who plays, the view, the bots, editing."""
    g = w.game
    return (id(g), g.step, g.history_length, g.state_digest(), tuple(w.seats), w.viewer, w.view_seat, w.playing,
            w.pace, w.editing)


# ---------------------------------------------------------------------------- item 1: manual chance
@pytest.mark.parametrize("name,words", [("chasse_au_dragon", "reveal "), ("draghan", "location ")])
def test_item1_a_seat_view_learns_nothing_of_a_face_down_pile_and_picks_no_outcome(name, words):
    """Item 1 as reported: Chasse seed 7 (Draghan the same), 3 players, manual chance, random play with
    random.Random(1) up to the face-down pile; a seat's view with take-backs off sends ``act "?"`` (the
    answer listed the pile's make-up) and then an outcome (it was applied)."""
    g = _walk(name, _hidden_chance)
    outcomes = g.legal_action_ids()
    assert all(o.startswith(words) for o in outcomes)
    w = GameWidget(g, viewer="0", take_backs=False, playing=False)
    assert w.legal_actions == [] and not w.can_act
    intent(w, "act", id="?")
    assert w.last_error and not any(o in w.last_error or o.split()[1] in w.last_error for o in outcomes), w.last_error
    assert "teacher" in w.last_error
    for outcome in outcomes:
        before = snapshot(w)
        intent(w, "act", id=outcome)
        assert "teacher" in w.last_error and snapshot(w) == before
        assert not any(o in w.last_error for o in outcomes)
    w.viewer = "teacher"  # the teacher's view picks (w.viewer from Python may show any view)
    assert [a["id"] for a in w.legal_actions] == outcomes and w.can_act
    intent(w, "act", id=outcomes[-1])
    assert w.last_error == "" and g.history[g.step - 1].action.id == outcomes[-1]


@pytest.mark.parametrize("name", GAMES)
def test_item1_only_the_teachers_view_picks_a_public_chance_outcome(name):
    """Item 1: a die roll (public) is not picked from a seat's view either, nor drawn at random there: with
    chance="manual" the node waits for the teacher ("resolves as the game's option says"), whose view picks."""
    g = _walk(name, _public_chance)
    for viewer in ("0", "hotseat"):
        w = GameWidget(g.clone(), viewer=viewer, playing=False)
        assert w.legal_actions == [] and not w.can_act
        assert "the teacher picks" in w.status and "this view waits" in w.status, w.status
        before = snapshot(w)
        intent(w, "act", id=g.legal_action_ids()[0])
        assert "only the teacher's view picks" in w.last_error and snapshot(w) == before
        for kind in ("resolve_chance", "bot_step"):
            intent(w, kind)
            assert "the teacher picks this outcome" in w.last_error and snapshot(w) == before, w.last_error
    teacher = GameWidget(g.clone(), playing=False)
    assert teacher.can_act and [a["id"] for a in teacher.legal_actions] == g.legal_action_ids()
    intent(teacher, "act", id=g.legal_action_ids()[-1])
    assert teacher.last_error == "" and teacher.game.history[g.step].action.id == g.legal_action_ids()[-1]


def _states(name):
    """States of each kind a seat's view meets: a face-down pile, a die, its own decision, another's."""
    kinds = [_public_chance, _decision_of(0), _decision_of(1)]
    if name in HIDDEN_CHANCE_GAMES:
        kinds.insert(0, _hidden_chance)
    return [_walk(name, kind) for kind in kinds]


@pytest.mark.parametrize("name", GAMES)
def test_item1_no_message_from_a_seat_view_names_what_it_may_not_know(name):
    """Item 1 audit: every kind of page message (MESSAGE_KINDS, good and bad arguments, each legal id of the
    node) from a seat's view, at a face-down pile, a die, its own and another seat's decision, with take-backs
    on and off: no refusal (``last_error``) and nothing sent names a hidden outcome, another seat's choices or
    the strings of the full table the seat's observation hides."""
    for g in _states(name):
        for viewer, take_backs in (("0", False), ("hotseat", False), ("2", True), ("hotseat", True)):
            _check_battery(g, viewer, take_backs)
        _check_battery(g, "0", False, seats=["human", "random", "human"])


def test_item1_the_secrets_helper_sees_a_leak():
    """The audit's check is not vacuous: the full table's view holds what ``secrets`` names for a seat."""
    g = _walk("chasse_au_dragon", _hidden_chance)
    w, sent = _fresh(g, viewer="teacher")
    hidden = secrets(w, 0)
    assert {"reveal goblin", "reveal orc"} <= hidden
    assert leaked(json.dumps(w.legal_actions), hidden)


# ---------------------------------------------------------------------------- item 2: hot-seat, no take-backs
def test_item2_the_seat_menu_cannot_open_another_seats_view():
    """Item 2 as reported: ``set_seat(1, "human")`` from the page made a bot seat a person's, then
    ``set_viewer "1"`` showed Red's gold. With take-backs off the page may not change who plays a seat; the
    teacher can, from Python (``w.seats = ...``) or the teacher's view."""
    w = EmeraldWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], viewer="0", take_backs=False,
                      playing=False)
    before = snapshot(w)
    intent(w, "set_seat", seat=1, who="human")
    assert "take_backs=False" in w.last_error and "w.seats" in w.last_error
    assert snapshot(w) == before and w.seats == ["human", "greedy", "greedy"]
    while w.game.current_player != 1:
        w.act(w.legal_actions[0]["id"])
    intent(w, "set_viewer", viewer="1")
    assert w.viewer == "0" and w.view_seat == 0 and w.observation["hands"][1]["gold"] is None
    w.seats = ["human", "human", "greedy"]  # the teacher, in Python
    assert w.seats[1] == "human"
    teacher = EmeraldWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], take_backs=False, playing=False)
    intent(teacher, "set_seat", seat=1, who="human")
    assert teacher.last_error == "" and teacher.seats[1] == "human"


def _page_message(w, rng):
    """One page message at random: mostly moves (a legal id, a bot's step), also every other kind."""
    g = w.game
    players = g.players
    roll = rng.random()
    if roll < 0.35 and g.current_player is not None:
        return {"kind": "act", "id": rng.choice(g.legal_action_ids())}
    if roll < 0.55:
        return {"kind": "bot_step"}
    if roll < 0.60:
        return {"kind": "resolve_chance"}
    if roll < 0.72:
        return {"kind": "set_viewer", "viewer": rng.choice(["teacher", "hotseat", *map(str, range(players))])}
    if roll < 0.82:
        who = rng.choice(["human", "random", *w.bot_names])
        return {"kind": "set_seat", "seat": rng.randrange(players), "who": who}
    return rng.choice([{"kind": "undo"}, {"kind": "goto", "step": rng.randrange(g.step + 2)}, {"kind": "play"},
                       {"kind": "pause"}, {"kind": "resync"}, {"kind": "edit_start"}, {"kind": "edit_play"},
                       {"kind": "edit_cancel"}, {"kind": "edit", "ops": [[["turn"], 2]]},
                       {"kind": "set_pace", "pace": 0.1}])


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("chance", ["auto", "manual"])
def test_item2_no_sequence_of_page_messages_opens_a_seat_not_at_the_screen(name, chance):
    """Item 2: seeded random walks of page messages (moves, bot steps, the view and seat menus, take-backs,
    edits...) in a hot-seat game with take-backs off. The person at the screen is the person to move (a
    human seat), or, while the bots answer, the person who moved last. After every message:

    - who plays each seat is as the teacher set it, and the view is a seat's, never the full table;
    - the view shows the seat it showed, or the person at the screen (the hot-seat view follows them);
    - what is synced is that seat's observation, log and (its decision only) legal actions.
    """
    for walk in range(3):
        rng = random.Random(f"{name}:{chance}:{walk}")
        seats = ["human", "random", "human"] if walk != 1 else ["random", "human", "human"]
        g = dragonwidgets.new_game(name, players=3, seed=walk, chance=chance)
        w = GameWidget(g, seats=seats, viewer=["0", "hotseat", "2"][walk], take_backs=False, playing=False)
        player = g.current_player
        person = person_at_screen(g, seats)
        for i in range(250):
            shown = w.view_seat
            msg = _page_message(w, rng)
            w._handle_custom_msg(msg, [])
            player = g.current_player
            if player is not None and player >= 0 and seats[player] == "human":
                person = player
            what = f"walk {walk} message {i} {msg}: {w.last_error}"
            assert w.seats == seats, what
            assert w.viewer != "teacher" and w.view_seat is not None, what
            assert w.view_seat in (shown, person), (what, shown, person, w.view_seat)
            seat = w.view_seat
            obs = g.observation(seat)
            assert {k: w.observation[k] for k in obs} == obs, what
            assert w.log == g.log(seat, last=LOG_ROWS), what
            assert w.legal_actions == [] or player == seat, what
            if g.is_over:
                break


def _play_until(w, until):
    """Play as the page would: a person's first legal action in their view, a bot's or chance's Step."""
    while not until(w.game):
        player = w.game.current_player
        if player == CHANCE or w.seats[player] != "human":
            w.bot_step()
        else:
            w.act(w.game.legal_action_ids()[0])


def test_item2_the_hot_seat_view_does_not_go_back_to_a_person_who_left_the_screen():
    """Item 2 (found by the walks): with take-backs off, the hot-seat view chosen while a bot plays showed the
    last person the hot-seat view had followed (Blue), not the person who had just moved at the screen."""
    w = EmeraldWidget(players=3, seed=1, seats=["human", "greedy", "human"], viewer="hotseat", take_backs=False,
                      playing=False)
    _play_until(w, _decision_of(2))
    assert w.view_seat == 2  # the hot-seat view follows Blue
    intent(w, "set_viewer", viewer="2")
    _play_until(w, _decision_of(0))
    intent(w, "set_viewer", viewer="0")  # Black, at the screen now, takes Black's view
    assert w.last_error == "" and w.view_seat == 0
    _play_until(w, _decision_of(1))  # Black moves; the bot answers
    intent(w, "set_viewer", viewer="hotseat")
    assert w.last_error == "" and w.view_seat == 0, "the hot-seat view shows Black, who just moved, not Blue"


# ---------------------------------------------------------------------------- item 4: editing
@pytest.mark.parametrize("viewer", ["0", "hotseat"])
def test_item4_leaving_the_teacher_view_ends_editing_and_no_draft_reaches_the_seat(viewer):
    """Item 4: while editing (teacher's view), ``w.viewer = "0"`` from Python kept ``edit_position`` (the whole
    table) synced to the seat's view. Now leaving the teacher's view cancels the edit first (the game as it was
    before editing comes back), and the page holds no draft at any point of the seat's view."""
    w = EmeraldWidget(players=3, seed=1, playing=False)
    sent = spy(w)
    game = w.game
    intent(w, "edit_start")
    knights = w.edit_position["knights"]
    intent(w, "edit", ops=[[["knights", "T1"], knights["T1"][1:]], [["knights", "M8"], knights["T1"][:1]]])
    assert w.last_error == "" and w.editing and w.edit_position["knights"]["M8"]
    draft = w.edit_position
    sent.clear()
    w.viewer = viewer
    assert not w.editing and w.edit_position == {} and w.game is game
    assert w.observation == game.observation(w.view_seat)
    state = {"viewer": "teacher", "view_seat": None, "edit_position": draft}
    for content, buffers in sent:  # the page's model, message by message: never a seat view with a draft
        message = json.loads(zlib.decompress(buffers[0])) if content.get("deflated") else content
        state.update(message.get("set", {}))
        if "edit_position" in message.get("patch", {}):
            state["edit_position"] = apply_dict_ops(state["edit_position"], message["patch"]["edit_position"])
        if state["viewer"] != "teacher" or state["view_seat"] is not None:
            assert state["edit_position"] == {}, message
    assert state["viewer"] == viewer and state["view_seat"] == w.view_seat
    assert w.get_state()["edit_position"] == {} and w.get_state()["editing"] is False


def test_item4_a_seat_view_cannot_start_editing_and_the_teacher_can_again():
    """Item 4: after editing ended by a change of view, the seat's view still may not edit; back in the teacher's
    view an edit starts from the game as it was."""
    w = EmeraldWidget(players=3, seed=1, playing=False)
    intent(w, "edit_start")
    w.viewer = "1"
    intent(w, "edit_start")
    assert "only the teacher's view edits" in w.last_error and not w.editing
    w.viewer = "teacher"
    intent(w, "edit_start")
    assert w.last_error == "" and w.editing and w.edit_position == w.game.position()


# ---------------------------------------------------------------------------- item 1 audit: agents' failures
@pytest.mark.parametrize("name", GAMES)
def test_item1_an_agents_illegal_answer_names_no_other_seats_choices_in_a_seat_view(name):
    """Item 1 audit (every error a seat's view can provoke): the page's Step makes an agent seat move; when the
    agent answers something illegal, ``last_error`` said why with the engine's list of the agent seat's legal
    actions (another seat's choices) in any view. A seat's view now gets the refusal without that list; the
    teacher's view keeps it (to debug the agent)."""
    g = _walk(name, _decision_of(1))
    seats = ["human", lambda view: "bogus", "human"]
    w = GameWidget(g.clone(), seats=seats, viewer="0", take_backs=False, playing=False)
    hidden = secrets(w, 0)
    before = snapshot(w)
    intent(w, "bot_step")
    assert "failed, the bots are paused" in w.last_error and "'bogus' is not legal" in w.last_error
    assert not leaked(w.last_error, hidden) and snapshot(w) == before, w.last_error
    teacher = GameWidget(g.clone(), seats=seats, playing=False)
    intent(teacher, "bot_step")
    assert all(repr(i) in teacher.last_error for i in g.legal_action_ids()[:3]), teacher.last_error
