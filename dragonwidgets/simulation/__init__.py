"""Simulation at scale: play thousands of independent games, get numpy arrays back.

:func:`simulate` is the entry point (also ``dragonwidgets.simulate``); it returns a
:class:`SimulationResult`. Modules: ``run`` (arguments, seeds, batches, executors, the progress bar),
``play`` (the games themselves, picklable for worker processes), ``result`` (the arrays and
``reopen``), ``stats`` (win rates with intervals and line fits for the teaching notebooks).
"""

from .play import Study, play_batch, play_game, summarize
from .result import SimulationResult
from .run import InlineExecutor, available_cpus, game_seeds, simulate

__all__ = [
    "InlineExecutor", "SimulationResult", "Study", "available_cpus", "game_seeds", "play_batch", "play_game",
    "simulate", "summarize",
]
