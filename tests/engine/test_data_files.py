"""Every game's data file is read by one reader (``engine.data``): what is not plain JSON data is refused
with a ``GameDataError`` naming the file (and the field), never a raw ``RecursionError``, and nothing is
created. The bundled files of the four games, spoiled in the ways an outside review tried."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import dragonwidgets
from dragonwidgets import GameDataError
from dragonwidgets.engine.data import MAX_DEPTH, file_digest, read_json
from dragonwidgets.games.chasse_au_dragon.setup import BUNDLED_SETUP
from dragonwidgets.games.drachenland.board import BUNDLED_BOARD as DL_BOARD
from dragonwidgets.games.draghan.cards import _BUNDLED_FILE as DG_DECKS
from dragonwidgets.games.emerald.board import BUNDLED_BOARD as EM_BOARD

#: game -> (its data-file option, the bundled file, a path to a number inside it, players)
GAMES = {
    "emerald": ("board_file", EM_BOARD, ("lair_places",), 3),
    "drachenland": ("board_file", DL_BOARD, ("volcanoes", 0, "eggs"), 3),
    "chasse_au_dragon": ("setup_file", BUNDLED_SETUP, ("card_types", "ogre", "power"), 3),
    "draghan": ("decks_file", Path(DG_DECKS), ("coins",), 2),
}


def _bundled(game: str):
    return json.loads(Path(GAMES[game][1]).read_text(encoding="utf-8"))


def _start(game: str, path: Path):
    option, _, _, players = GAMES[game]
    return dragonwidgets.new_game(game, players=players, seed=1, **{option: str(path)})


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


@pytest.mark.parametrize("game", sorted(GAMES))
def test_bundled_data_loads(game):
    """The check below fails for a reason: the bundled file itself passes the same reader."""
    assert isinstance(read_json(GAMES[game][1]), dict)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_deep_nesting_is_a_data_error_not_a_recursion_error(game, tmp_path):
    path = tmp_path / "deep.json"
    data = _bundled(game)
    data["source"] = "x"
    text = json.dumps(data)
    path.write_text(text[:-1] + ', "deep": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    with pytest.raises(GameDataError, match=rf"deep\.json: arrays and objects nest deeper than {MAX_DEPTH}"):
        _start(game, path)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e999"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_non_finite_numbers_are_refused_naming_the_field(game, constant, tmp_path):
    """Python's json reads NaN and Infinity; a board with a NaN coordinate once reached the browser."""
    data = _bundled(game)
    field_path = GAMES[game][2]
    _set(data, field_path, "@@")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data).replace('"@@"', constant), encoding="utf-8")
    field = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in field_path).lstrip(".")
    with pytest.raises(GameDataError, match=r"bad\.json") as err:
        _start(game, path)
    msg = str(err.value)
    assert f"field {field!r}: " in msg and "is not a number a data file may hold" in msg, msg


def test_a_key_given_twice_is_refused(tmp_path):
    path = tmp_path / "twice.json"
    path.write_text('{"game": "emerald", "format": 1, "format": 2}', encoding="utf-8")
    with pytest.raises(GameDataError, match=r"twice\.json: field 'format': key given twice"):
        read_json(path)


def test_emerald_format_field_is_checked(tmp_path):
    """The review found Emerald's ``format`` never checked: a file of another layout was read as format 1."""
    data = _bundled("emerald")
    for bad in (2, "1", None):
        data["format"] = bad
        path = tmp_path / "board.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(GameDataError, match=r"board\.json: field 'format': unknown format"):
            _start("emerald", path)
    del data["format"]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameDataError, match="field 'format'"):
        _start("emerald", path)


def test_not_utf8_and_oversized_files_are_refused(tmp_path):
    path = tmp_path / "latin.json"
    path.write_bytes('{"source": "café"}'.encode("latin-1"))
    with pytest.raises(GameDataError, match=r"latin\.json: not UTF-8"):
        read_json(path)
    big = tmp_path / "big.json"
    big.write_text("[" + "0," * 2_500_000 + "0]", encoding="utf-8")
    with pytest.raises(GameDataError, match=r"big\.json: the data file is over"):
        read_json(big)


def test_file_digest_tells_files_apart(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text('{"x": 1}', encoding="utf-8")
    b.write_text('{"x": 2}', encoding="utf-8")
    assert file_digest(a) != file_digest(b)
    assert file_digest(a) == file_digest(tmp_path / "a.json")
    with pytest.raises(GameDataError, match="nowhere.json"):
        file_digest(tmp_path / "nowhere.json")
