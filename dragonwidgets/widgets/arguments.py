"""What a game's widget is built from: its front-end bundle and the game its arguments describe."""

from __future__ import annotations

import pathlib
from typing import Any

from ..engine import Game, game_class, new_game

STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"


#: The keywords every widget takes besides the game's own settings.
WIDGET_KEYWORDS = ("pace", "playing", "take_backs", "agent_time_limit", "layout")


def game_for_widget(widget: str, name: str, title: str, *, players: int, seed: int | None, chance: str,
                    game: Game | None, options: dict[str, Any], default_players: int = 3) -> Game:
    """Return the game a game's widget (``widget``, e.g. ``"EmeraldWidget"``) shows: ``game`` itself, checked
    to be a ``name`` game given alone, or a new one from ``players``, ``seed``, ``chance`` and ``options``.

    Raises:
        TypeError: an option the game does not have (the message lists the widget's keywords and the
            game's options), ``game=`` together with game settings, or a game of another kind.
        ValueError: a player count or option value the game refuses.
    """
    known = game_class(name).option_defaults
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise TypeError(
            f"{widget}() got unexpected keyword argument(s) {', '.join(map(repr, unknown))}; it takes players, "
            f"seed, seats, viewer, chance, game, {', '.join(WIDGET_KEYWORDS[:-1])} and the {title} options: "
            f"{', '.join(sorted(known))}"
        )
    if game is None:
        return new_game(name, players=players, seed=seed, chance=chance, **options)
    if options or seed is not None or chance != "auto" or players != default_players:
        raise TypeError(f"{widget}(game=...) shows an existing game: leave out players, seed, chance and options")
    if getattr(game, "name", None) != name:
        raise TypeError(f"{widget} shows a {title} game, got {getattr(game, 'name', game)!r}; use GameWidget(game)")
    return game


def widget_keywords(kwargs: dict[str, Any]) -> dict[str, Any]:
    """Remove and return the widget's own keywords (``WIDGET_KEYWORDS``) from ``kwargs``."""
    return {k: kwargs.pop(k) for k in WIDGET_KEYWORDS if k in kwargs}


def bundle(name: str) -> pathlib.Path | str:
    """Return the built front end ``static/<name>.js``, or a stub module saying how to build it."""
    path = STATIC / f"{name}.js"
    if path.is_file():
        return path
    return (
        "export default { render({ el }) { el.textContent = "
        f"'dragonwidgets: the front end static/{name}.js is not built; run `npm install && npm run build` "
        "in the repository (pip install does it).'; } };\n"  # multi-line: anywidget never reads it as a path
    )
