"""Write notebooks/agents.ipynb from the cell list below and execute it.

Usage: python tools/make_agents_notebook.py. Edit the cells here, rerun, commit the notebook: the saved
outputs are what nbval compares, so they must come from a real run. A cell starting with "#md" is markdown.
The notebook trains a small agent (dragonwidgets.learn) on two-player Emerald, draws its learning curve
against the random and greedy bots, measures it, and seats it in a widget. Its first code cell holds the
sizes: the small values stored here (under a minute under nbval) and, in comments, the full run's.
Every game and every weight is seeded, so the outputs repeat; the one cell that prints a timing starts with
``# NBVAL_IGNORE_OUTPUT`` (nbval runs it but does not compare its output).
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from make_notebooks import nb, write  # noqa: E402, F401  (the cell lists become notebooks the same way; the tests rebuild them with nb)

ROOT = str(pathlib.Path(__file__).resolve().parent.parent / "notebooks") + "/"

AGENTS = [
"""#md
# Train an agent, then play against it

In this notebook a small learning agent teaches itself two-player **Emerald** by playing against the
`random` bot. We draw its learning curve against the `random` and `greedy` bots, measure how often it wins,
and finally take a seat against it on the board.

The cell below sets the sizes. The outputs stored in this notebook come from the small values, so that the
whole notebook runs in under a minute; the comments give the full run's values (training then takes under a
minute here, a few minutes on a slow laptop; the whole notebook about twice that).
""",
"""N_TRAIN = 200     # training games; 3_000 for the full run
EVAL_EVERY = 50   # training games between two points of the learning curve; 250 for the full run
N_EVAL = 20       # games per point of the curve and per bot; 100 for the full run
N_FINAL = 100     # games of the final measure, per bot; 1_000 for the full run
SEED = 2026       # every game derives its seed from it: the same seed gives the same agent""",
"""#md
## What the agent sees

An agent does not read the board picture or the observation dict: it reads numbers. Every game of
dragonwidgets has a numeric face: a fixed **action space** (each action a seat may ever be offered has an
index: 93 of them in two-player Emerald), a **legal action mask** (which of those indices are allowed now) and
an **observation tensor**: a flat vector of 528 numbers for two-player Emerald, holding exactly what the seat
may see (where the knights stand, the piles on the mountains with their face-up cards, the dragon, the hands,
with another player's gold values hidden). Here is its layout, field by field, and the first decision of a
game as the agent meets it:
""",
"""import numpy as np
import dragonwidgets
from dragonwidgets.games.emerald.tensor import observation_layout

game = dragonwidgets.new_game("emerald", players=2, seed=SEED)
seat = game.current_player
x = game.observation_tensor(seat)
layout = observation_layout(game.board, game.players)
print(f"tensor {x.shape} {x.dtype}, {game.num_distinct_actions} actions; seat {seat} decides")
print(layout.describe())""",
"""print("the knights in the observation dict:", game.observation(seat)["knights"])
print("the same in the tensor (rows: T1 T2 T3 T4 KEEP; columns:", ", ".join(game.board.colours) + ")")
print(layout.view(x, "knights").reshape(-1, len(game.board.colours))[:5])
print("legal now (index: action):", {int(i): game.action_id(i) for i in game.legal_action_indices()})""",
"""#md
## What it learns, and why this learner

The agent is a **linear softmax policy** (`dragonwidgets.learn.LinearPolicy`): it scores every action index
as a weighted sum of the tensor's entries (one weight per entry and action, 528 × 93, plus a bias per
action), keeps the legal ones, and turns the scores into probabilities. Before training every weight is 0:
all legal actions are equally likely, so the untrained agent plays exactly like the `random` bot.

It learns by **REINFORCE**, the classic policy-gradient method (Williams, 1992): it plays a whole game against the `random`
bot, sampling its moves from its probabilities; its reward is the game's return for its seat (1 for a win,
0 for a loss). Then every move it made becomes a little likelier if the game went better than its recent
average, and a little less likely if it went worse. It plays seat 0 and seat 1 in turn, so it learns both.

Why this one: it is a short module of numpy (numpy is already all the game engine needs), it trains on
a laptop's CPU in minutes, and every step is seeded, so the notebook gives the same agent every time.
OpenSpiel (the `openspiel` extra) registers Emerald too, but its numpy learners are tabular: they keep one
entry per information state, and Emerald's states almost never repeat. Its deep learners need JAX or
PyTorch, hundreds of megabytes of wheels, more than a game of this size needs. The same agent works for any
game of the package: `LinearPolicy.for_game(game)` sizes it from the game's tensor and action space.

## The learning curve

Every `EVAL_EVERY` training games we stop, and the agent plays `N_EVAL` games against each bot, on the same
seeds every time and without exploring (it plays its most likely move). A shared win counts as no win here.
""",
"""import time
from dragonwidgets.learn import LinearPolicy, evaluate, train

policy = LinearPolicy.for_game(game, seed=SEED, name="reinforce")
BOTS = ("random", "greedy")
played, won = [], {bot: [] for bot in BOTS}
training, seconds = None, 0.0
for point in range(N_TRAIN // EVAL_EVERY + 1):
    if point:
        start = time.perf_counter()
        training = train(policy, "random", games=EVAL_EVERY, seed=SEED, training=training)
        seconds += time.perf_counter() - start
    played.append(training.games if training else 0)
    for bot in BOTS:
        rewards = evaluate(policy, bot, games=N_EVAL, seed=SEED + 1_000_000)
        won[bot].append(int((rewards == 1.0).sum()))
for bot in BOTS:
    print(f"wins against {bot:<6} (of {N_EVAL}):", won[bot])""",
"""# NBVAL_IGNORE_OUTPUT
print(f"training: {training.games} games in {seconds:.0f} s ({training.games / seconds:.0f} games a second)")""",
"""import matplotlib.pyplot as plt
from dragonwidgets.simulation.stats import rate_table, rates

fig, ax = plt.subplots(figsize=(7, 3.5))
for bot in BOTS:
    r = rates(won[bot], N_EVAL)
    ax.plot(played, r.rate, "o-", label=f"against {bot}")
    ax.fill_between(played, r.low, r.high, alpha=0.2)
ax.axhline(0.5, ls="--", color="grey")
ax.set(xlabel="training games", ylabel=f"win rate ({N_EVAL} games, 95 % band)", ylim=(0, 1))
ax.legend(loc="center left", bbox_to_anchor=(1, 0.5))   # beside the curves, not on their bands
fig.tight_layout()
plt.show()""",
"""#md
The first point is the untrained agent: about one game in two against `random`, almost none against
`greedy`, which looks one move ahead (it enters the lair whenever it can and weighs each card against the
dragon's odds). The bands are 95 % Wilson intervals: with a few dozen games they are wide.

## How often does it win?

A fresh set of `N_FINAL` games against each bot, with seeds the training and the curve never used:
""",
"""final = {bot: evaluate(policy, bot, games=N_FINAL, seed=SEED + 2_000_000) for bot in BOTS}
print(rate_table([f"against {bot}" for bot in BOTS],
                 rates([int((final[bot] == 1.0).sum()) for bot in BOTS], N_FINAL)))""",
"""#md
**What the full run says** (the values in the comments of the sizes cell, run once here: 3,000 training
games in 26 s on a 2-core machine): the agent won 909 of 1,000 games against `random` (90.9 %, 95 % interval
89.0 to 92.5 %) and 161 of 1,000 against `greedy` (16.1 %, 14.0 to 18.5 %). Its curve against `random`
reaches 90 % after 250 training games and stays near it; against `greedy` it climbs from 1 in 100 untrained
to between 9 and 21 in 100.

What did it learn? Its weights are hard to read one by one, but its choices are not. Here are its
probabilities for the opening decision shown at the top (before training: one in eight for each of its eight
legal moves):
""",
"""from dragonwidgets.learn import features

opening = policy.probabilities(features(x), game.legal_action_mask())
print("opening:", ", ".join(f"{game.action_id(i)} {opening[i]:.0%}" for i in np.argsort(-opening)[:4]), "...")""",
"""#md
## Play against it

A trained policy takes a seat as it is: a widget seat accepts any callable that is given what the seat may
see (the tensor and the action mask, among others) and answers an action index. You are **seat 0**; the
agent plays seat 1 (shown as `agent reinforce`) with its most likely move. `viewer=0` shows the table as
your seat sees it (the agent's gold values stay hidden). Click a highlighted knight stack to move; the agent
answers at the widget's pace.
""",
"""w = dragonwidgets.EmeraldWidget(players=2, seed=7, seats=["human", policy], viewer=0)
w""",
"""#md
To watch it play the `greedy` bot instead, give seat 0 to the bot and let both play:
`w.set_seat(0, "greedy"); w.play()`.

Going further: train against `greedy` (`train(policy, "greedy", ...)`) or a mix of both (in one run of
1,500 games against `greedy` here, the agent then won 29 of 100 games against `greedy` and 91 of 100 against
`random`); or train the same agent on another game
(`LinearPolicy.for_game(dragonwidgets.new_game("drachenland", players=2, seed=1))`, then
`train(policy, game="drachenland", ...)`). Save a trained agent with
`np.savez("agent.npz", weights=policy.weights, bias=policy.bias)`.
""",
]

if __name__ == "__main__":
    write(AGENTS, ROOT + "agents.ipynb", timeout=1800)
