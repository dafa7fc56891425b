"""Checking a lesson by replaying it: every chapter's start, line, questions, highlights and privacy.

:func:`check_chapter` replays a chapter's line on its game and raises a :class:`~.errors.LessonError`
naming the chapter, the step and the field at the first step that cannot be: an action not legal where it
stands (with the engine's reason), a question on a step the student does not decide, an accepted answer
that is not legal there, a feedback for an answer that is illegal or accepted, a highlight naming nothing
on the board, or (for a seat's chapter, unless the step says ``reveal``) a highlight, comment, feedback,
hint or variation that names what that seat may not see (:mod:`.privacy`). Variations are replayed on copies.
"""

from __future__ import annotations

from ..engine import CHANCE, Action
from ..engine.chance import CHANCE_MODES
from ..engine.game import Game
from ..engine.registry import bot_names
from .board import board_names
from .format import Where
from .goals import goal_problem
from .model import Chapter, Start, Step
from .privacy import hidden_names, names_in_text


def start_game(start: Start, where: Where) -> Game:
    """Return the game ``start`` makes, or raise the :class:`LessonError` naming the ``start`` field at fault."""
    if start.chance not in CHANCE_MODES:
        where.fail("start.chance", f"must be one of {', '.join(CHANCE_MODES)}, got {start.chance!r:.40}")
    if start.record is not None:
        for key in ("game", "players"):
            if start.record.get(key) != getattr(start, key):
                where.fail("start.record", f"is a record of {key} {start.record.get(key)!r:.40}; the start says "
                                           f"{getattr(start, key)!r}")
    field = "start.record" if start.record is not None else "start.position" if start.position is not None else "start"
    try:
        return start.new_game()
    except (ValueError, NotImplementedError) as e:  # PositionError and RecordError are ValueErrors
        where.fail(field, str(e))


def check_chapter(chapter: Chapter, index: int) -> None:
    """Replay ``chapter`` (the ``index``-th) and raise :class:`LessonError` at the first thing that cannot be."""
    where = Where(index, chapter.title)
    game = start_game(chapter.start, where)
    seat = chapter.seat
    if seat is not None and not 0 <= seat < game.players:
        where.fail("seat", f"must be None (every seat) or a seat 0..{game.players - 1}, got {seat!r}")
    _check_practice(chapter, game, where)
    if seat is not None and chapter.comment is not None:
        _check_text(chapter.comment, hidden_names(game, seat), chapter, where, "comment")
    for i, step in enumerate(chapter.steps):
        check_step(game, chapter, step, Where(index, chapter.title, i, step.action))
        game.apply(step.action)
    if seat is not None and chapter.closing is not None:
        _check_text(chapter.closing, hidden_names(game, seat), chapter, where, "closing")
    if chapter.mode == "practice" and game.is_over:
        where.fail("steps", "the line ends the game: a practice chapter needs a game still going on")


def _check_practice(chapter: Chapter, game: Game, where: Where) -> None:
    if chapter.mode != "practice":
        if chapter.goal is not None or chapter.bots:
            where.fail("goal" if chapter.goal is not None else "bots", "only a practice chapter has a goal and bots")
        return
    if chapter.seat is None:
        where.fail("seat", "a practice chapter needs the student's seat (an int): the bots play the others")
    problem = goal_problem(chapter.goal or "win", game.name)
    if problem is not None:
        where.fail("goal", problem)
    others = set(range(game.players)) - {chapter.seat}
    if set(chapter.bots) != others:
        where.fail("bots", f"needs a bot for each of the seats {sorted(others)} and no other, got seats {sorted(chapter.bots)}")
    known = bot_names(game.name)
    for other, name in chapter.bots.items():
        if name not in known:
            where.fail(f"bots[{str(other)!r}]", f"{game.name} has no bot {name!r}; its bots are: {', '.join(known)}")


def _legal(game: Game, action_id: str, where: Where, field: str) -> Action:
    for action in game.legal_actions():
        if action.id == action_id:
            return action
    if game.is_over:
        where.fail(field, f"{action_id!r} cannot be played: the game is over here")
    verdict = game.explain(action_id)
    shown = ", ".join(repr(a) for a in game.legal_action_ids()[:8])
    where.fail(field, f"{verdict}\nLegal here: {shown}")


def check_step(game: Game, chapter: Chapter, step: Step, where: Where) -> None:
    """Check ``step`` where ``game`` stands (before its action), its variations on copies."""
    action = _legal(game, step.action, where, "action")
    if step.question is not None:
        _check_question(game, chapter, step, action, where)
    names = board_names(game, None)
    for j, name in enumerate(step.highlights):
        if name not in names:
            sample = ", ".join(sorted(names)[:10])
            where.fail(f"highlights[{j}]", f"{name!r} names nothing on the board here; it names e.g. {sample}")
    hidden: set[str] = set()
    if chapter.seat is not None and not step.reveal:
        hidden = hidden_names(game, chapter.seat, action)
        seen = board_names(game, chapter.seat)
        for j, name in enumerate(step.highlights):
            if name in hidden or name not in seen:
                where.fail(f"highlights[{j}]", f"{name!r} is hidden from seat {chapter.seat} here: set the step's "
                                               "reveal to show it on purpose")
        for field, text in _texts(step):
            _check_text(text, hidden, chapter, where, field)
    for k, variation in enumerate(step.variations):
        inner = where.within(f"variations[{k}].")
        if variation.comment is not None:
            _check_text(variation.comment, hidden, chapter, inner, "comment")
        twin = game.clone()
        for j, later in enumerate(variation.steps):
            at = inner.within(f"steps[{j}].")
            if later.question is not None:
                at.fail("question", "a step of a variation asks no question")
            check_step(twin, chapter, later, at)
            moved = _legal(twin, later.action, at, "action")
            if chapter.seat is not None and not later.reveal and not chapter.student_decides(moved.player):
                _check_text(later.action, hidden_names(twin, chapter.seat, moved), chapter, at, "action")
            twin.apply(later.action)


def _check_question(game: Game, chapter: Chapter, step: Step, action: Action, where: Where) -> None:
    question = step.question
    assert question is not None
    if not chapter.student_decides(action.player):
        who = "chance" if action.player == CHANCE else f"seat {action.player}"
        where.fail("question", f"this step is {who}'s, not the student's (seat {chapter.seat}): only the student's "
                               "steps ask a question")
    accepted = question.accepted or [step.action]
    for j, answer in enumerate(accepted):
        _legal(game, answer, where, f"question.accepted[{j}]")
    if step.action not in accepted:
        where.fail("question.accepted", f"must hold the step's action {step.action!r}: the line goes on with it")
    for answer in question.feedback:
        field = f"question.feedback[{answer!r}]"
        _legal(game, answer, where, field)
        if answer in accepted:
            where.fail(field, f"{answer!r} is an accepted answer: feedback is for the wrong ones")


def _texts(step: Step) -> list[tuple[str, str]]:
    """The texts a step shows its student, with their fields."""
    out = [("comment", step.comment)] if step.comment is not None else []
    if step.question is not None:
        out += [(f"question.feedback[{k!r}]", v) for k, v in step.question.feedback.items()]
        if step.question.default is not None:
            out.append(("question.default", step.question.default))
        out += [(f"question.hints[{j}]", h) for j, h in enumerate(step.question.hints)]
    return out


def _check_text(text: str, hidden: set[str], chapter: Chapter, where: Where, field: str) -> None:
    found = names_in_text(text, hidden)
    if found:
        where.fail(field, f"names {', '.join(map(repr, found[:5]))}, which seat {chapter.seat} may not see here: "
                          "set the step's reveal to show it on purpose")
