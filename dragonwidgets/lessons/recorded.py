"""A chapter made from a played game: its start, its line, its comments and variations (issue 28 item 2)."""

from __future__ import annotations

from typing import Any

from ..engine.game import Game
from .model import Chapter, Mode, Question, Start, Step, Variation


def start_of(game: Game) -> Start:
    """Return the :class:`~.model.Start` of ``game``: its seed, options, chance mode and start position."""
    return Start(game=game.name, players=game.players, seed=game.seed, options=dict(game.options),
                 chance=game.chance_mode, position=game.start_position)


def _steps(entries: list[dict[str, Any]], comments: dict[int, str], lines: dict[int, list[dict[str, Any]]],
           chance: str) -> tuple[list[Step], str | None]:
    """The steps of a line of ``entries`` (``{"id", "auto"}``), a comment on the state after k entries on the
    step that follows it, and the comment on the state after the last entry. With ``chance="auto"`` the
    drawn entries are left out (the seed draws them again); their comments go to the next step."""
    steps: list[Step] = []
    pending: list[str] = []
    pending_lines: list[Variation] = []
    for k, entry in enumerate(entries):
        if k in comments:
            pending.append(comments[k])
        pending_lines += [_variation(line, chance) for line in lines.get(k, [])]
        if chance == "auto" and entry.get("auto"):
            continue
        steps.append(Step(action=entry["id"], comment="\n\n".join(pending) or None, variations=pending_lines))
        pending, pending_lines = [], []
    if len(entries) in comments:
        pending.append(comments[len(entries)])
    return steps, "\n\n".join(pending) or None


def _variation(line: dict[str, Any], chance: str) -> Variation:
    comments = {int(k): t for k, t in line.get("comments", {}).items()}
    lines = {int(k): v for k, v in line.get("variations", {}).items()}
    steps, last = _steps(line["actions"], comments, lines, chance)
    return Variation(steps=steps, comment=last)


def chapter_from_game(game: Game, title: str, mode: Mode = "walkthrough", seat: int | None = 0) -> Chapter:
    """Return a chapter of ``mode`` replaying ``game``'s whole current line from its start, its comments
    (:meth:`~dragonwidgets.engine.game.Game.annotate`) on the steps they precede and its variations on the
    steps they replace; a comment on the final state becomes the chapter's ``closing``.

    Nested variations become variations of the variation's steps; a variation's final comment becomes its
    ``comment``.
    """
    entries = [{"id": e.action.id, "auto": e.auto} for e in game.history]
    lines = {k: game.variations(k) for k in range(len(entries) + 1) if game.variations(k)}
    steps, closing = _steps(entries, game.comments, lines, game.chance_mode)
    return Chapter(title=title, mode=mode, start=start_of(game), seat=seat, steps=steps, closing=closing)


def chapter_from_recording(game: Game, title: str, questions: dict[int, list[str]], *,
                           mode: Mode = "walkthrough", seat: int | None = None) -> Chapter:
    """Return the chapter of a lesson recorded in the widget: :func:`chapter_from_game` of ``game`` with a
    question on each step of ``questions``.

    Args:
        game: the annotated game (its comments and variations become the steps').
        title: the chapter's title.
        questions: ``{k: accepted}``: the entry ``k`` of the line (the action played from the state after
            ``k`` entries) is a question; its action is the accepted answer, and so are the action ids of
            ``accepted`` (other legal actions at that state).
        mode: the chapter's mode (see :data:`~.model.MODES`).
        seat: the student's seat; ``None`` (default) picks the seat that decides every question step when
            one seat does, else every seat (``None``).

    Raises:
        ValueError: a step of ``questions`` that is not an entry of the line, or an entry the generator drew
            (a chance outcome of ``chance="auto"``: no step of the chapter).
    """
    chapter = chapter_from_game(game, title, mode, seat)
    place: dict[int, int] = {}  # entry of the line -> step of the chapter
    for k, entry in enumerate(game.history):
        if not (game.chance_mode == "auto" and entry.auto):
            place[k] = len(place)
    for k, accepted in sorted(questions.items()):
        if k not in place:
            raise ValueError(f"questions[{k}]: the line has no step {k} a student could be asked "
                             f"(entries 0..{game.history_length - 1}, chance drawn by the seed aside)")
        played = game.entry(k).action.id
        others = [a for a in dict.fromkeys(accepted) if a != played]
        chapter.steps[place[k]].question = Question(accepted=[played, *others] if others else [])
    if seat is None:
        deciders = {game.entry(k).action.player for k in questions}
        chapter.seat = deciders.pop() if len(deciders) == 1 else None
    return chapter
