"""The "Analyse" switch and the "Review" of the widget (issue 29 item 2), a part of :class:`~.base.GameWidget`.

**Analyse** (:meth:`AnalysisPanel.analyse_start`, :meth:`AnalysisPanel.analyse_stop`): while on, the decision
shown is analysed (:func:`dragonwidgets.analysis.analyse_steps`) in a worker thread, on a copy of the game made on
the kernel's thread; each refinement is handed to the kernel's event loop (``call_soon_threadsafe``, as an agent
seat's answer is, :mod:`.bot_seats`) and published in the ``analysis`` trait, so a click, an undo or another cell is
answered meanwhile. At the next change of the position (an action, an undo, a rewind) or of the view, the run is
stopped (its stop flag is checked before every task of rollouts, so it ends within a fraction of a batch) and its
values are dropped; while the switch stays on, the new decision is analysed from the start.

Who may see which values:

- a seat's view (a seat number, or ``"hotseat"``): only its own decisions, analysed from that seat's knowledge
  (``knowledge="seat"``: every rollout redeals what the seat cannot see). While another seat decides, the view
  gets no values at all (they would come from the other seat's hand), only the state ``"waiting"``;
- the teacher's view: the decision of the seat to move, from that seat's knowledge (``"seat"``), or with every
  card known (``"table"``, labelled so: future dice and draws stay unknown). A ``"table"`` run never outlives the
  teacher's view: switching to a seat's view stops it and starts that seat's own.

**Review** (:meth:`AnalysisPanel.review_start`, :meth:`AnalysisPanel.review_stop`): the decisions up to the shown
step are analysed one by one in a worker thread (:data:`REVIEW_ROLLOUTS` rollouts an action at most, stopped as
``game.review()`` stops, :data:`REVIEW_UNTIL`), each from the knowledge its seat had then, and published in the ``review`` trait as they come (marks in the log and on the
timeline, the win-chance chart). In a seat's view the review is that seat's: only its own decisions are reviewed
(another seat's decision could only be judged from that seat's hand, which this view may not know), so the chart
is its own chance over the game. The teacher's view reviews every seat's decisions. A review stays shown while the
history it reviewed is unchanged (a step's mark is dropped when a take-back replaces that step).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Optional

from ..analysis import Analysis, Review, ReviewStep, analyse, analyse_steps
from ..analysis.quote import value_text
from ..analysis.review import _step as review_step
from ..engine import CHANCE, Game
from .messages import IntentError, shown
from .status import possessive
from .views import TEACHER

if TYPE_CHECKING:  # the traits and the other parts' methods, for mypy (see _parts.py)
    from ._parts import WidgetParts
else:
    WidgetParts = object

__all__ = ["ANALYSIS_ROLLOUTS", "AnalysisPanel", "KNOWLEDGE_LABELS", "REVIEW_ROLLOUTS", "review_trait"]

#: the most rollouts the widget gives an action (the analysis ends sooner once the ranking has settled)
ANALYSIS_ROLLOUTS = 400
#: the seed of every analysis in the widget: a constant, so that a seat's values depend on nothing it cannot see
ANALYSIS_SEED = 0
#: the most rollouts an action is given per decision in the widget's review
REVIEW_ROLLOUTS = 60
#: where the widget's review stops each decision: as ``game.review()`` does by default (the best action known,
#: then the action taken and the best refined), so its marks are ``game.review(rollouts=REVIEW_ROLLOUTS)``'s
REVIEW_UNTIL = "best"
#: how each knowledge is labelled in the widget
KNOWLEDGE_LABELS = {
    "seat": "from {owner} knowledge (hidden cards redealt in every rollout)",
    "table": "with every card known (teacher's view; future dice and draws unknown)",
}
#: how many task slots a batch of rollouts is split into in the widget: the stop flag is checked between them
_TASKS_PER_BATCH = 4


class _Stopped(Exception):
    """Raised into a run's thread when its stop flag is set: the run ends with what it had."""


class _StoppableExecutor(concurrent.futures.Executor):
    """Runs each task in the calling (worker) thread as it is submitted, unless ``stop`` is set: then it raises
    :class:`_Stopped`, so an analysis stops within a fraction of a batch. It reports :data:`_TASKS_PER_BATCH`
    workers, so that the analysis splits every batch into that many tasks (the results do not depend on it)."""

    _max_workers = _TASKS_PER_BATCH

    def __init__(self, stop: threading.Event) -> None:
        self._stop = stop

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        if self._stop.is_set():
            raise _Stopped()
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:  # noqa: BLE001 - handed back through the future, as an executor does
            future.set_exception(exc)
        return future


@dataclass
class _Run:
    """One analysis (or review) running in a worker thread."""

    key: tuple[Any, ...]
    seat: Optional[int]
    knowledge: str
    loop: Optional[asyncio.AbstractEventLoop]
    stop: threading.Event = field(default_factory=threading.Event)
    latest: dict[str, Any] = field(default_factory=dict)
    thread: Optional[threading.Thread] = None


def _history_ids(game: Game, upto: int) -> tuple[str, ...]:
    """The ids of the history entries before step ``upto`` (they fix the position at ``upto``, the seed given)."""
    return tuple(game.entry(i).action.id for i in range(upto))


class AnalysisPanel(WidgetParts):
    """The analysis switch and the review of :class:`~dragonwidgets.widgets.GameWidget` (the ``analysis`` and
    ``review`` traits; see the module docstring)."""

    analysis: dict[str, Any]
    review: dict[str, Any]
    _analysis_on: bool
    _analysis_knowledge: str
    _analysis_run: Optional[_Run]
    _review_run: Optional[_Run]
    _review_steps: list[ReviewStep]
    _analysis_lock: threading.RLock

    def _init_analysis(self) -> None:
        """The switch off and no review, before the first publish."""
        self._analysis_on = False
        self._analysis_knowledge = "seat"
        self._analysis_run = None
        self._review_run = None
        self._review_steps = []
        self._analysis_lock = threading.RLock()

    # ------------------------------------------------------------------ the calls (and intents of the same name)
    def analyse_start(self, knowledge: str = "seat") -> None:
        """Turn the analysis on: the decision shown is analysed live, and every later one while it stays on.

        Args:
            knowledge: ``"seat"`` (from the deciding seat's knowledge; a seat's view always analyses so) or
                ``"table"`` (every card known; the teacher's view only, labelled so).

        Raises:
            IntentError: ``knowledge`` is not ``"seat"`` or ``"table"``, or ``"table"`` in a seat's view.
        """
        if knowledge not in KNOWLEDGE_LABELS:
            raise IntentError(f"analyse_start: knowledge must be 'seat' or 'table', got {shown(knowledge)}")
        if knowledge == "table" and self.viewer != TEACHER:
            raise IntentError("analyse_start: only the teacher's view may analyse with every card known "
                              "(knowledge='table'); a seat's view analyses from its own knowledge ('seat')")
        self._analysis_on = True
        self._analysis_knowledge = knowledge
        self._publish_analysis()

    def analyse_stop(self) -> None:
        """Turn the analysis off: the running analysis stops and its values are no longer shown."""
        self._analysis_on = False
        self._publish_analysis()

    def review_start(self) -> None:
        """Review the decisions up to the shown step in a worker thread (this view's seat only in a seat's view;
        every seat's in the teacher's); the marks and the chart come in the ``review`` trait as they are found.

        Raises:
            IntentError: there is no decision to review in this view yet.
        """
        game = self._game
        seat = self._view_seat()
        steps = [i for i in range(game.step) if game.entry(i).action.player != CHANCE
                 and (seat is None or game.entry(i).action.player == seat)]
        if not steps:
            who = "no seat" if seat is None else game.player_name(seat)
            raise IntentError(f"review_start: {who} has made no decision before step {game.step} to review")
        self._stop_run(self._review_run)
        run = _Run(("review", seat, game.seed, _history_ids(game, game.step)), seat, "seat", _running_loop())
        self._review_run = run
        self._review_steps = []
        copy = game.clone()
        run.thread = threading.Thread(target=self._review_thread, args=(run, copy, steps),
                                      name="dragonwidgets review", daemon=True)
        run.thread.start()
        self.review = self._review_shown(seat, total=len(steps), state="running")

    def review_stop(self) -> None:
        """Stop the review and clear its marks and chart."""
        self._stop_run(self._review_run)
        self._review_run = None
        self._review_steps = []
        self.review = {"state": "off"}

    # ------------------------------------------------------------------ published after every change
    def _publish_analysis(self) -> None:
        """Set the ``analysis`` and ``review`` traits for the view now, stopping and starting runs as needed
        (called by :meth:`~.publishing.TraitPublisher._publish` after every change)."""
        with self._analysis_lock:
            self.analysis = self._analysis_follow()
            self.review = self._review_follow()

    def _analysis_follow(self) -> dict[str, Any]:
        """The ``analysis`` trait now: stop a run that no longer fits the position or the view, start one if the
        switch is on and this view may analyse the decision shown."""
        game = self._game
        seat = self._view_seat()
        knowledge = self._analysis_knowledge if seat is None else "seat"
        offers = list(KNOWLEDGE_LABELS) if self.viewer == TEACHER else ["seat"]
        base: dict[str, Any] = {"on": self._analysis_on, "knowledge": knowledge, "offers": offers}
        if not self._analysis_on:
            self._stop_run(self._analysis_run)
            self._analysis_run = None
            return {**base, "state": "off"}
        player = game.current_player
        waiting = ""
        if player is None:
            waiting = "The game is over: nothing to analyse."
        elif player == CHANCE:
            waiting = "Chance decides now: the analysis starts at the next decision."
        elif getattr(self, "editing", False):
            waiting = "The table is being edited: the analysis starts when play resumes."
        elif seat is not None and player != seat:
            waiting = f"The analysis starts at {possessive(game, seat)} next decision."
        if waiting:
            self._stop_run(self._analysis_run)
            self._analysis_run = None
            return {**base, "state": "waiting", "note": waiting, "announce": waiting}
        assert player is not None  # (over and chance were handled above)
        key = ("analysis", player, knowledge, game.seed, _history_ids(game, game.step))
        run = self._analysis_run
        if run is None or run.key != key:
            self._stop_run(run)
            run = _Run(key, player, knowledge, _running_loop())
            self._analysis_run = run
            run.thread = threading.Thread(target=self._analysis_thread, args=(run, game.clone()),
                                          name="dragonwidgets analysis", daemon=True)
            run.thread.start()
        owner = possessive(game, player)
        label = KNOWLEDGE_LABELS[knowledge].format(owner=owner)
        return {**base, "state": "running", "seat": player, "step": game.step, "label": label, "rows": {},
                "note": f"Analysing {owner} decision {label}…", "announce": f"Analysing {owner} decision.",
                **run.latest}

    def _review_follow(self) -> dict[str, Any]:
        """The ``review`` trait now: the review of this view's seat, its steps whose history is unchanged."""
        run = self._review_run
        seat = self._view_seat()
        if run is None or run.seat != seat:
            return {"state": "off"}
        return self._review_shown(seat, total=run.latest.get("total", 0), state=run.latest.get("state", "running"))

    def _review_shown(self, seat: Optional[int], total: int, state: str) -> dict[str, Any]:
        game = self._game
        ids = self._review_run.key[3] if self._review_run is not None else ()
        current = _history_ids(game, min(len(ids), game.history_length))
        same = next((i for i, (a, b) in enumerate(zip(ids, current)) if a != b), len(current))
        steps = [s for s in self._review_steps if s.step < same]
        whose = "every seat's" if seat is None else possessive(game, seat)
        policy = self._review_run.latest.get("policy", "") if self._review_run is not None else ""
        return {"state": state, "seat": seat, "reviewed": len(self._review_steps), "total": total,
                "policy": policy, "steps": [_review_row(s) for s in steps],
                "note": f"Review of {whose} decisions: {len(self._review_steps)} of {total} analysed"
                + (f" (rollouts of the {policy} bot)" if policy else "")}

    # ------------------------------------------------------------------ the worker threads
    def _analysis_thread(self, run: _Run, game: Game) -> None:
        """Iterate the analysis of ``game`` (a copy), handing each refinement to the kernel's thread."""
        try:
            for found in analyse_steps(game, run.seat, rollouts=ANALYSIS_ROLLOUTS, seed=ANALYSIS_SEED,
                                       knowledge=run.knowledge, progress=False, stop=run.stop,
                                       executor=_StoppableExecutor(run.stop)):
                self._deliver(run, _bound(self._show_analysis, run, found))
        except _Stopped:
            return
        except Exception as exc:  # noqa: BLE001 - a failure is shown, never raised into the kernel
            self._deliver(run, lambda: self._analysis_failed(run, exc))

    def _review_thread(self, run: _Run, game: Game, steps: list[int]) -> None:
        """Analyse each decision of ``steps`` on ``game`` (a copy), handing each reviewed step to the kernel."""
        total = len(steps)
        try:
            for i in steps:
                if run.stop.is_set():
                    return
                game.goto(i)
                taken = game.entry(i).action
                # game.review()'s stop: until the best action is known, then the action taken and the best to
                # the precision or the budget (what a mark and the chart need)
                found = analyse(game, taken.player, rollouts=REVIEW_ROLLOUTS, seed=i, progress=False,
                                until=REVIEW_UNTIL, refine=(taken.id,), stop=run.stop,
                                executor=_StoppableExecutor(run.stop))
                row = review_step(i, taken.player, taken.id, found)
                self._deliver(run, _bound(self._show_review, run, row, found.policy, total))
            self._deliver(run, lambda: self._show_review(run, None, run.latest.get("policy", ""), total))
        except _Stopped:
            return
        except Exception as exc:  # noqa: BLE001
            self._deliver(run, lambda: self._review_failed(run, exc))

    def _deliver(self, run: _Run, show: Callable[[], None]) -> None:
        """Run ``show`` on the kernel's thread (its event loop), or under the lock where no loop runs."""
        if run.stop.is_set():
            return
        if run.loop is not None:
            try:
                run.loop.call_soon_threadsafe(show)
            except RuntimeError:  # the loop closed (the kernel shuts down)
                run.stop.set()
            return
        with self._analysis_lock:
            show()

    def _show_analysis(self, run: _Run, found: Analysis) -> None:
        """Publish one refinement, if its run is still the current one (else it is dropped)."""
        if run is not self._analysis_run or run.stop.is_set():
            return
        run.latest = _analysis_values(self._game, found)
        self.analysis = {**self.analysis, **run.latest}

    def _analysis_failed(self, run: _Run, exc: BaseException) -> None:
        if run is not self._analysis_run or run.stop.is_set():
            return
        note = f"The analysis failed: {type(exc).__name__}: {exc}"[:300]
        run.latest = {"state": "error", "note": note, "announce": note}
        self.analysis = {**self.analysis, **run.latest}

    def _show_review(self, run: _Run, row: Optional[ReviewStep], policy: str, total: int) -> None:
        if run is not self._review_run or run.stop.is_set():
            return
        if row is not None:
            self._review_steps.append(row)
        run.latest = {"policy": policy, "total": total, "state": "running" if row is not None else "done"}
        if run.seat == self._view_seat():
            self.review = self._review_shown(run.seat, total, run.latest["state"])

    def _review_failed(self, run: _Run, exc: BaseException) -> None:
        if run is not self._review_run or run.stop.is_set():
            return
        run.latest = {**run.latest, "state": "error"}
        if run.seat == self._view_seat():
            self.review = {**self.review, "state": "error",
                           "note": f"The review failed: {type(exc).__name__}: {exc}"[:300]}

    @staticmethod
    def _stop_run(run: Optional[_Run]) -> None:
        if run is not None:
            run.stop.set()


def _bound(fn: Callable[..., None], *args: Any) -> Callable[[], None]:
    """``fn`` with ``args`` bound now (a lambda in a loop would read the loop's last values)."""
    return lambda: fn(*args)


def _running_loop() -> Optional[asyncio.AbstractEventLoop]:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _analysis_values(game: Game, found: Analysis) -> dict[str, Any]:
    """What the page is sent of one refinement: a row per action id (numbers rounded, a label, the rank)."""
    ranked = {row.action: n for n, row in enumerate(found.ranked(), 1)}
    best = found.best().action if found.rows else None
    team = " (the team's chance)" if game.name == "draghan" else ""
    rows = {
        row.action: {
            "value": _rounded(row.value), "low": _rounded(row.low), "high": _rounded(row.high),
            "rollouts": row.rollouts, "exact": row.exact, "mean_score": _rounded(row.mean_score),
            "rank": ranked[row.action], "best": row.action == best, "text": value_text(row),
            "aria": (f"{value_text(row)} chance to win{team}" if row.value == row.value else "not valued yet")
            + ("" if row.mean_score != row.mean_score else f", mean score {row.mean_score:.1f}"),
        }
        for row in found.rows
    }
    state = "done" if found.done else "running"
    owner = possessive(game, int(found.seat))
    summary = (f"{found.rollouts:,} rollouts of the {found.policy} bot in {found.seconds:.1f} s"
               + (", settled" if found.settled else
                  f", best action known (none better by {found.precision * 100:.0f} points)" if found.best_known else "")
               + ("" if found.done else ", refining…"))
    return {"state": state, "rows": rows, "policy": found.policy, "rollouts": found.rollouts,
            "seconds": round(found.seconds, 2), "settled": found.settled, "done": found.done,
            "best_known": found.best_known, "announce": _announce(found, owner),
            "note": f"{owner} chance to win{team} after each action, "
                    f"{KNOWLEDGE_LABELS[found.knowledge].format(owner=owner)}: {summary}"}


def _announce(found: Analysis, owner: str) -> str:
    """What a screen reader is told of the analysis: its phase only (running, best action known, settled, done),
    so the live region speaks when the phase changes, not at every refinement (the note's rollout count).
    ``owner``: the seat's name as an owner (:func:`~.status.possessive`: ``"Black's"``, ``"Dwarves'"``)."""
    if found.settled:
        return f"Analysis of {owner} decision settled."
    if found.best_known:
        return f"Analysis of {owner} decision: best action known" + ("." if found.done else ", refining.")
    return f"Analysis of {owner} decision done." if found.done else f"Analysing {owner} decision."


def review_trait(review: Review, game: Game, seat: Optional[int]) -> dict[str, Any]:
    """The ``review`` trait of a finished :class:`~dragonwidgets.analysis.Review` (what an offline page carries)."""
    whose = "every seat's" if seat is None else possessive(game, seat)
    return {"state": "done", "seat": seat, "reviewed": len(review), "total": len(review), "policy": review.policy,
            "steps": [_review_row(s) for s in review],
            "note": f"Review of {whose} decisions: {len(review)} analysed (rollouts of the {review.policy} bot)"}


def _review_row(s: ReviewStep) -> dict[str, Any]:
    loss = round(s.loss * 100)
    text = (f"{s.mark}: {loss} points below the best action ({round(s.best_value * 100)} %)" if s.mark
            else "as good as the best action, within the analysis's precision" if s.action == s.best_action
            or s.loss < 0.05 else f"{loss} points below the best, within the noise")
    return {"step": s.step, "seat": s.seat, "action": s.action, "value": _rounded(s.value), "low": _rounded(s.low),
            "high": _rounded(s.high), "best_action": s.best_action, "best_value": _rounded(s.best_value),
            "loss": _rounded(s.loss), "mark": s.mark, "exact": s.exact, "text": text}


def _rounded(x: float) -> Optional[float]:
    return None if x != x else round(float(x), 4)
