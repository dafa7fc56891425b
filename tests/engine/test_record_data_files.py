"""A record never makes the package read a file the caller did not pass (issue 11, item 10).

A record carries the SHA-256 of each data file its game read (``record["data"]``); replaying a game
played with a data file of its own needs that file passed again (``from_record(record, board_file=...)``)
with the same content. The refusal is the same whether the recorded path exists or not, so a record
from someone else cannot probe the reader's disk.
"""

from __future__ import annotations

import json
import re
import shutil

import pytest

import dragonwidgets
from dragonwidgets import RecordError
from dragonwidgets.engine import game_class
from dragonwidgets.engine.data import file_digest
from dragonwidgets.games.emerald.board import BUNDLED_BOARD


def _played(**options):
    g = dragonwidgets.new_game("emerald", players=3, seed=5, **options)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    return g


@pytest.fixture
def own_board(tmp_path):
    path = tmp_path / "my_board.json"
    shutil.copy(BUNDLED_BOARD, path)
    return path


def test_every_game_declares_its_data_files_and_records_their_digests():
    for name, option in [("emerald", "board_file"), ("drachenland", "board_file"),
                         ("chasse_au_dragon", "setup_file"), ("draghan", "decks_file")]:
        cls = game_class(name)
        assert list(cls.data_options) == [option]
        g = dragonwidgets.new_game(name, players=cls.min_players, seed=1)
        record = g.to_record()
        assert record["data"] == {option: file_digest(cls.data_options[option])}


def test_a_record_with_a_file_of_its_own_is_refused_unless_the_file_is_passed(own_board, tmp_path):
    g = _played(board_file=str(own_board))
    record = json.loads(json.dumps(g.to_record()))
    with pytest.raises(RecordError, match=r"pass the file, from_record\(record, board_file=path\)") as err:
        dragonwidgets.from_record(record)
    # The same refusal for a path that does not exist: nothing was opened, nothing is told about the disk.
    elsewhere = dict(record, options=dict(record["options"], board_file=str(tmp_path / "nowhere.json")))
    with pytest.raises(RecordError) as err2:
        dragonwidgets.from_record(elsewhere)
    # The path is quoted cut to 80 characters (a temporary folder under pytest-xdist is longer): compare without it.
    quoted = re.compile(r"\('[^']*'\)")
    assert quoted.sub("(P)", str(err.value)) == quoted.sub("(P)", str(err2.value))
    assert "cannot read" not in str(err2.value) and "exist" not in str(err2.value)
    replay = dragonwidgets.from_record(record, board_file=str(own_board))
    assert replay.state_digest() == g.state_digest()


def test_a_record_never_opens_the_path_it_names(own_board, monkeypatch):
    record = _played(board_file=str(own_board)).to_record()
    opened = []
    real_open = open

    def spy(file, *args, **kwargs):
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", spy)
    with pytest.raises(RecordError):
        dragonwidgets.from_record(record)
    assert str(own_board) not in opened


def test_a_passed_file_with_other_content_is_refused(own_board, tmp_path):
    record = _played(board_file=str(own_board)).to_record()
    other = tmp_path / "other.json"
    data = json.loads(own_board.read_text(encoding="utf-8"))
    data["source"] = "an owner's corrected board"
    other.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="record was played with other board_file data than the file passed"):
        dragonwidgets.from_record(record, board_file=str(other))


def test_a_record_of_other_bundled_data_is_refused():
    record = _played().to_record()
    record["data"]["board_file"] = "0" * 64
    with pytest.raises(RecordError, match="other board_file data than this version's bundled board_file data"):
        dragonwidgets.from_record(record)
    del record["data"]  # a record made before records carried digests still replays
    assert dragonwidgets.from_record(record).step == 6


def test_unknown_data_keyword_is_a_value_error():
    record = _played().to_record()
    with pytest.raises(ValueError, match="emerald's data files are: board_file"):
        dragonwidgets.from_record(record, decks_file="x.json")


@pytest.mark.parametrize("step", [True, False, -1, 7, 2.0, "1"])
def test_a_record_step_that_is_not_a_step_is_a_record_error(step):
    """``step: true`` raised HistoryError from goto(); it is the record that is malformed."""
    record = _played().to_record()
    record["step"] = step
    with pytest.raises(RecordError, match="record key 'step' must be an int in 0..6"):
        dragonwidgets.from_record(record)
