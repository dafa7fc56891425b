"""Issue 29 item 2: the widget's "Analyse" switch and "Review" (dragonwidgets/widgets/analysis_panel.py).

Values arrive and refine while the kernel answers; a seat's view gets only values from its own knowledge (the
teacher's all-cards-known analysis never reaches it: a seat's values are identical for two tables it cannot tell
apart); the run stops at the next action; forged messages are refused and change nothing; the review marks a seat's
own decisions in its view.
"""

from __future__ import annotations

import asyncio
import importlib.util
import random
import time
from pathlib import Path

import pytest

import dragonwidgets
from dragonwidgets import GameWidget
from dragonwidgets.engine import CHANCE
from dragonwidgets.widgets import analysis_panel

from widget_helpers import intent, snapshot

_spec = importlib.util.spec_from_file_location(
    "determinize_privacy", Path(__file__).resolve().parent.parent / "engine" / "test_determinize_privacy.py")
assert _spec is not None and _spec.loader is not None
privacy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(privacy)


@pytest.fixture(autouse=True)
def small_runs(monkeypatch):
    """Analyses and reviews small enough for a test (the widget's defaults take seconds to a minute)."""
    monkeypatch.setattr(analysis_panel, "ANALYSIS_ROLLOUTS", 24)
    monkeypatch.setattr(analysis_panel, "REVIEW_ROLLOUTS", 6)


def wait_for(check, timeout=60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.01)
    raise AssertionError("timed out")


def played(name="emerald", steps=6, seed=1, players=3):
    """A game with ``steps`` decisions played at random (chance drawn as it falls due)."""
    g = dragonwidgets.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    while steps and not g.is_over:
        if g.current_player == CHANCE:
            g.resolve_chance()
            continue
        g.apply(rng.choice(g.legal_actions()))
        steps -= 1
    return g


def seat_view(g):
    return GameWidget(g, viewer=str(g.current_player))


# ---------------------------------------------------------------------------- values arrive and refine
def test_values_arrive_for_every_legal_action_and_refine_until_done():
    w = seat_view(played())
    seen = []
    w.observe(lambda change: seen.append(change["new"]), "analysis")
    intent(w, "analyse_start", knowledge="seat")
    assert w.last_error == ""
    done = wait_for(lambda: w.analysis.get("done") and w.analysis)
    assert set(done["rows"]) == {a["id"] for a in w.legal_actions}
    counts = [v["rollouts"] for v in seen if v.get("rows")]
    assert len(counts) >= 2 and counts == sorted(counts) and counts[0] < counts[-1]  # refined, batch by batch
    for row in done["rows"].values():
        assert 0 <= row["low"] <= row["value"] <= row["high"] <= 1
        assert "%" in row["text"] and "chance to win" in row["aria"]
    assert sum(row["best"] for row in done["rows"].values()) == 1
    assert done["knowledge"] == "seat" and done["seat"] == w.view_seat and done["policy"] == "greedy"


def test_switched_off_the_run_stops_and_no_value_is_shown():
    w = seat_view(played())
    intent(w, "analyse_start", knowledge="seat")
    run = w._analysis_run
    intent(w, "analyse_stop")
    assert run.stop.is_set() and w.analysis["state"] == "off" and "rows" not in w.analysis
    run.thread.join(10)
    assert not run.thread.is_alive()
    time.sleep(0.1)
    assert "rows" not in w.analysis


# ---------------------------------------------------------------------------- privacy
def twin_widgets(viewer):
    g = privacy.true_game("emerald", 3, 4, 15, 25)
    seat = g.current_player
    twin = privacy.twin_table(g, seat)
    assert twin is not None and twin.state_digest() != g.state_digest()
    return GameWidget(g, viewer=viewer), GameWidget(twin, viewer=viewer), seat


def values(w):
    return {a: (r["value"], r["low"], r["high"], r["rollouts"]) for a, r in w.analysis["rows"].items()}


def test_a_seat_view_gets_the_same_values_for_tables_it_cannot_tell_apart():
    one, two, seat = twin_widgets("teacher")
    for w in (one, two):
        w.viewer = str(seat)
        intent(w, "analyse_start", knowledge="seat")
    wait_for(lambda: one.analysis.get("done") and two.analysis.get("done"))
    assert values(one) == values(two)


def test_the_teachers_all_known_analysis_never_reaches_a_seat_view():
    one, two, seat = twin_widgets("teacher")
    for w in (one, two):
        intent(w, "analyse_start", knowledge="table")
        assert w.last_error == ""
    wait_for(lambda: one.analysis.get("done") and two.analysis.get("done"))
    assert one.analysis["knowledge"] == "table" and "every card known" in one.analysis["note"]
    assert values(one) != values(two)  # the check below can fail: with every card known, the values differ
    sent = []
    one.observe(lambda change: sent.append((one.viewer, change["new"])), "analysis")
    one.viewer = str(seat)
    wait_for(lambda: one.analysis.get("done"))
    assert all(v["knowledge"] == "seat" and "every card known" not in v.get("note", "") for _, v in sent)
    two.viewer = str(seat)
    wait_for(lambda: two.analysis.get("done"))
    assert values(one) == values(two)  # what reaches the seat view depends on nothing it cannot see


def test_a_seat_view_gets_no_values_while_another_seat_decides():
    g = played()
    other = (g.current_player + 1) % g.players
    w = GameWidget(g, viewer=str(other))
    intent(w, "analyse_start", knowledge="seat")
    time.sleep(0.3)
    assert w.analysis["state"] == "waiting" and "rows" not in w.analysis and w._analysis_run is None


# ---------------------------------------------------------------------------- stop at the next action
def test_the_run_stops_at_the_next_action_and_the_new_decision_is_analysed():
    w = seat_view(played())
    intent(w, "analyse_start", knowledge="seat")
    wait_for(lambda: w.analysis.get("rows"))
    first = w._analysis_run
    before = w.step
    intent(w, "act", id=w.legal_actions[0]["id"])
    assert w.last_error == "" and w.step > before
    assert first.stop.is_set()
    first.thread.join(10)
    assert not first.thread.is_alive()
    if w.analysis["state"] != "waiting":
        done = wait_for(lambda: w.analysis.get("done") and w.analysis)
        assert done["step"] == w.step and set(done["rows"]) == {a["id"] for a in w.legal_actions}


def test_a_click_during_the_analysis_is_answered_on_the_kernels_loop():
    """As in Jupyter: the widget is made on a running event loop; values come through it while clicks are answered."""
    latencies = []

    async def session():
        w = seat_view(played())
        analysis_panel.ANALYSIS_ROLLOUTS = 400  # long enough to still run when the click comes
        intent(w, "analyse_start", knowledge="seat")
        for _ in range(3000):
            await asyncio.sleep(0.01)
            if w.analysis.get("rows"):
                break
        assert w.analysis.get("rows"), "no value arrived through the event loop"
        first_values = w.analysis["rollouts"]
        for _ in range(50):
            await asyncio.sleep(0.02)
        assert w.analysis["rollouts"] > first_values  # refined meanwhile
        run = w._analysis_run
        t0 = time.perf_counter()
        intent(w, "act", id=w.legal_actions[-1]["id"])
        latencies.append(time.perf_counter() - t0)
        assert w.last_error == "" and run.stop.is_set()
        t0 = time.perf_counter()
        intent(w, "undo")
        latencies.append(time.perf_counter() - t0)
        assert w.last_error == ""
        intent(w, "analyse_stop")
        await asyncio.sleep(0.05)
        w._analysis_run is None or w._analysis_run.thread.join(10)

    asyncio.run(session())
    print(f"act and undo answered during the analysis in {latencies[0] * 1000:.0f} ms and {latencies[1] * 1000:.0f} ms")
    assert max(latencies) < 0.5


# ---------------------------------------------------------------------------- forged messages
@pytest.mark.parametrize("message", [
    {"kind": "analyse_start", "knowledge": "table"},  # a seat's view may not know every card
    {"kind": "analyse_start", "knowledge": "everything"},
    {"kind": "analyse_start", "knowledge": 1},
    {"kind": "analyse_start"},
    {"kind": "analyse_stop", "knowledge": "table"},
    {"kind": "review_start", "seat": 1},
])
def test_forged_analysis_messages_are_refused_and_change_nothing(message):
    w = seat_view(played())
    before = snapshot(w), dict(w.analysis), dict(w.review)
    w._handle_custom_msg(message, [])
    assert w.last_error
    assert (snapshot(w), dict(w.analysis), dict(w.review)) == before
    assert w._analysis_run is None and w._review_run is None


def test_a_review_with_no_decision_yet_is_refused():
    w = GameWidget(dragonwidgets.new_game("emerald", players=3, seed=1))
    intent(w, "review_start")
    assert "no decision" in w.last_error or "made no decision" in w.last_error
    assert w.review == {"state": "off"}


# ---------------------------------------------------------------------------- review
def test_a_seat_views_review_marks_its_own_decisions_only():
    g = played(steps=8)
    seat = 0
    w = GameWidget(g, viewer=str(seat))
    intent(w, "review_start")
    assert w.last_error == ""
    done = wait_for(lambda: w.review.get("state") == "done" and w.review)
    own = [i for i in range(g.step) if g.entry(i).action.player == seat]
    assert [s["step"] for s in done["steps"]] == own and own
    for s in done["steps"]:
        assert s["seat"] == seat and s["action"] == g.entry(s["step"]).action.id
        assert s["mark"] in ("", "inaccuracy", "mistake", "blunder") and s["text"]
        assert 0 <= s["value"] <= 1 and s["loss"] >= 0
    w.viewer = "1"
    assert w.review == {"state": "off"}  # seat 0's review is not shown to seat 1


def test_the_widgets_review_gives_the_marks_and_values_of_game_review_with_the_same_budget():
    """The Review button stops each decision where ``game.review()`` does (best action known, then the action
    taken refined), so a student sees in the widget what the notebook's ``game.review()`` finds."""
    g = played(steps=8)
    w = GameWidget(g, viewer="0")
    intent(w, "review_start")
    done = wait_for(lambda: w.review.get("state") == "done" and w.review)
    expected = g.review(seat=0, rollouts=analysis_panel.REVIEW_ROLLOUTS, progress=False)
    assert analysis_panel.REVIEW_UNTIL == "best" and len(expected) == len(done["steps"]) > 0
    for shown, step in zip(done["steps"], expected):
        assert (shown["step"], shown["mark"], shown["best_action"]) == (step.step, step.mark, step.best_action)
        assert shown["value"] == pytest.approx(step.value, abs=1e-4)  # (the trait's numbers are rounded to 4 places)


def test_the_teachers_review_covers_every_seat_and_drops_marks_a_take_back_replaces():
    g = played(steps=6)
    w = GameWidget(g)
    intent(w, "review_start")
    done = wait_for(lambda: w.review.get("state") == "done" and w.review)
    decisions = [i for i in range(g.step) if g.entry(i).action.player != CHANCE]
    assert [s["step"] for s in done["steps"]] == decisions
    assert len({s["seat"] for s in done["steps"]}) > 1
    last = decisions[-1]
    w.goto(last)
    w.act(next(a["id"] for a in w.legal_actions if a["id"] != g.entry(last).action.id))
    assert [s["step"] for s in w.review["steps"]] == decisions[:-1]


# ---------------------------------------------------------------------------- item 3: a page carries a review
def test_an_offline_page_carries_a_precomputed_review_of_the_viewers_decisions(tmp_path):
    from dragonwidgets.analysis import review
    from dragonwidgets.widgets.page import page_traits, read_page, to_html

    g = played(steps=6)
    seat = g.entry(0).action.player
    made = review(g, seat, rollouts=4, progress=False)
    out = to_html(g, tmp_path / "seat.html", viewer=seat, review=made)
    shown = page_traits(read_page(out), g.step)["review"]
    assert [s["step"] for s in shown["steps"]] == [s.step for s in made] and shown["offline"]
    assert all(s["seat"] == seat for s in shown["steps"]) and shown["state"] == "done"
    assert [s["mark"] for s in shown["steps"]] == [s.mark for s in made]
    plain = page_traits(read_page(to_html(g, tmp_path / "plain.html", viewer=seat)), g.step)
    assert not plain["review"].get("steps")


def test_a_seat_page_refuses_a_review_of_other_seats_decisions_and_writes_nothing(tmp_path):
    from dragonwidgets.analysis import review
    from dragonwidgets.widgets.page import to_html

    g = played(steps=6)
    everyone = review(g, rollouts=2, progress=False)
    seat = g.entry(0).action.player
    with pytest.raises(ValueError, match="carries only that seat's review"):
        to_html(g, tmp_path / "x.html", viewer=seat, review=everyone)
    other = played(steps=6, seed=2)
    with pytest.raises(ValueError, match="not in this game's line"):
        to_html(g, tmp_path / "y.html", review=review(other, rollouts=2, progress=False))
    with pytest.raises(ValueError, match="review must be None, True"):
        to_html(g, tmp_path / "z.html", review="yes")
    assert not list(tmp_path.iterdir())


def test_the_note_says_when_the_best_action_is_known_before_the_ranking_settles():
    """The panel's summary line: "best action known" once no action can beat the best by the precision, before
    every close action has its own narrow interval; "settled" once it has."""
    from dataclasses import replace

    from dragonwidgets.analysis import ActionValue, Analysis

    g = played()
    ids = g.legal_action_ids()[:2]
    rows = tuple(ActionValue(a, 0.5, 0.4, 0.6, 60, False, 3.0) for a in ids)
    found = Analysis(rows, g.name, g.step, g.current_player, "greedy", done=False, best_known=True)
    note = analysis_panel._analysis_values(g, found)["note"]
    assert "best action known (none better by 5 points)" in note and "refining" in note
    settled = analysis_panel._analysis_values(g, replace(found, settled=True, done=True))["note"]
    assert "settled" in settled and "best action known" not in settled and "refining" not in settled
    neither = analysis_panel._analysis_values(g, replace(found, best_known=False))["note"]
    assert "best action known" not in neither and "settled" not in neither


def test_what_a_screen_reader_is_told_changes_with_the_phase_not_with_each_refinement():
    """``announce`` (the page's live region) names the phase only: the same words for every refinement of a running
    analysis (the note's rollout count changes), new words once the best action is known, once settled."""
    from dataclasses import replace

    from dragonwidgets.analysis import ActionValue, Analysis

    g = played()
    name = g.player_name(g.current_player)
    ids = g.legal_action_ids()[:2]

    def found(n, **flags):
        rows = tuple(ActionValue(a, 0.5, 0.4, 0.6, n, False, 3.0) for a in ids)
        return Analysis(rows, g.name, g.step, g.current_player, "greedy", seconds=n / 100, done=False, **flags)

    running = [analysis_panel._analysis_values(g, found(n)) for n in (10, 20, 40)]
    assert len({v["note"] for v in running}) == 3  # the note follows the rollouts...
    assert {v["announce"] for v in running} == {f"Analysing {name}'s decision."}  # ...the spoken words do not
    best = analysis_panel._analysis_values(g, found(80, best_known=True))["announce"]
    assert best == f"Analysis of {name}'s decision: best action known, refining."
    settled = analysis_panel._analysis_values(g, replace(found(160, best_known=True), settled=True, done=True))
    assert settled["announce"] == f"Analysis of {name}'s decision settled." and settled["best_known"] is True
    assert analysis_panel._analysis_values(g, replace(found(400), done=True))["announce"] == f"Analysis of {name}'s decision done."


def test_the_notes_name_a_seat_of_peoples_as_an_owner_without_an_extra_s():
    """Drachenland's seats are peoples ("Humans", "Dwarves"): the notes say "Humans' chance", never "Humans's"."""
    g = dragonwidgets.new_game("drachenland", players=3, seed=2)
    name = g.player_name(g.current_player)
    assert name.endswith("s")
    w = seat_view(g)
    intent(w, "analyse_start", knowledge="seat")
    done = wait_for(lambda: w.analysis.get("done") and w.analysis)
    assert done["note"].startswith(f"{name}' chance to win") and f"from {name}' knowledge" in done["note"]
    assert f"{name}' decision" in done["announce"]
    g.apply(g.legal_actions()[0])  # the seat's first decision, now in the past: something to review
    w.refresh()
    intent(w, "review_start")
    reviewed = wait_for(lambda: w.review.get("state") == "done" and w.review)
    assert reviewed["note"].startswith(f"Review of {name}' decisions")
    assert "'s" not in done["note"] + done["announce"] + reviewed["note"]
