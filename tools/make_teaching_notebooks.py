"""Write the teaching notebooks notebooks/teaching/<game>.ipynb from the cell lists below and execute them.

Usage: python tools/make_teaching_notebooks.py [emerald] [drachenland] [chasse_au_dragon] [draghan].
Edit the cells here, rerun, commit the notebooks: the saved outputs are what nbval compares, so they
must come from a real run. A cell starting with "#md" is markdown. Each notebook asks two or three
questions a teacher would ask of its game and answers each with ``dragonwidgets.simulate`` and a plot,
with exact numbers beside the simulated ones where the rules give them. Its first code cell sets
``N_GAMES``: the small value stored here (and run under nbval); 10_000 gives smooth figures.
The progress bar is switched off here (DRAGONWIDGETS_PROGRESS=0), as under pytest.
"""
import os
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from make_notebooks import nb, write  # noqa: E402, F401  (the cell lists become notebooks the same way; the tests rebuild them with nb)

ROOT = str(pathlib.Path(__file__).resolve().parent.parent / "notebooks" / "teaching") + "/"

#: The end of question 1's cell in Emerald's and Drachenland's notebooks (does the first player win more
#: often?): inside the loop over player counts, print and draw the win rates ``r`` by place in the turn
#: order on the count's axis ``ax``, the fair share dashed.
SEAT_RATES_PLOT = """
    print(f"{players} players\\n" + rate_table([f"seat {s}" for s in range(players)], r) + "\\n")
    ax.errorbar(range(players), r.rate, yerr=r.errorbars(), fmt="o", capsize=4)
    ax.axhline(1 / players, ls="--", color="grey")
    ax.set(title=f"{players} players", xlabel="place in turn order", xticks=range(players))
axes[0].set_ylabel("win rate")
plt.show()"""


def bots_against_each_other(game: str, slow: str) -> str:
    """Return the code cell of the question "how do the bots fare against each other?" for a game whose
    bots are ``random`` and ``greedy`` (Emerald, Drachenland): three quick pairings, then the search bot
    with a tiny budget in the pairings ``slow`` (Python source of a list of (bot A, bot B), ``mcts`` for it),
    each line bot A in seat 0 against bot B in seat 1."""
    return f"""from dragonwidgets.engine.mcts import MCTSBot

mcts = MCTSBot(iterations=20, rollout_depth=10)   # a tiny budget (make_bot("{game}", "mcts") searches 100)

def label(bot):
    return bot if isinstance(bot, str) else f"mcts({{bot.iterations}})"

quick = [("greedy", "random"), ("random", "greedy"), ("greedy", "greedy")]
slow = {slow}
r_quick = matchups("{game}", quick, n_games=N_GAMES, seed=SEED)
r_slow = matchups("{game}", slow, n_games=N_MCTS, seed=SEED)
r = rates(np.r_[r_quick.wins, r_slow.wins], np.r_[r_quick.games, r_slow.games])
labels = [f"{{label(a)}} vs {{label(b)}}" for a, b in quick + slow]
print(rate_table(labels, r))

plot_rates(labels, r, xlabel="win rate of A (95 % intervals)")
plt.show()"""


EMERALD = [
"""#md
# Emerald: questions a teacher can answer by simulation

Three questions, each answered by playing many seeded games with `dragonwidgets.simulate` and drawing the
answer. Rule IDs such as `EM-DRAGON-7` are the ones the engine names on every legal action.

1. Does the first player win more often?
2. How likely is the dragon to catch a knight, square by square? (exact odds beside the simulated ones)
3. How do the bots fare against each other?

The cell below sets the size of every study. The outputs stored in this notebook come from the small value
(so that it runs in under a minute under test); set `N_GAMES = 10_000` for smooth figures. Then the
notebook takes about half an hour on a 2-core machine: one study of 10,000 three-player `greedy` games
took 4 to 6 minutes here, depending on the machine's load (46 to 30 games a second on 2 cores), and
question 2 replays its games once more.
""",
"""N_GAMES = 40      # games per study; 10_000 for smooth figures
N_MCTS = 8        # games per pairing for the slow search bot (question 3)
SEED = 2026       # every study derives from it: the same seed gives the same games""",
"""import numpy as np
import matplotlib.pyplot as plt
import dragonwidgets
from dragonwidgets.simulation.stats import matchups, plot_rates, rate_table, rates, win_rates""",
"""#md
## 1. Does the first player win more often?

`first_player=0` makes seat 0 start every game (EM-SETUP-14), so a seat's win rate is the win rate of that
place in the turn order. Every seat is played by the `greedy` bot. A shared victory (EM-SCORE-7, EM-INT-20)
counts for each tied seat. The bars are 95 % Wilson intervals; the dashed line is a fair share, 1 / players.
""",
"""def seat_rates(players):
    result = dragonwidgets.simulate("emerald", players=players, bots="greedy", n_games=N_GAMES,
                                    seed=SEED, options={"first_player": 0})
    return win_rates(result.winners)

fig, axes = plt.subplots(1, 4, figsize=(13, 3), sharey=True)
for ax, players in zip(axes, (2, 3, 4, 5)):
    r = seat_rates(players)""" + SEAT_RATES_PLOT,
"""#md
Read the intervals: where the dashed fair-share line crosses a seat's interval, these games show no
advantage or handicap for that place. With a few dozen games per player count the intervals are wide and
only a large advantage could show; with `N_GAMES = 10_000` each interval is about ±1 point.

**What a larger run says.** The same cell with `N_GAMES = 2_000` (run once here): the first player does
*not* win more often, except a little at four players. At three players the second seat wins 49 % of the
games (95 % interval 47–51 %), the first 28 % and the third 23 %; at five players the second seat wins
36 %, the first 17 % and the last 6 %; at four players the first seat wins 28 % (26–30 %), a little more
than a fair share, and the third 20 %; at two players the second seat wins 51 % (49–54 %), no clear edge
either way. The place in the turn order matters, and how much depends on how the seats play: these are
`greedy` bots.

## 2. How likely is the dragon to catch a knight, square by square?

A knight that stops on a mountain square beside the flight track (or on the dragon's square) wakes the
dragon (EM-DRAGON-2). The dragon flies 1, 2 or 3 squares (the die shows 1, 1, 2, 2, 3, 3), turning at the
ends of its 4-square track (EM-DRAGON-7), and catches a knight on the square where it lands (EM-CAPTURE-1,
EM-CAPTURE-3/4). Whether it comes down on the waking knight's own square depends only on where the dragon
sits and faces at that moment: the exact chance is 0, 1/3 or 2/3, computed here with the engine's own
`fly`. The track slides one square toward the lair after each flight (EM-TRACK-1), so where the dragon sits
depends on the game; we replay each game of a `greedy` study (`result.reopen(i)` plays game `i` again
from its seed), follow the dragon through its flights and, for every wake-up, set the exact chance beside
what happened.
""",
"""from types import SimpleNamespace
from dragonwidgets.games.emerald.dragon import advance_flight_track, fly

start = dragonwidgets.new_game("emerald", players=3, seed=0)
board = start.board
MOUNTAINS = [f"M{k}" for k in range(1, 10)]

def exact_catch(dragon, square):
    \"\"\"The exact chance that the dragon, as it sits now, lands on `square` (EM-DRAGON-4..7).\"\"\"
    track = board.track_positions[dragon.track]
    lands = [fly(track, dragon.dragon_pos, dragon.dragon_facing, roll)[0] for roll in board.die]
    return lands.count(board.pos[square]) / len(board.die)

def wake_ups(game):
    \"\"\"Yield (square of the knight that woke the dragon, exact chance of landing there, landed there?).\"\"\"
    dragon = SimpleNamespace(track=1, dragon_pos=start.state.dragon_pos, dragon_facing=start.state.dragon_facing)
    stopped = None
    for entry in game.history:
        for e in entry.events:
            if e.kind == "knight_moved":
                stopped = e.data["to"]
            elif e.kind == "dragon_moved":
                p = exact_catch(dragon, stopped)
                dragon.dragon_pos, dragon.dragon_facing, _ = fly(board.track_positions[dragon.track],
                                                                 dragon.dragon_pos, dragon.dragon_facing, e.data["roll"])
                assert board.pos[e.data["square"]] == dragon.dragon_pos   # we follow the dragon exactly
                yield stopped, p, e.data["square"] == stopped
            elif e.kind == "track_advanced":
                advance_flight_track(dragon, board)""",
"""study = dragonwidgets.simulate("emerald", players=3, bots="greedy", n_games=N_GAMES, seed=SEED)
exact_sum, caught, wakes = (np.zeros(9) for _ in range(3))
for i in range(len(study)):
    for square, p, landed in wake_ups(study.reopen(i)):
        k = MOUNTAINS.index(square)
        wakes[k] += 1
        exact_sum[k] += p
        caught[k] += landed

seen = wakes > 0
exact = np.where(seen, exact_sum / np.maximum(wakes, 1), np.nan)
sim = rates(caught[seen], wakes[seen])
print("square  wake-ups  exact chance  simulated  95 % interval")
for sq, n, e, c in zip(np.array(MOUNTAINS)[seen], wakes[seen], exact[seen], range(seen.sum())):
    print(f"{sq:>6}  {int(n):8d}  {e:12.3f}  {sim.rate[c]:9.3f}  [{sim.low[c]:.3f}, {sim.high[c]:.3f}]")

fig, ax = plt.subplots(figsize=(8, 3))
x = np.flatnonzero(seen)
ax.bar(x, exact[seen], color="#9ecae1", label="exact, averaged over the wake-ups")
ax.errorbar(x, sim.rate, yerr=sim.errorbars(), fmt="o", color="black", capsize=3, label="simulated")
ax.set(xticks=range(9), xticklabels=MOUNTAINS, ylabel="chance the dragon lands on the knight",
       title="Does the dragon come down on the square of the knight that woke it?")
ax.legend(loc="upper left")
plt.show()""",
"""#md
The simulated frequencies agree with the exact chances within their intervals (up to chance: one square
in twenty may fall outside a 95 % interval): the die and the flight rules are all there is to it. The
knights that wake the dragon early (M1–M4) face a dragon that starts beside M4 facing the plain; later the
track slides toward the lair and the squares M6–M9, beside the track's final position (EM-TRACK-2), are
woken again and again. These are careful players: `greedy` prefers the cards where the dragon is least
likely to land. Change `bots="greedy"` to `"random"` to see how often a careless knight is caught.

**What a larger run says.** With `N_GAMES = 2_000` (run once here: 46,753 wake-ups) exact and simulated
agree within 0.01 on every square: M2 0.22 (simulated 0.23), M3–M6 0.16–0.18, M7 0.30 (simulated 0.29),
M8 0.33 (simulated 0.32), M9 0.14, and M1 0: no game woke the dragon from M1 at the first flight, and
later the track has moved on, so a knight on M1 wakes the dragon only by stopping on the dragon's own
square, and the dragon then flies off toward its track (EM-DRAGON-2, EM-TRACK-4).

## 3. The bots against each other

Two-player games (each player runs two colours, EM-P2-1), the first player drawn from the seed
(EM-INT-22), so that neither bot always starts. Each line is bot A in seat 0 against bot B in seat 1; the
rate is A's. `random` picks any legal action; `greedy` looks one move ahead (the lair first, then the best
card where the dragon is least likely to land); `mcts` is a Monte Carlo tree search that plays on copies
of the game in which what it cannot see (face-down cards, the others' gold) is redealt, so it never peeks.
It is slow: here it gets a tiny budget (20 searches of 10 random moves per decision, about a second per
game on one core) and only `N_MCTS` games per pairing, so its intervals are wide.
""",
bots_against_each_other("emerald", slow='[(mcts, "random"), (mcts, "greedy")]'),
"""#md
**What a larger run says.** With 1,000 games per pairing (40 for `mcts`), run once here: `greedy` beats
`random` in 98.9 % of the games and `greedy` against itself wins 52 % (49–55 %), as a fair game should
with the first player drawn; `mcts` with its tiny budget beats `random` (38 of 40) but loses to `greedy`
(7 of 40, 17.5 %, 95 % interval 9–32 %). A larger search budget buys strength at the price of time.
""",
]

CHASSE = [
"""#md
# La Chasse au Dragon: questions a teacher can answer by simulation

Three questions, answered by playing many seeded games with `dragonwidgets.simulate` (and, for the dice,
by throwing them) and drawing the answer. Rule IDs such as `CD-COMBAT-6` are the ones the engine names on
every legal action.

1. The exploding dice: how often does each die beat each other die? (exact odds beside simulated throws)
2. Does the first player win more often, and how long does a game last?
3. How do the bots fare against each other?

The cell below sets the size of every study. The outputs stored in this notebook come from the small value
(so that it runs in under a minute under test); set `N_GAMES = 10_000` for smooth figures. Then the
notebook takes about an hour on a 2-core machine: a three-player `greedy` game takes about a quarter of a
second on one core here, and question 3 plays 30,000 two-player games.
""",
"""N_GAMES = 30               # games per study; 10_000 for smooth figures
N_FIGHTS = 100 * N_GAMES   # throws of each pair of dice in question 1
SEED = 2026                # every study derives from it: the same seed gives the same games""",
"""import random
import numpy as np
import matplotlib.pyplot as plt
import dragonwidgets
from dragonwidgets.games.chasse_au_dragon import dice
from dragonwidgets.simulation.stats import matchups, mean_interval, plot_rates, rate_table, rates, win_rates""",
"""#md
## 1. The exploding dice

A fighter throws its die and, on the die's maximum, throws again and adds (CD-COMBAT-1); the higher total
wins, equal totals tie (CD-COMBAT-2). A player's die is set by its equipment: d4 with the base equipment,
then d6 … d12 (CD-COMBAT-3); a monster's die is its power: goblin d4, orc d6, ogre d8, troll d10, giant d12,
dragon d20 (CD-MON-1/2). Every total has an exact probability (CD-COMBAT-6), so every fight has exact odds
(`dice.duel_odds_exact`, as fractions). Beside them, the same fights thrown `N_FIGHTS` times each with the
engine's own exploding throw (`dice.roll_exploding`).
""",
"""PLAYER_DICE = (4, 6, 8, 10, 12)
MONSTERS = {"goblin": 4, "orc": 6, "ogre": 8, "troll": 10, "giant": 12, "dragon": 20}

def thrown(a, b, n, rng):
    \"\"\"Throw die a against die b n times: (wins, ties, losses) of a.\"\"\"
    diff = [dice.total(dice.roll_exploding(a, rng)) - dice.total(dice.roll_exploding(b, rng)) for _ in range(n)]
    return sum(d > 0 for d in diff), sum(d == 0 for d in diff), sum(d < 0 for d in diff)

rng = random.Random(SEED)
exact = np.array([[[float(p) for p in dice.duel_odds_exact(a, b)] for b in MONSTERS.values()] for a in PLAYER_DICE])
counts = np.array([[thrown(a, b, N_FIGHTS, rng) for b in MONSTERS.values()] for a in PLAYER_DICE])

print("The beginner's d4 against each monster: win / tie / loss")
for j, (name, b) in enumerate(MONSTERS.items()):
    w, t, l = dice.duel_odds_exact(4, b)
    sw, st, sl = counts[0, j] / N_FIGHTS
    print(f"{name:>6} d{b:<2}  exact {float(w):.3f} / {float(t):.3f} / {float(l):.3f}"
          f"   thrown {sw:.3f} / {st:.3f} / {sl:.3f}   (win exactly {w})")

fig, axes = plt.subplots(1, 2, figsize=(12, 3.5))
im = axes[0].imshow(exact[:, :, 0], cmap="viridis", vmin=0, vmax=1)
for i in range(len(PLAYER_DICE)):
    for j in range(len(MONSTERS)):
        colour = "white" if exact[i, j, 0] < 0.5 else "black"
        axes[0].text(j, i, f"{exact[i, j, 0]:.2f}", ha="center", va="center", color=colour)
axes[0].set(xticks=range(len(MONSTERS)), xticklabels=[f"{m}\\nd{b}" for m, b in MONSTERS.items()],
            yticks=range(len(PLAYER_DICE)), yticklabels=[f"d{a}" for a in PLAYER_DICE],
            title="exact chance that the player's die wins", ylabel="player's die")
for i, a in enumerate(PLAYER_DICE):
    r = rates(counts[i, :, 0], N_FIGHTS)
    line = axes[1].plot(range(len(MONSTERS)), exact[i, :, 0], label=f"d{a}")[0]
    axes[1].errorbar(range(len(MONSTERS)), r.rate, yerr=r.errorbars(), fmt="o", color=line.get_color(), ms=3)
axes[1].set(xticks=range(len(MONSTERS)), xticklabels=list(MONSTERS), ylabel="win chance",
            title="exact (lines) and thrown (points, 95 % intervals)")
axes[1].legend(title="player's die", loc="center left", bbox_to_anchor=(1, 0.5))   # beside the points, not on them
plt.show()

r = rates(counts[:, :, 0].ravel(), N_FIGHTS)
inside = (r.low <= exact[:, :, 0].ravel()) & (exact[:, :, 0].ravel() <= r.high)
print(f"{inside.sum()} of {inside.size} exact win chances lie inside the 95 % interval of the throws")""",
"""#md
A die against the same die ties with probability 1/(N+1) and wins N/(2(N+1)) (CD-COMBAT-6); and a die
never loses all hope: the beginner's d4 beats the dragon's d20 in 2386 fights out of 20479, about one in
nine, because a 4 explodes a quarter of the time.

## 2. Does the first player win more often? How long does a game last?

Three `greedy` players (they fight when the exact odds are good), `first_player=0` so that seat 0 always
starts (CD-SETUP-3). The richest player wins; tied richest players share the victory (CD-SCORE-4), which
counts as a win for each. The game ends when someone slays a dragon (CD-END-1); a turn is one player's
turn (CD-TURN-1).
""",
"""study = dragonwidgets.simulate("chasse_au_dragon", players=3, bots="greedy", n_games=N_GAMES, seed=SEED,
                               options={"first_player": 0})
r = win_rates(study.winners)
print(rate_table([f"seat {s}" for s in range(3)], r))
turns = study.measures["turns"]
mean, low, high = mean_interval(turns)
print(f"\\nturns per game: mean {mean:.1f} (95 % interval {low:.1f} to {high:.1f}), "
      f"median {np.median(turns):.0f}, shortest {turns.min():.0f}, longest {turns.max():.0f}")

fig, axes = plt.subplots(1, 2, figsize=(12, 3))
axes[0].errorbar(range(3), r.rate, yerr=r.errorbars(), fmt="o", capsize=4)
axes[0].axhline(1 / 3, ls="--", color="grey")
axes[0].set(xticks=range(3), xlabel="place in turn order", ylabel="win rate", title="who wins", ylim=(0, 1))
axes[1].hist(turns, bins=20)
axes[1].axvline(mean, color="black", ls="--")
axes[1].set(xlabel="turns until a dragon falls", ylabel="games", title="how long a game lasts")
plt.show()""",
"""#md
**What a larger run says.** With `N_GAMES = 600` (run once here) the three seats win 32.7 %, 33.5 % and
35.8 % (each ±4 points; shared victories make the sum exceed 100 %): no first-player advantage shows. A game
lasts 181 turns on average (95 % interval 177–185), about 60 rounds of three turns.

## 3. The bots against each other

Two-player games, the first player drawn from the seed (CD-INT-2), so that neither bot always starts.
Each line is bot A in seat 0 against bot B in seat 1; the rate is A's. `random` picks any legal action;
`greedy` fights when the exact odds are good. The Monte Carlo tree search bot (`mcts`) is left out here:
a hunt lasts hundreds of turns and, even with a tiny budget (20 searches of 10 random moves per
decision), one game against `random` took half a minute on this machine and one against `greedy` had not
ended after 160 turns and a minute (the search rarely risks the dragon fight that ends the game,
CD-END-1). With time to spare, try `matchups("chasse_au_dragon", [(MCTSBot(iterations=20,
rollout_depth=10), "random")], n_games=4, seed=SEED)` after `from dragonwidgets.engine.mcts import MCTSBot`.
""",
"""pairs = [("greedy", "random"), ("random", "greedy"), ("greedy", "greedy")]
r = matchups("chasse_au_dragon", pairs, n_games=N_GAMES, seed=SEED)
labels = [f"{a} vs {b}" for a, b in pairs]
print(rate_table(labels, r))

plot_rates(labels, r, xlabel="win rate of A (95 % intervals)")
plt.show()""",
"""#md
**What a larger run says.** With 400 games per pairing, run once here: `greedy` beats `random` in 96.8 % of
the games (95 % interval 94.5–98.1 %), and `greedy` against itself wins 46.8 % (41.9–51.6 %), as a fair
game should with the first player drawn.
""",
]

DRACHENLAND = [
"""#md
# Drachenland: questions a teacher can answer by simulation

Three questions, each answered by playing many seeded games with `dragonwidgets.simulate` and drawing the
answer. Rule IDs such as `DL-DRAGON-4` are the ones the engine names on every legal action.

1. Does the first player win more often?
2. How much is a royal dragon worth?
3. How do the bots fare against each other?

The cell below sets the size of every study. The outputs stored in this notebook come from the small value
(so that it runs in about a minute under test); set `N_GAMES = 10_000` for smooth figures. Then the
notebook takes about an hour on a 2-core machine: a `greedy` game takes about a tenth of a second on one
core here, and the notebook plays 60,000 games.
""",
"""N_GAMES = 30      # games per study; 10_000 for smooth figures
N_MCTS = 2        # games per pairing for the slow search bot (question 3)
SEED = 2026       # every study derives from it: the same seed gives the same games""",
"""import numpy as np
import matplotlib.pyplot as plt
import dragonwidgets
from dragonwidgets.simulation.stats import linear_fit, matchups, plot_rates, rate_table, rates, win_rates""",
"""#md
## 1. Does the first player win more often?

Seat 0 is the start player and play goes clockwise (DL-SETUP-9, DL-TURN-1), so a seat's win rate is the win
rate of that place in the turn order. Every seat is played by the `greedy` bot. The most points wins; there
is no tie-break (DL-SCORE-5, DL-INT-27), so a shared victory counts for each tied seat. The bars are 95 %
Wilson intervals; the dashed line is a fair share, 1 / players.
""",
"""studies = {players: dragonwidgets.simulate("drachenland", players=players, bots="greedy",
                                             n_games=N_GAMES, seed=SEED)
           for players in (2, 3, 4)}

fig, axes = plt.subplots(1, 3, figsize=(11, 3), sharey=True)
for ax, (players, study) in zip(axes, studies.items()):
    r = win_rates(study.winners)""" + SEAT_RATES_PLOT,
"""#md
**What a larger run says.** With `N_GAMES = 600` (run once here) the start player wins more than a fair
share at two and three players: 58.3 % at two players (95 % interval 54.3–62.2 %), 38.0 % at three
(34.2–41.9 %), and the last seat less (42.3 % and 30.5 %). At four players the start player wins 26.8 %
(23.4–30.5 %), no more than a fair share (the second seat 29.3 %, the last 25.2 %). An edge of five to
eight points at two and three players, clear in 600 games; `N_GAMES = 10_000` would settle four.

## 2. How much is a royal dragon worth?

With a 4 (or a baby dragon) an adventurer may fly on the royal dragon of its colour to any volcano
(DL-DRAGON-4/5), or call that dragon to its own volcano (DL-DRAGON-6, DL-BABY-1). The game's measures count
each seat's flights and calls; we set each seat's final score (DL-SCORE-6) against the royal dragons it used
and fit a line: its slope is the points that go with one more use, with a 95 % interval. Every seat of every
game of the three-player study above is one point.

This is an association, not an experiment: a seat that used a dragon may also have been lucky with its dice.
Comparing seats *within* a game (the second fit, on scores and uses minus that game's average) removes what
the seats of one game share (how long the game lasted, how the tokens fell).
""",
"""study = studies[3]
score = study.measures["score"]
used = study.measures["dragon_flights"] + study.measures["dragon_calls"]
fit = linear_fit(used, score)
within = linear_fit(used - used.mean(axis=1, keepdims=True), score - score.mean(axis=1, keepdims=True))
print(f"royal dragons used per seat and game: mean {used.mean():.2f}, most {used.max():.0f}")
print(f"points per royal dragon used:           {fit.slope:5.2f}  (95 % interval {fit.low:5.2f} to {fit.high:5.2f})")
print(f"within a game, against the other seats: {within.slope:5.2f}  (95 % interval {within.low:5.2f} to {within.high:5.2f})")

jitter = np.random.default_rng(0).uniform(-0.15, 0.15, size=used.shape)
fig, ax = plt.subplots(figsize=(7, 3.5))
ax.scatter(used + jitter, score, s=10, alpha=0.5)
xs = np.array([0, used.max()])
ax.plot(xs, fit(xs), color="black", label=f"{fit.slope:.1f} points per dragon used")
ax.set(xlabel="royal dragons used (flights + calls)", ylabel="final score", title="a seat's score and its royal dragons")
ax.legend()
plt.show()""",
"""#md
**What a larger run says.** With `N_GAMES = 600` (run once here: 1,800 seats, 1.40 royal dragons used per
seat on average) one more royal dragon used goes with 2.81 more points (95 % interval 2.45–3.17), and 2.43
(2.05–2.81) against the other seats of the same game. A set scores 10 (DL-SCORE-2): a royal dragon is worth
about a quarter of a set to these bots.

## 3. The bots against each other

Two-player games. Each line is bot A in seat 0 against bot B in seat 1; seat 0 starts every game
(DL-SETUP-9), so each pairing is played both ways round (and `greedy vs greedy` measures the start
player's edge once more). The rate is A's. `random` picks any legal action; `greedy` looks one action
ahead and values sets, rings on its gem colours and tokens; `mcts` is a Monte Carlo tree search that plays
on copies of the game in which what it cannot see (face-down tokens, the hoards behind screens) is
redealt, so it never peeks. It is slow: here it gets a tiny budget (20 searches of 10 random moves per
decision, several seconds per game on one core) and only `N_MCTS` games per pairing, so its intervals
are wide.
""",
bots_against_each_other("drachenland", slow='[(mcts, "greedy"), ("greedy", mcts)]'),
"""#md
**What a larger run says.** With 400 games per pairing (16 for `mcts`), run once here: `greedy` beats
`random` in 98.5 % of the games when it starts, and `random` wins only 1.5 % when it starts; `greedy`
against itself, the start player wins 58.5 % (53.6–63.2 %), the same edge as in question 1. `mcts` with
its tiny budget won 1 of 32 games against `greedy`: in a game of hundreds of decisions, 20 short random
rollouts per decision are not enough to see the value of a set.
""",
]


DRAGHAN = [
"""#md
# Draghan: questions a teacher can answer by simulation

Draghan is cooperative: the whole team wins or loses together (DG-END-1..4). Three questions, each answered
by playing many seeded games with `dragonwidgets.simulate` and drawing the answer. Rule IDs such as
`DG-END-1` are the ones the engine names on every legal action.

1. How often does a team of two (three, four) characters win with this deck?
2. How many rounds do won and lost games last?
3. How do the bots fare, as a team?

The cards are reconstructions tuned by simulation for balance (`DG-REC-8`,
`dragonwidgets/games/draghan/data/BALANCE.md`): the figures below measure the bundled deck.
The cell below sets the size of every study. The outputs stored in this notebook come from the small value
(so that it runs in under a minute under test); set `N_GAMES = 10_000` for smooth figures. Then the
notebook takes about half an hour on a 2-core machine, most of it for the teams of four: a
`planner` game takes a few thousandths of a second with two characters and about a fifth of a second with four,
on one core here.
""",
"""N_GAMES = 40      # games per study; 10_000 for smooth figures
N_MCTS = 10       # games for the team of the slow search bot (question 3)
SEED = 2026       # every study derives from it: the same seed gives the same games""",
"""import numpy as np
import matplotlib.pyplot as plt
import dragonwidgets
from dragonwidgets.simulation.stats import mean_interval, plot_rates, rate_table, rates""",
"""#md
## 1. How often does a team win?

One person may play several characters (solo play, DG-SOLO-2); here the `planner` bot plays every
character: it plays the best exact fight plan, buys and shares sensibly and travels at the first portal.
The team wins when the dragon is defeated (DG-END-1) and loses when characters or Shadow locations run out
(DG-END-2..4). The bars are 95 % Wilson intervals.
""",
"""studies = {team: dragonwidgets.simulate("draghan", players=team, bots="planner", n_games=N_GAMES, seed=SEED)
           for team in (2, 3, 4)}
won = {team: study.measures["won"].astype(bool) for team, study in studies.items()}
r = rates([w.sum() for w in won.values()], N_GAMES)
print(rate_table([f"team of {team}" for team in studies], r, title="team wins"))

fig, ax = plt.subplots(figsize=(5, 3))
ax.errorbar(list(studies), r.rate, yerr=r.errorbars(), fmt="o", capsize=4)
ax.set(xticks=list(studies), xlabel="characters in the team", ylabel="team win rate", ylim=(0, 1),
       title="planner teams")
plt.show()""",
"""#md
**What a larger run says.** Run once here with 2,000, 1,000 and 300 games: a team of two wins 33.7 % of its
games (95 % interval 32–36 %), a team of three 43.8 % (41–47 %), a team of four 67.7 % (62–73 %), in line
with the balance figures stored with the deck (`BALANCE.md`: 34, 45 and 64 % over 2,000 games each).

## 2. How many rounds do won and lost games last?

A round has eight phases (DG-ROUND-1); the game's measures give the rounds played, the last one included.
A team that loses may lose early (its characters fall, DG-END-2/3) or late: at most 13 rounds in Draghan
and 6 in the Shadow Realm, and a team still hunting then loses in phase 2 of a 20th round, when no Shadow
location is left to turn up (DG-END-4).
""",
"""fig, axes = plt.subplots(1, 3, figsize=(12, 3), sharey=True)
for ax, (team, study) in zip(axes, studies.items()):
    rounds = study.measures["rounds"]
    for outcome, mask in (("won", won[team]), ("lost", ~won[team])):
        if mask.sum() >= 2:
            mean, low, high = mean_interval(rounds[mask])
            print(f"team of {team}, {outcome:>4}: {mask.sum():3d} games, {mean:5.1f} rounds on average "
                  f"(95 % interval {low:4.1f} to {high:4.1f}), from {rounds[mask].min():.0f} to {rounds[mask].max():.0f}")
    bins = np.arange(rounds.min() - 0.5, rounds.max() + 1.5)
    ax.hist([rounds[won[team]], rounds[~won[team]]], bins=bins, label=["won", "lost"], stacked=True)
    ax.set(title=f"team of {team}", xlabel="rounds played")
axes[0].set_ylabel("games")
axes[0].legend()
plt.show()""",
"""#md
**What a larger run says.** In the same larger run, won games lasted 5.8 to 5.9 rounds on average and lost
games 8.1 to 9.4 (8.1 for a team of two, 8.7 of three, 9.4 of four): the planner travels at the first
portal, so every game was decided within 11 rounds, far from the 20th. A third to a half of the losses come
when the Shadow locations run out (DG-END-4: 40 of the 107 losses in the first 150 games of two characters,
15 of the 33 in the first 60 games of three), the others when no character is left in the Shadow Realm
(DG-END-3).

## 3. How do the bots fare, as a team?

Teams of two characters, every character played by the same bot; the rate is the team's. `random` picks any
legal action; `planner` is the bot of question 1; `mcts` is a Monte Carlo tree search that plays on copies
of the game whose face-down decks are reshuffled, so it never peeks. It is slow: here it gets a tiny budget
(20 searches of 10 random moves per decision, about half a second per game on one core) and only `N_MCTS`
games, so its interval is wide.
""",
"""from dragonwidgets.engine.mcts import MCTSBot

mcts = MCTSBot(iterations=20, rollout_depth=10)   # a tiny budget (make_bot("draghan", "mcts") searches 100)

def team_wins(bot, n_games):
    result = dragonwidgets.simulate("draghan", players=2, bots=[bot, bot], n_games=n_games, seed=SEED)
    return result.measures["won"].sum()

teams = [("planner", "planner", N_GAMES), ("random", "random", N_GAMES), (f"mcts({mcts.iterations})", mcts, N_MCTS)]
r = rates([team_wins(bot, n) for _, bot, n in teams], [n for _, _, n in teams])
labels = [f"{name} team" for name, _, _ in teams]
print(rate_table(labels, r, title="team wins"))

plot_rates(labels, r, xlabel="team win rate (95 % intervals)", fair=None)
plt.show()""",
"""#md
**What a larger run says.** With 1,000 games per team (40 for `mcts`), run once here: `planner` teams of two
win 34.7 % (95 % interval 32–38 %; they play the first 1,000 games of question 1's team of two), `random`
teams 0.9 % (9 of 1,000), and `mcts` teams with the tiny budget 5 % (2 of 40, 1–17 %): too few games to
tell it from random play, and far from the planner's exact fight plans.
""",
]


#: Per game: the seed of the position the analysis section sets up, decisions played into it, the rollouts an
#: action is given there (small: the cell runs in seconds under nbval) and the decisions of the reviewed game.
ANALYSIS_SETUPS = {
    "emerald": (4, 6, 40, 12),
    "drachenland": (3, 4, 10, 4),
    "chasse_au_dragon": (9, 4, 12, 6),
    "draghan": (1, 4, 30, 8),
}


def analysis_section(game: str) -> list[str]:
    """Return the cells of the section "which action is better?" (issue 29 item 4) for ``game``: a position
    set up by seeded random play, its analysis from the deciding seat's knowledge, the numbers explained, then
    the review of a short game with its win-chance chart. Seeded throughout, so nbval's comparison holds."""
    seed, into, rollouts, reviewed = ANALYSIS_SETUPS[game]
    team = " (in Draghan: the team's chance, the same for every character)" if game == "draghan" else ""
    return [
f"""#md
## Which action is better, and by how much? The analysis

`dragonwidgets.analyse(game)` values every legal action of the decision at hand: each action is played
many times to the end (a *rollout*) by a named bot, the **policy**, for every seat. The value is the deciding
seat's chance of winning{team}, with a 95 % interval. Before each rollout, what the seat cannot see is
**redealt** (`determinize`): the analysis knows what the seat knows and nothing more. The same redeal and dice
serve every action of a rollout (common random numbers), and the rollouts go where actions are close. In the
widget, the **Analyse** switch shows the same values beside the legal actions and on the board, refined live.

The cell below sets up a position by seeded random play and analyses it with {rollouts} rollouts per action at
most (a notebook cell should take seconds; the default is 400).
""",
f"""import random
import dragonwidgets
from dragonwidgets.analysis import analyse, quote, review
from dragonwidgets.engine import CHANCE

def random_play(game, decisions, rng):
    \"\"\"Play ``decisions`` decisions at random (chance drawn as it falls due).\"\"\"
    while decisions and not game.is_over:
        if game.current_player == CHANCE:
            game.resolve_chance()
        else:
            game.apply(rng.choice(game.legal_actions()))
            decisions -= 1
    while game.current_player == CHANCE:
        game.resolve_chance()
    return game

g = random_play(dragonwidgets.new_game("{game}", players=3, seed={seed}), {into}, random.Random({seed}))
a = analyse(g, rollouts={rollouts}, seed=1)
print(f"{{g.player_name(a.seat)}} decides at step {{g.step}}; rollouts played by the {{a.policy!r}} bot")
print(f"{{'action':42}} {{'win %':>6}} {{'95 % interval':>14}} {{'rollouts':>8}} {{'mean score':>10}}")
for row in a.ranked()[:8]:
    interval = "exact" if row.exact else f"{{row.low:.0%}}–{{row.high:.0%}}"
    print(f"{{row.action[:42]:42}} {{row.value:6.0%}} {{interval:>14}} {{row.rollouts:8d}} {{row.mean_score:10.1f}}")
print(f"… {{len(a)}} legal actions in all")
print("best:", a.best().action, "→", quote(a, a.best().action))""",
"""#md
**Reading the numbers.** *win %* is the share of rollouts the deciding seat won after that action (a tie
counts as its share); the **interval** is where the true value lies with 95 % confidence *for this policy*:
with few rollouts it is wide, and two actions whose intervals overlap are not told apart yet. An action the
rollouts already show worse gets no more of them (racing), so its count stays low; until the best action is
known, neither does one they show cannot beat the best by 5 points or more. *exact* marks a value the
rules decide without sampling (the game ends, or ends at the next throw whatever falls). The values are only as
good as the policy: they say how the action fares *if everybody then plays like that bot*. `quote` turns a
value into a sentence a lesson's feedback can use.

## Reviewing a game

`review(game, seat)` analyses every decision a seat made, from what it knew then, until the best action there
is known (no other action better by 5 points): the **loss** in win chance against it and a mark like a chess
review's (inaccuracy from 5 points, mistake from 10, blunder from 20, and only when the rollouts show the taken
action worse than the best, not just lower by chance). Below: a short game played
at random, reviewed for its first seat with a few rollouts per action; the chart draws that seat's chance after
each of its decisions. In the widget, **Review** puts the marks into the log and on the timeline.
""",
f"""import matplotlib.pyplot as plt

played = random_play(dragonwidgets.new_game("{game}", players=3, seed={seed + 1}), {reviewed}, random.Random({seed + 1}))
seat = played.entry(0).action.player
r = review(played, seat, rollouts=6, seed=2, progress=False)
for s in r:
    mark = s.mark or "—"
    print(f"step {{s.step:3d}}  {{s.action[:34]:34}} {{s.value:5.0%}}  best {{s.best_value:5.0%}}  loss {{s.loss:5.0%}}  {{mark}}")
steps, chances = zip(*r.win_chances(seat))
fig, ax = plt.subplots(figsize=(6, 2.5))
ax.plot(steps, chances, marker="o")
for s in r:
    if s.mark:
        ax.annotate({{"inaccuracy": "?!", "mistake": "?", "blunder": "??"}}[s.mark], (s.step, s.value))
ax.set(ylim=(0, 1), xlabel="step", ylabel="win chance", title=f"{{played.player_name(seat)}}'s chance after each decision")
plt.show()""",
    ]

BOOKS = {"emerald": EMERALD + analysis_section("emerald"), "drachenland": DRACHENLAND + analysis_section("drachenland"),
         "chasse_au_dragon": CHASSE + analysis_section("chasse_au_dragon"), "draghan": DRAGHAN + analysis_section("draghan")}

if __name__ == "__main__":
    os.environ["DRAGONWIDGETS_PROGRESS"] = "0"  # no progress bar in the stored outputs (as under pytest)
    which = sys.argv[1:] or list(BOOKS)
    pathlib.Path(ROOT).mkdir(parents=True, exist_ok=True)
    for name in which:
        write(BOOKS[name], ROOT + name + ".ipynb", timeout=1800)
