"""Write notebooks/welcome.ipynb and one notebook per game (emerald, drachenland, chasse_au_dragon, draghan) from the cell lists below and execute them.

Usage: python tools/make_notebooks.py [welcome] [emerald] [drachenland] [chasse_au_dragon] [draghan]. Edit the cells here, rerun, commit the notebooks:
the saved outputs are what nbval compares, so they must come from a real run.
"""
import pathlib
import sys
import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
from nbconvert.preprocessors import ExecutePreprocessor

ROOT = str(pathlib.Path(__file__).resolve().parent.parent / "notebooks") + "/"


def nb(cells):
    out = []
    for c in cells:
        if c.startswith("#md\n"):
            out.append(new_markdown_cell(c[4:].strip()))
        elif c.startswith("#nbval-ignore-output\n"):
            # nbval runs the cell but does not compare its output: under nbval's kernel the 4-character
            # planner count of this cell came out one game higher (73 against 72) than in a plain run or
            # nbconvert --execute (seen 2026-12-02, cause not yet found)
            out.append(new_code_cell(c[len("#nbval-ignore-output\n"):].strip(),
                                     metadata={"tags": ["nbval-ignore-output"]}))
        else:
            out.append(new_code_cell(c.strip()))
    book = new_notebook(cells=out)
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    book.metadata["language_info"] = {"name": "python"}
    return book


class RunAsNbval(ExecutePreprocessor):
    """Runs a notebook keeping each output as its cell made it: a widget's picture output (its board under a
    display id, redrawn as the game changes: dragonwidgets/widgets/static_picture.py) keeps the board of the
    moment the widget was shown, even when a later cell moves the game on. nbval compares each cell's outputs
    with what that cell prints in a fresh run and never sees the later redraws; a teacher's saved notebook
    holds them (nbconvert --execute too)."""

    def _update_display_id(self, display_id, msg):
        if msg["header"]["msg_type"] != "update_display_data":
            super()._update_display_id(display_id, msg)


def write(cells, path, timeout=600):
    """Make the notebook of ``cells``, run it in its own folder (``timeout`` seconds a cell), save it at ``path``."""
    path = pathlib.Path(path)
    book = nb(cells)
    # no saved widget state: it would hold the widgets' bundles with empty traits (the front end syncs by
    # messages), and an export without a kernel (nbconvert --to html) would show that empty widget instead
    # of the stored SVG picture of the board (tests/widgets/test_notebook_pictures.py)
    RunAsNbval(timeout=timeout, kernel_name="python3", store_widget_state=False).preprocess(
        book, {"metadata": {"path": str(path.parent)}})
    nbformat.write(book, str(path))
    print("wrote", path.stem)


WELCOME = [
"""#md
# Welcome to dragonwidgets 🐉

**dragonwidgets** brings dragon-themed board games into Jupyter. Each game is a faithful rules engine in
plain Python with a front end drawn in the notebook, so you can

* **play** a real game by clicking on the board, against bots or with friends (hot-seat);
* **inspect** it one decision at a time: what the rules allow now, and *why* (every action names the
  rule IDs that make it legal);
* **rewind** to any step, change a decision or a die roll, and see what follows;
* **study** it from Python: observations, records, and as many games as you like for a plot.

Available today: **Emerald** (2–5 players), **Drachenland** (2–4 players), **La Chasse au Dragon**
(2–6 players) and **Draghan** (cooperative, 2–4 characters).

**Start by running the cells:** choose *Run ▸ Run All Cells* in the menu (or press Shift+Enter in each
cell in turn). A game appears under the cell that creates it.
""",
"""#md
## Learn a game: the tutorial

New to these games? Each has a built-in tutorial of 10 to 20 minutes. Read the instruction beside the board,
make the move it asks for by clicking the board (or with the keys), see why a wrong move is wrong, ask for a
hint (the *Hint* button or the key h) and finish with a score. Hover over a rule ID such as `EM-MOVE-1` to
read the rule. Below is Emerald's; `dragonwidgets.tutorial("drachenland")`, `"chasse_au_dragon"` and
`"draghan"` give the others, and `tutorial.to_html("emerald_tutorial.html")` writes the same lesson as one
page that works offline, with no Python behind it.
""",
"""import dragonwidgets

tutorial = dragonwidgets.tutorial("emerald")
tutorial.widget()""",
"""#md
## Play a game

Below is a three-player game of Emerald: you are **Black** (seat 0) against two `greedy` bots.
Click a highlighted knight stack to move it (or use the action list: Tab and Enter, or the digit keys).
The bots answer at a visible pace; the timeline lets you step back through everything that happened.
You see the table as Black does (`viewer="0"`): the bots' gold cards stay face down. The *View* menu
above the board switches to the teacher's view, which shows everything.

*Emerald in one paragraph:* knights leave the castle and walk to the dragon's lair. A knight always moves
exactly as many squares as there are knights on the square it leaves, itself included. Stopping on a
mountain square takes a gold or gem card there and ends your turn; stopping beside the dragon's flight
track wakes the dragon, who flies 1–3 squares and grabs a knight unless its owner pays a gold card.
The first four knights into the lair take the treasures.
""",
"""import dragonwidgets

w = dragonwidgets.EmeraldWidget(players=3, seed=2026, first_player=0, seats=["human", "greedy", "greedy"], viewer="0")
w""",
"""#md
## Look inside

The widget's game is an ordinary Python object. These cells read it as it stands when they run
(run them again after a few moves).
""",
"""game = w.game
print(game.current_player, game.step, game.is_over)
for action in game.legal_actions()[:5]:
    print(f"{action.id:<16} {action.label}  {action.rules}")""",
"""print(game.explain(game.legal_actions()[0].id))""",
"""#md
Every game speaks the same small protocol: `new_game`, `legal_actions()`, `apply(id)`, `undo()`,
`goto(step)`, `observation(seat)`, `to_record()` / `from_record(record)`. Here is a whole game played by
two random bots and a greedy one, then replayed from its record:
""",
"""import random
from dragonwidgets.engine import make_bot, play_out

g = dragonwidgets.new_game("emerald", players=3, seed=5)
bots = [make_bot("emerald", "random"), make_bot("emerald", "random"), make_bot("emerald", "greedy")]
play_out(g, bots, random.Random(5))
print(g.outcome())
again = dragonwidgets.from_record(g.to_record())
again.state_digest() == g.state_digest()""",
"""#md
## Where next

* [emerald.ipynb](emerald.ipynb): play against bots, a turn decision by decision, choosing the die
  yourself, rewinding, the record, and a small study of where the dragon strikes.
* [drachenland.ipynb](drachenland.ipynb): play against bots, a turn decision by decision, where each die
  value can take you on the map, and scoring worked on the rulebook's example and on your own hoard.
* [chasse_au_dragon.ipynb](chasse_au_dragon.ipynb): play against bots, exploding dice exactly (the win table
  of every die against every die, next to a simulation), and a turn decision by decision.
* [draghan.ipynb](draghan.ipynb): a cooperative game played solo with several characters, a fight step by
  step with the exact plan search as a hint, and how often a team of 2, 3 or 4 wins.
""",
"""#md
## Teaching notebooks

Questions a teacher might ask, each answered in one cell by `dragonwidgets.simulate` (many seeded games,
numpy arrays back) and a plot, with exact odds beside the simulated ones where the rules give them, and the
bots measured against each other. Each starts with `N_GAMES`: small as stored, 10,000 for smooth figures.

* [teaching/emerald.ipynb](teaching/emerald.ipynb): does the first player win more often? how likely is the
  dragon to catch a knight, square by square (exact odds from the dragon die)?
* [teaching/drachenland.ipynb](teaching/drachenland.ipynb): does the first player win more often? how much
  is a royal dragon worth?
* [teaching/chasse_au_dragon.ipynb](teaching/chasse_au_dragon.ipynb): the exploding dice, exact against
  thrown; does the first player win more often, and how long does a game last?
* [teaching/draghan.ipynb](teaching/draghan.ipynb): how often does a team of two, three or four win with this
  deck? how many rounds do won and lost games last?
""",
"""#md
## Train an agent, then play against it

* [agents.ipynb](agents.ipynb): a small learning agent teaches itself two-player Emerald from the game's
  numbers (what its seat sees as a tensor, which actions are legal), its learning curve against the `random`
  and `greedy` bots, how often it wins, and a seat for it on the board so that you can play against it.
  For agents of your own, `dragonwidgets.pettingzoo` and `dragonwidgets.openspiel` (see the README).
""",
]

EMERALD = [
"""#md
# Emerald

Knights leave the castle for the dragon's lair along a single path: 6 plain squares, 9 mountain squares,
then the lair. Every rule has an ID such as `EM-MOVE-1`; the engine names those IDs on every legal action,
and `game.explain(action_id)` says in a sentence why a move is or is not allowed.

## 1. Play against bots

You are Black (seat 0). Click a highlighted stack of your knights to move it; when a knight stops on a
mountain square, click the card you take; when the dragon catches your knight, pay a gold card or lose it.
You see the table as Black does (`viewer="0"`): the bots' gold cards stay face down (the *View* menu
switches to the teacher's view, which shows everything).
""",
"""import dragonwidgets

w = dragonwidgets.EmeraldWidget(players=3, seed=2026, first_player=0, seats=["human", "greedy", "greedy"], viewer="0")
w""",
"""#md
**Rewind the game you played.** Once a knight has woken the dragon, this cell takes the widget back to
just before the first dragon roll (the board above follows), shows what the rules allowed there, and
replays it with a die face of your choosing: a new branch of the game, which you can play on.
""",
"""rolls = [step for step, entry in enumerate(w.game.history) if entry.action.kind == "dragon_roll"]
if rolls:
    w.goto(rolls[0])  # the bots pause when you rewind to their turn; press Play to let them go on
    print(w.status)
    for a in w.game.legal_actions():
        print(f"{a.id}: p = {a.prob:.3f}  {a.rules}")
    w.act("roll 3")  # the face of your choosing
    print(w.log[-1]["text"])
else:
    print("Play until a knight wakes the dragon, then run this cell again.")""",
"""#md
## 2. One turn, decision by decision

A game created with `chance="manual"` stops whenever chance is due, so *you* pick the die face. Each
`apply` is one small decision; the events say what it caused.
""",
"""lesson = dragonwidgets.new_game("emerald", players=3, seed=7, chance="manual", first_player=0)
for a in lesson.legal_actions():
    print(f"{a.id:<16} {a.label}")""",
"""def show(events):
    for e in events:
        print("•", e.text)

show(lesson.apply("move T1 black"))
lesson""",
"""#md
Keep going until the dragon is due. In manual mode the game stops at every chance step: `current_player`
is `-1` (`dragonwidgets.CHANCE`) and the legal actions are the outcomes with their probabilities: the die
faces, or the card turned up under one a knight takes (section 5 picks one). The helper below plays the
last legal action until the dragon is about to roll.
""",
"""def who(a):
    return "chance" if a.player == dragonwidgets.CHANCE else lesson.player_name(a.player)

while lesson.legal_actions()[0].kind != "dragon_roll":
    a = lesson.legal_actions()[-1]
    print(f"{who(a):>6}: {a.id:<16}", "|", "; ".join(e.text for e in lesson.apply(a)))
print()
for a in lesson.legal_actions():
    print(f"{a.id}: p = {a.prob:.3f}   {a.label}")""",
"""#md
## 3. Choose the die face yourself, then rewind and try another

`apply("roll 3")` picks the face. `goto(step)` rewinds to any step; applying from there starts a new
branch. `explain` says why an action is, or is not, legal.
""",
"""before_roll = lesson.step
show(lesson.apply("roll 3"))
print(lesson.observation()["dragon"])""",
"""lesson.goto(before_roll)              # back to the moment before the roll
show(lesson.apply("roll 1"))           # a different face: a different story
print(lesson.observation()["dragon"])""",
"""print(lesson.explain(lesson.legal_actions()[0].id))
print(lesson.explain("move M9 black"))""",
"""#md
The same game in a widget, in the teacher's view (everything visible, face-down cards included).
Drag the timeline to replay it; click an action to branch from the step shown.
""",
"""teacher = dragonwidgets.EmeraldWidget(game=lesson, viewer="teacher", seats=["human", "human", "human"])
teacher""",
"""#md
## 4. The state and the record from Python

`observation(seat)` is exactly what one seat may know: another seat's gold cards are only a count,
face-down cards are absent. `observation()` is the whole table. The record is plain JSON: every decision
and every die roll in order, enough to replay the game exactly.
""",
"""table, red_view = lesson.observation(), lesson.observation(1)
print("Black's gold as Black sees it:", lesson.observation(0)["hands"][0]["gold"])
print("Black's gold as Red sees it:  ", red_view["hands"][0]["gold"], "- count", red_view["hands"][0]["gold_count"])
print("keys only the table shows:", sorted(set(table) - set(red_view)))""",
"""import json

record = lesson.to_record()
print(json.dumps({k: v for k, v in record.items() if k != "actions"}, indent=1))
print(record["actions"][:4])
replayed = dragonwidgets.from_record(json.loads(json.dumps(record)))
replayed.state_digest() == lesson.state_digest()""",
"""#md
## 5. Teach from a position

A lesson starts from the table it needs. Write only what matters; the rest comes from the seeded set-up,
and the knights and cards you name are taken from where the set-up put them, so nothing is created or lost.
Here: four knights on M8, the lair two squares away, and a red knight on M3 (`help(dragonwidgets.games.emerald.position)`
lists every field; `game.position()` gives the whole table of any game, to start another one from it).
""",
"""position = {"knights": {"M8": ["black", "black", "red", "blue"],  # four knights on M8
                        "M3": ["red"]},
            "first_player": 0}                                     # Black plays first
m8 = dragonwidgets.new_game("emerald", players=3, seed=7, chance="manual", position=position)
print(m8.explain("move M8 black"))
w8 = dragonwidgets.EmeraldWidget(game=m8, viewer="teacher", seats=["human", "human", "human"])
w8""",
"""#md
Black's knight goes 4 squares: past M9, into the lair. Then Red stops on M4 and takes its gold card. With
`chance="manual"` the card under it is not turned up by itself: every card nobody has seen (face down in
any pile, or boxed at set-up) could come, with its probability, and you pick it.
""",
"""def act(*ids):  # through the widget, so the board above follows
    start = m8.step
    for i in ids:
        w8.act(i)
    show(e for entry in m8.history[start:m8.step] for e in entry.events)

act("move M8 black", "move M3 red", "take gold")
for a in m8.legal_actions():
    print(f"{a.id:<14} p = {a.prob:.3f}")""",
"""act("reveal gold 5")   # the unlikely one: it changes place with the card that was dealt there
m8.observation(1)["piles"]["M4"]""",
"""#md
## 6. A small study: where does the dragon strike?

When a knight stops beside the flight track, the dragon flies 1, 2 or 3 squares (the die shows
1, 1, 2, 2, 3, 3), turning at the ends of its track. The exact odds of where it lands come straight from
the rules: here for the dragon's starting place (beside M4, facing the plain, track M1–M4).
""",
"""import numpy as np
from dragonwidgets.games.emerald.dragon import fly

board = lesson.board
track = board.track_positions[1]            # track position 1: beside M1-M4 (pos 7..10)
faces = np.array(board.die)                 # the dragon die: 1, 1, 2, 2, 3, 3
ends = np.array([fly(track, 10, -1, int(r))[0] for r in faces])   # from M4 (pos 10), facing the plain
where, count = np.unique(ends, return_counts=True)
{f"M{pos - 6}": round(float(c / len(faces)), 3) for pos, c in zip(where, count)}""",
"""#md
The exact odds hold for one roll. Over a whole game the track slides toward the lair and players choose
where to stop, so we simulate: 200 games of three `greedy` bots, counting for each mountain square how
many times a knight ended its move there and how many times the dragon captured a knight there.
""",
"""import random
import numpy as np
from dragonwidgets.engine import make_bot, play_out

squares = [f"M{k}" for k in range(1, 10)]
stops = np.zeros(9, dtype=int)
captures = np.zeros(9, dtype=int)
for seed in range(200):
    g = dragonwidgets.new_game("emerald", players=3, seed=seed)
    play_out(g, [make_bot("emerald", "greedy") for _ in range(3)], random.Random(seed))
    for entry in g.history:
        for e in entry.events:
            if e.kind == "knight_moved" and e.data["to"] in squares:
                stops[squares.index(e.data["to"])] += 1
            if e.kind == "knight_captured":
                captures[squares.index(e.data["square"])] += 1

rate = captures / np.maximum(stops, 1)
for sq, n, c, r in zip(squares, stops, captures, rate):
    print(f"{sq}: {n:4d} stops, {c:3d} captures, {r:5.1%} per stop  " + "#" * int(r * 100))""",
"""#md
**Exercise.** The greedy bot likes valuable cards. Does a random bot stop in the same places, and is it
caught more often? Change `"greedy"` to `"random"` above and compare the two tables. Which square is the
most dangerous, and why does the sliding track make the last squares more dangerous late in the game?
""",
]

DRACHENLAND = [
"""#md
# Drachenland – La terre des dragons

Reiner Knizia's game for 2 to 4 players. Each player leads three adventurers (red, green and blue, in the
player's own shape) through a land of volcanoes joined by paths of stepping stones. A turn is two dice: each
die moves a *different* adventurer up to that many spaces (or brings a new one in). An adventurer that ends
on a volcano may take **all the gems of its colour**, **one diamond**, or **one egg** (which brings the
volcano's token: boatman, forced march, baby dragon, magic hand). Royal dragons fly adventurers of their
colour on a 4; rings make a colour's gems count. The game ends the moment the **last egg** is taken, and each
set of egg + ruby + emerald + sapphire scores 10 (diamonds are jokers).

Every rule has an ID such as `DL-MOVE-6`; every legal action names the IDs that allow it, and
`game.explain(action_id)` says why in a sentence. The board and the dice are reconstructions kept as data files
(`DL-REC-1`, `DL-REC-2`).

## 1. Play against bots

You are the **Humans** (seat 0, circles) against two `greedy` bots. In your turn: choose a die, then an
adventurer (click it on the map, or in your panel to bring a new one in), then click a highlighted space.
The action list under the map offers everything else (tokens, treasure, ending the movement).
You see the table as the Humans do (`viewer="0"`): the bots' hoards stay behind their screens (the *View*
menu switches to the teacher's view, which shows everything).
""",
"""import dragonwidgets

w = dragonwidgets.DrachenlandWidget(players=3, seed=2026, seats=["human", "greedy", "greedy"], viewer="0")
w""",
"""#md
## 2. One turn, decision by decision

A game created with `chance="manual"` stops whenever the dice are due, so you choose what they show. First the
opening round: each player brings one adventurer in and walks *exactly* 1, 2 or 3 spaces (`DL-OPEN-2`).
""",
"""lesson = dragonwidgets.new_game("drachenland", players=3, seed=7, chance="manual")

def show(events):
    for e in events:
        print("•", e.text)

for walk in ["walk s01", "walk s02", "walk s23"]:
    show(lesson.apply("enter red"))
    show(lesson.apply(walk))""",
"""#md
Now the Humans' first turn. Chance is due: `current_player` is `-1` and the legal actions are the rolls with
their probabilities. The dice are the 2002 edition's special dice: die A shows 1, 2, 2, 2, 3, 3 and die B
2, 3, 3, 4, 4, 4 (`DL-REC-1`).
""",
"""for a in lesson.legal_actions():
    print(f"{a.id}: p = {a.prob:.3f}")""",
"""show(lesson.apply("roll 2 3"))
print(lesson.current_player, [a.id for a in lesson.legal_actions()])   # keep, or play the fate token""",
"""show(lesson.apply("keep"))
for a in lesson.legal_actions():
    print(f"{a.id:<10} {a.label}")""",
"""show(lesson.apply("die 3"))
for a in lesson.legal_actions():
    print(f"{a.id:<12} {a.label:<55} {a.rules}")""",
"""#md
The red adventurer is on `s01`. With the 3 it may walk up to three spaces; every reachable end space is one
`walk` action, and the rules it rests on are listed with it. `explain` also says why something is **not**
allowed:
""",
"""show(lesson.apply("move red"))
for a in lesson.legal_actions():
    print(f"{a.id:<14} {a.label}")
print()
print(lesson.explain("walk s02"))    # the Dwarves' adventurer stands there
print(lesson.explain("walk V01"))    # too far for a 3""",
"""show(lesson.apply("walk s04"))
print(lesson.current_player, lesson.observation()["decision"], [a.id for a in lesson.legal_actions()][:6])""",
"""#md
The same game in a widget, in the teacher's view (the face-down tokens are visible to the teacher only).
Drag the timeline to replay it; clicking an action at a past step starts a new branch.
""",
"""teacher = dragonwidgets.DrachenlandWidget(game=lesson, viewer="teacher")
teacher""",
"""#md
## 3. Where can a die take you?

A walk may pass other adventurers (they count as spaces) and revealed volcanoes, but it must stop at a
volcano whose token is still face down (`DL-MOVE-4..7`). The map below colours every space by the smallest
die value that reaches it from a starting space, on the table as it stands in the lesson game. Change
`start` and run the cell again.
""",
"""from IPython.display import SVG
from dragonwidgets.games.drachenland.movement import walk_distances
from dragonwidgets.games.drachenland.picture import reach_svg

start = "V13"
state = lesson.state
reach = walk_distances(lesson.board, start, 4, occupied=state.occupied_stones(lesson.board.eggs),
                       face_down=state.face_down)
print({d: sorted(n for n, k in reach.items() if k == d and n.startswith("V")) for d in range(1, 5)})
SVG(reach_svg(lesson.board, start, reach, title=f"From {start}: the smallest die value that reaches each space"))""",
"""#md
With the special dice, how likely is the next volcano? From `V13`, `V12` and `V15` are 4 spaces away: only
die B can show a 4, so the chance that at least one die reaches them is exactly 1/2.
""",
"""from fractions import Fraction

die_a, die_b = lesson.board.dice_presets["special_2002"]
p = Fraction(sum(1 for a in die_a for b in die_b if max(a, b) >= 4), len(die_a) * len(die_b))
p""",
"""#md
## 4. Scoring

At the end each player gives back the gems of every colour whose adventurer wears no ring. Then each set of
one egg, one ruby, one emerald and one sapphire scores 10, diamonds standing in for any gem (never an egg),
and every other item scores 1 (`DL-SCORE-1..6`). The engine always uses the diamonds in the best way. Here is
the rulebook's example (`DL-REC-5`):
""",
"""from dragonwidgets.games.drachenland.scoring import score

A = score(dict(egg=4, ruby=7, emerald=3, sapphire=6, diamond=4), rings={"red", "blue"})
B = score(dict(egg=5, ruby=6, emerald=4, sapphire=4, diamond=0), rings={"red", "green", "blue"})
print("A:", A)
print("B:", B)""",
"""#md
**Your turn.** Edit the hoard and the rings below and run the cell. Try taking the ring off the red
adventurer, or swapping a diamond for an egg.
""",
"""my_hoard = dict(egg=3, ruby=5, emerald=1, sapphire=0, diamond=3)
my_rings = {"red", "green", "blue"}
result = score(my_hoard, my_rings)
print(f"{result['sets']} sets, score {result['score']}; given back: {result['returned']}")""",
"""#md
## 5. What each player may see

Hoards sit behind screens: a seat's observation shows its own hoard and `None` for the others, and never the
face-down tokens (the teacher's full view has them under `hidden`). Every take happens in the open, so the
log says exactly what was taken.
""",
"""view = lesson.observation(1)
print("hoards as the Dwarves see them:", view["hoards"])
print("V13 as the Dwarves see it:", view["volcanoes"]["V13"])
print("only the teacher sees:", sorted(set(lesson.observation()) - set(view)))""",
"""#md
## 6. Teach from a position

A lesson often starts from a situation rather than from the set-up: *a volcano with two rubies, a diamond, an
egg and a boatman*. `position=` writes it in the game's own terms: volcanoes with their eggs, gems and token,
each seat's adventurers, the dice. Whatever the position leaves out comes from the seeded set-up, and what it
names is taken from where the set-up put it (the boatman token is swapped with the one dealt on `V07`, the
gems with those of other volcanoes), so no egg, gem or token is created or lost. `game.position()` gives the
whole table the same way, hidden tokens included, and a game can start again from it.
""",
"""volcano = dragonwidgets.new_game("drachenland", players=2, seed=1, chance="manual", position={
    "volcanoes": {"V07": {"eggs": 1, "gems": {"ruby": 2, "diamond": 1}, "token": "boatman", "face_down": False}},
    "adventurers": [{"red": "s40"}, {"green": "s20"}],
    "dice": [1, 3],
})
w6 = dragonwidgets.DrachenlandWidget(game=volcano, viewer="teacher")
w6""",
"""#md
The Humans give the 1 to their red adventurer, walk onto `V07` and end the movement. One take is allowed
(`DL-TREASURE-2`): all the gems of the adventurer's colour, one diamond, or one egg, which brings the
volcano's token with it (`DL-TREASURE-4`). Each choice names its rules, and `explain` quotes them:
""",
"""for step in ["die 1", "move red", "walk V07", "end movement"]:
    w6.act(step)
for a in volcano.legal_actions():
    print(f"{a.id:<13} {a.label:<45} {', '.join(a.rules)}")
print()
print(volcano.explain("take egg"))""",
"""#md
**Picking a token by hand.** With `chance="manual"` a face-down token is not turned up by the seed: when an
adventurer reaches its volcano, the game stops at a chance node whose outcomes are the tokens nobody has seen
yet (the face-down ones and the boxed one), each with its share. Step back, cross the river to the face-down
`V05` with the red adventurer's boatman instead, and choose what lies there:
""",
"""w6.undo()                      # back to the movement on V07
w6.act("boat V05")
for a in volcano.legal_actions():
    print(f"{a.id:<28} p = {a.prob:.3f}")""",
"""w6.act("reveal V05 ring")      # a ring: red moved, so it may put on a ring instead of taking treasure
print(volcano.log()[-2]["text"])
print([a.id for a in volcano.legal_actions()])""",
]

CHASSE = [
"""#md
# La Chasse au Dragon

A hunt for 2 to 6 players in an 8×8 forest. The outer ring is the forest edge, where every player has a camp;
the inner 6×6 squares hold face-down piles of monsters, more of them and stronger deeper in, with the four
dragons in the centre. Each turn: move one free step (each further step costs a **quarter of a captured
goblin**), maybe duel an opponent on your square, then **meet the top monster** of the pile there: flee or
fight. Every fight uses **exploding dice**: your die is set by your equipment (a d4 at the start), a monster's by
its power (goblin d4 … dragon d20), and a die that shows its maximum is thrown again and added. At your own camp
you bank wealth in the vault and buy equipment. The game ends the moment someone slays a dragon; the richest
player wins.

Every rule has an ID such as `CD-GOB-5`; every legal action names the IDs that allow it, and
`game.explain(action_id)` says why in a sentence. The card distribution and the camps are reconstructions kept as data
(`CD-REC-2`, `CD-REC-3`).

## 1. Play against bots

You are **White** (seat 0) against two `greedy` bots, which fight when the exact odds are good. Click a
highlighted square to step; the fight panel shows the odds before you choose to flee or fight.
You see the table as White does (`viewer="0"`): the monsters in the piles stay face down until they are
turned up (the *View* menu switches to the teacher's view, which shows everything).
""",
"""import dragonwidgets

w = dragonwidgets.ChasseAuDragonWidget(players=3, seed=2026, seats=["human", "greedy", "greedy"], first_player=0, viewer="0")
w""",
"""#md
## 2. Exploding dice, exactly

An exploding dN shows k·N + r (k explosions, 1 ≤ r ≤ N−1) with probability N^−(k+1): a total that is a multiple
of N never happens (`CD-COMBAT-5`, `CD-COMBAT-6`). The distribution of a d4:
""",
"""from fractions import Fraction
from dragonwidgets.games.chasse_au_dragon import dice

values, probs = dice.exploding_pmf(4)
for v, p in zip(values[:12], probs[:12]):
    print(f"total {v:2d}: {Fraction(float(p)).limit_denominator(10**6)}")
print("P(d4 total = 5) =", dice.exact_probability(4, 5), "   E[total] =", dice.expected_total(4))""",
"""#md
**Who wins a fight?** The exact probability that each die (rows) beats each die (columns), computed with numpy
from the two distributions, to a precision of 10⁻¹²:
""",
"""import numpy as np

faces = dice.DICE
exact = dice.win_table(faces)
header = "      " + "".join(f"{'d' + str(f):>8}" for f in faces)
print(header)
for f, row in zip(faces, exact):
    print(f"{'d' + str(f):>6}" + "".join(f"{x:8.3f}" for x in row))""",
"""#md
The same table by simulation: 4,000 seeded fights for every pair of dice. With 4,000 fights a frequency's
standard error is at most 0.008, and the largest of the 36 differences below is about two standard errors:
the simulation agrees with the exact table.
""",
"""import random

rng = random.Random(1)
fights = 4_000
simulated = np.zeros((len(faces), len(faces)))
for i, a in enumerate(faces):
    for j, b in enumerate(faces):
        wins = sum(dice.total(dice.roll_exploding(a, rng)) > dice.total(dice.roll_exploding(b, rng)) for _ in range(fights))
        simulated[i, j] = wins / fights
print(header)
for f, row in zip(faces, simulated):
    print(f"{'d' + str(f):>6}" + "".join(f"{x:8.3f}" for x in row))
print(f"largest difference from the exact table: {np.abs(simulated - exact).max():.4f}")""",
"""#md
A beginner's d4 against a dragon's d20 still wins about one fight in nine:
""",
"""win, tie, loss = dice.duel_odds_exact(4, 20)
print(f"win {win} ≈ {float(win):.4f}, tie {tie} ≈ {float(tie):.4f}, loss ≈ {float(loss):.4f}")""",
"""#md
## 3. One turn, decision by decision

With `chance="manual"` the game stops at every throw of a die and at every monster card turned up, so you choose
the face or the card. White steps off the camp (the first step is free; White has no goblin, so the movement ends
there) and meets the pile of 3,1: the card turned up is yours to pick among the pile's cards, each with its share
of the pile (`CD-ENC-1`). The other players only ever see the card once it is turned up.
""",
"""lesson = dragonwidgets.new_game("chasse_au_dragon", players=3, seed=7, chance="manual", first_player=0)

def show(events):
    for e in events:
        print("•", e.text)

print([a.id for a in lesson.legal_actions()])
show(lesson.apply("step 3,1"))
print("the pile may turn up:", [(a.id, a.prob) for a in lesson.legal_actions()])
show(lesson.apply("reveal orc"))  # picked by hand""",
"""monster = lesson.observation(0)["revealed"]
mine = lesson.observation(0)["boards"][0]["power"]
print(f"{monster['card']} (power {monster['power']}, a d{monster['power']}) against White's d{mine}")
print("exact odds (win, tie, loss):", [round(x, 4) for x in dice.duel_odds(mine, monster["power"])])
for a in lesson.legal_actions():
    print(f"{a.id:<10} {a.label}  {a.rules}")""",
"""#md
White fights. Each throw is one chance outcome; a 4 on White's d4 explodes and White throws again.
""",
"""show(lesson.apply("fight"))
print([(a.id, a.prob) for a in lesson.legal_actions()])
show(lesson.apply("throw 4"))      # explodes: White throws again
show(lesson.apply("throw 2"))      # White's total: 4 + 2 = 6
show(lesson.apply("throw 3"))      # the orc's d6, thrown by White's left neighbour""",
"""#md
`explain` says why an action is or is not legal, naming the rule:
""",
"""print(lesson.explain(lesson.legal_actions()[0].id))
print(lesson.explain("fight"))""",
"""#md
The same game in a widget, in the teacher's view (the pile contents are visible to the teacher only).
""",
"""teacher = dragonwidgets.ChasseAuDragonWidget(game=lesson, viewer="teacher")
teacher""",
"""#md
## 4. What each player may see

A seat sees its own management board in full, and of the others only the face-up zones (equipment, pantry)
and how thick their other piles look (`CD-ZONE-7`): never the cards or the counts.
""",
"""print("White's board as White sees it:", lesson.observation(0)["boards"][0])
print("White's board as Blue sees it: ", lesson.observation(1)["boards"][0])""",
"""#md
## 5. Teach from a position

A lesson often starts from a situation rather than from the set-up: *a hunter with two caged goblins and an orc in
the backpack*. `position=` writes it in the game's own terms: seats by colour, squares as `"x,y"`, cards by name.
What the position leaves out comes from the seeded set-up, and the cards it names are taken from the monster
piles, so the game keeps its 124 cards.
""",
"""hunter = dragonwidgets.new_game("chasse_au_dragon", players=2, seed=1, chance="manual", first_player=0, position={
    "adventurers": {"white": "2,2"},
    "boards": {"white": {"cage": 2, "backpack": ["orc"]}},
})
hunt = dragonwidgets.ChasseAuDragonWidget(game=hunter, viewer="teacher")
hunt""",
"""#md
White stays on 2,2 and meets its pile. The teacher picks the card turned up: a troll, stronger than White's d4,
so White may leave one of the caged goblins behind as a decoy (`CD-ENC-3`, `CD-GOB-2`). The widget above follows.
""",
"""hunt.act("stop")
print("the pile of 2,2 may turn up:", [(a.id, a.prob) for a in hunter.legal_actions()])
hunt.act("reveal troll")  # picked by hand
print("•", hunter.log(last=1)[0]["text"])
for a in hunter.legal_actions():
    print(f"{a.id:<10} {a.label}  {a.rules}")""",
"""#md
`game.position()` gives the whole table the same way, hidden cards included (never show it to a player), and a
game can start again from it. A position the rules cannot have is refused, naming the field and the rule:
""",
"""pos = hunter.position()
print({key: pos[key] for key in ("active", "decision")}, "· White:", pos["boards"]["white"])
again = dragonwidgets.new_game("chasse_au_dragon", position=pos, chance="manual")
print("same legal actions:", again.legal_action_ids() == hunter.legal_action_ids())
try:
    dragonwidgets.new_game("chasse_au_dragon", players=2, seed=1, position={"boards": {"white": {"backpack": ["goblin"]}}})
except dragonwidgets.PositionError as error:
    print(error)""",
]

DRAGHAN = [
"""#md
# Draghan – Once Upon a Dragon

A **cooperative** card game: the whole team wins or loses together. Each character has three skill icons
(strength **S**, charm **C**, knowledge **K**) while healthy and one once wounded. Every round the map holder
turns up a location (healing, help, a threat, a thief, a market or a portal), then the team reveals one
encounter per character. Characters face the monsters by matching their icons, adding single-use equipment;
one card's icons never split between monsters. If every monster falls, the active character takes the
equipment found; if not, it is wounded, and a second wound takes it out. Through a portal the team travels to
the Shadow Realm, where the dragon hides among the encounters. Defeat it to win; run out of characters or of
Shadow locations and the team loses.

Every rule has an ID such as `DG-FIGHT-7`; every legal action names the IDs that allow it, and
`game.explain(action_id)` says why in a sentence. All the cards are reconstructions kept as data (`DG-REC-1..6`), and the data was
tuned by simulation so that teams of every size have a fair chance (section 4 below).

## 1. Play solo with several characters

One person plays both seats: each decision is taken by the character whose turn it is (solo play, `DG-SOLO`).
Choose two characters, then play: click the monster a character faces, then the cards it uses.
""",
"""import dragonwidgets

w = dragonwidgets.DraghanWidget(players=2, seed=30, seats=["human", "human"], first_player=0)
w""",
"""#md
## 2. A fight, step by step, with the hint

The same start in plain Python: the Elf and the Wizard, round 1.
""",
"""lesson = dragonwidgets.new_game("draghan", players=2, seed=30, first_player=0)

def show(events):
    for e in events:
        print("•", e.text)

show(lesson.apply("choose CH1"))   # the Elf: S C C
show(lesson.apply("choose CH3"))   # the Wizard: C K K
print(lesson)""",
"""#md
The table holds two monsters. Before anyone declares, the engine can list every plan that defeats them all,
by an exact search over who faces what with which cards (`game.fight_plans()`):
""",
"""every_plan = lesson.fight_plans()
plans = [p for p in every_plan if p.all_defeated] or every_plan[:1]   # the best plan if none wins outright
for p in plans:
    who = {lesson.player_name(s): m for s, m in p.targets.items()}
    print(who, "cards:", {lesson.player_name(s): c for s, c in p.cards.items()}, "assist:", p.assist)""",
"""#md
Now the declarations, one small decision at a time: each character in seat order faces one monster (or
none), then commits its own cards. The running totals per monster are in the observation.
""",
"""plan = plans[0]
while lesson.state.phase in ("declare_target", "declare_equipment", "assign_assist"):
    seat = lesson.current_player
    if lesson.state.phase == "declare_target":
        target = plan.targets.get(seat)
        action = f"face {target}" if target else "face none"
    elif lesson.state.phase == "declare_equipment":
        left = [c for c in plan.cards.get(seat, ()) if c not in lesson.state.used.get(seat, [])]
        action = f"use {left[0]}" if left else "done"
    else:
        action = f"assist {plan.assist}" if plan.assist else "assist none"
    print(f"{lesson.player_name(seat):>7}: {action}")
    events = lesson.apply(action)
    for m in lesson.observation()["table"]:
        print(f"         {m['id']} needs {m['req']:<4} placed S,C,K = {m['placed']}")
show(events)""",
"""#md
`explain` says why something is, or is not, allowed:
""",
"""print(lesson.explain(lesson.legal_action_ids()[0]))
print(lesson.explain("face D01"))""",
"""#md
## 3. Teach from a position

A lesson: *the Elf alone against a two-charm monster*. `position=` writes the table in the game's own terms:
the characters by seat (card ids: `CH1` is the Elf), the monsters on the table (`D08`, the Merchant, needs C C),
the decision due. Whatever the position leaves out comes from the seeded set-up, and the cards it names are
taken from where the set-up put them, so no card is created or lost. `help(dragonwidgets.games.draghan.position)`
lists every field; `game.position()` gives the whole table of any game, to start another one from it.
""",
"""alone = dragonwidgets.new_game("draghan", players=2, seed=1, position={
    "heroes": [{"character": "CH1"},                       # the Elf, healthy: S C C
               {"character": "CH3", "wounded": True}],     # the Wizard, wounded: it stays out
    "table": ["D08"],                                      # the Merchant needs C C
    "decision": "declare_target", "active": 0})
dragonwidgets.DraghanWidget(game=alone)""",
"""show(alone.apply("face D08"))
show(alone.apply("face none"))""",
"""#md
With `chance="manual"` the teacher picks what chance would draw: the market card each character takes as it
joins, every location and encounter turned up, every market card put on display (`join {id}`, `location {id}`,
`encounter {id}`, `market {id}`), the thief's pick, the large dragon. Here the Elf takes the Lute and the
Wizard the Chain Mail; the first location comes from the first four cards of the Draghan deck (one market and
one portal among them), and the teacher turns up the one the lesson needs:
""",
"""picked = dragonwidgets.new_game("draghan", players=2, seed=1, chance="manual", first_player=0)
picked.apply("choose CH1"); picked.apply("join M02")
picked.apply("choose CH3"); picked.apply("join M14")
print(picked.legal_action_ids())
show(picked.apply("location L12"))           # the Haunted Moor: a threat, one more encounter
print(picked.legal_action_ids()[:5], "...")   # now the encounters: any card left in the deck
show(picked.apply("encounter D08"))          # the Merchant comes first""",
"""#md
Here the dragon card has just turned up in the Shadow Realm, and the teacher chooses which large dragon appears:
""",
"""endgame = dragonwidgets.new_game("draghan", players=2, seed=1, chance="manual", position={
    "heroes": [{"character": "CH1"}, {"character": "CH3"}], "realm": "shadow", "round": 12,
    "table": ["S01"], "decision": "draw_dragon"})
print(endgame.legal_action_ids())
show(endgame.apply("dragon G2"))""",
"""#md
## 4. How often does the team win?

The cards are reconstructions, so their balance was measured: the `planner` bot (it plays the best exact
fight plan, buys and shares sensibly and travels at the first portal) on every seat, thousands of games per
team size, and a team of random players beside it. The full-size figures, with their 95 % intervals, were
stored by `python benchmarks/draghan_balance.py --save` (the tuning is told in
`dragonwidgets/games/draghan/data/BALANCE.md`):
""",
"""from IPython.display import Markdown
from dragonwidgets.games.draghan import balance

stored = balance.stored()
Markdown("**Planner team**\\n\\n" + balance.table(stored["rates"]) + "\\n\\n**Random team**\\n\\n"
         + balance.table(stored["random"]) if stored else "No stored figures: run benchmarks/draghan_balance.py --save")""",
"""#md
No single card decides the game: for each team size, the card whose presence beside the dragon moved the
team's win rate most (among the cards seen there in at least 50 games; a monster that fled from Draghan is
compared with the games in which a fled monster stood beside the dragon):
""",
"""for n, entry in stored["rates"].items():
    worst = balance.worst_shift(entry)
    print(f"{n} characters: {worst['card']} beside the dragon in {worst['games']} games, won {worst['rate']:.0%} "
          f"against {worst['baseline']:.0%} ({100 * worst['shift']:+.0f} points)")""",
"""#md
The same measure, small enough to run here (100 games per team size; the intervals are wide):
""",
"""#nbval-ignore-output
quick = balance.win_rates(characters=(2, 3, 4), games=100, seed=2026)
Markdown(balance.table(quick))""",
]


# ---------------------------------------------------------------- a lesson of each game's own (issue 28 item 6)
# Each game's notebook ends with a short lesson: the markdown below, a chapter written in Python, a chapter
# recorded from a played and annotated game (game.annotate, Lesson.add_game), then the check and the widget.
# tests/lessons/test_notebook_lessons.py runs these cells from the saved notebooks.
LESSON_INTRO = """#md
## {n}. A lesson of your own

A *lesson* is a list of chapters a student takes alone, beside the board: each chapter starts from a position
and holds a line of steps, each with an optional comment, highlighted pieces and a question ("your move", with
feedback for a wrong answer and hints). A teacher writes one in a few cells, as below, or records one by
playing (here with bots; in the widget's teacher view with *Record lesson*), then hands it out as a notebook
(`lesson.widget()`), as a JSON file (`lesson.save("my_lesson.json")`) or as one HTML page that works offline
(`lesson.to_html("my_lesson.html")`). `dragonwidgets.tutorial("{game}")` is a longer one, built the same way.
"""

EMERALD_LESSON_WRITTEN = """# Chapter 1, written in Python: a start, then the steps, one of them a question
from dragonwidgets import Lesson

my_lesson = (
    Lesson("Emerald: stacks", game="emerald", players=3, seed=3, chance="auto", options={"first_player": 0})
    .guess("Ride the crowd", seat=0, comment="You play Black; Red and Blue are played for you.")
    .step("move T4 black", "Any tower or keep knight goes 3 squares, to P3 (EM-MOVE-1, EM-MOVE-2).",
          accept=["move T1 black", "move T2 black", "move T3 black", "move KEEP black"])
    .step("move T2 black", "A second knight joins the first on P3 (EM-TURN-2).",
          accept=["move T1 black", "move T3 black", "move KEEP black"],
          feedback={"end turn": "Legal (EM-TURN-2), but a second knight on P3 makes the stack go further."})
    .steps("move T1 red", "move T3 red", "move KEEP blue", "move T3 blue")
    .step("move P3 black", "Six knights stand on P3: a knight leaving it goes 6 squares, to M3 (EM-MOVE-1).",
          highlight=["P3", "P3/black"],
          feedback={"move T1 black": "T1 holds two knights now: its knight goes only to P2 (EM-MOVE-1).",
                    "move KEEP black": "The keep holds two knights now: its knight stops on P2 (EM-MOVE-1).",
                    "move T3 black": "Alone in T3, your knight goes one square, to P1 (EM-MOVE-2)."},
          hints=["Count the knights on each space a black knight could leave.", "P3 is the crowded square."])
)"""

EMERALD_LESSON_RECORDED = """# Chapter 2, recorded: a game played (here by bots), two of its steps commented, added as a chapter
import random
import dragonwidgets

recorded = dragonwidgets.new_game("emerald", players=3, seed=5, chance="auto", first_player=0)
bots = [dragonwidgets.make_bot("emerald", "greedy") for _ in range(3)]
for k in range(10):                       # ten decisions, each seat's taken by its bot
    seat = recorded.current_player
    action = bots[seat].choose(recorded.observation(seat), recorded.legal_actions(), random.Random(k))
    recorded.apply(action)
print(" · ".join(entry.action.id for entry in recorded.history))

first_card = next(k for k, e in enumerate(recorded.history) if e.action.id.startswith("take"))
recorded.annotate(0, "Three greedy bots played this game. You play Black's moves; the others follow.")
recorded.annotate(first_card, "A knight that stops on a mountain square takes its top gold or gem card "
                              "(EM-CARD-1); taking a card ends the turn (EM-CARD-4).")
my_lesson.add_game(recorded, "A game the bots played", seat=0)"""

LESSON_CHECK = """my_lesson.check()          # replays every chapter: an illegal step or a bad highlight raises LessonError
print(my_lesson)
my_lesson.widget()"""

DRACHENLAND_LESSON_WRITTEN = """# Chapter 1, written in Python: a start, then the steps, one of them a question
from dragonwidgets import Lesson

my_lesson = (
    Lesson("Drachenland: two dice", game="drachenland", players=3, seed=2, chance="auto")
    .walkthrough("The first dice", seat=0, comment="You play the Humans; the two other players are played for you.")
    .step("enter red", "In the opening round each player brings one adventurer in (DL-OPEN-1, DL-OPEN-2).",
          highlight=["adv/0/red"])
    .step("walk s05", "The first player walks exactly 1 space; the entrance is not a space (DL-OPEN-2, DL-OPEN-3).",
          highlight=["s05"])
    .steps("enter red", "walk s18", "enter blue", "walk s15")
    .step("keep", "Your first roll: 2 and 4. Keep it; the fate token rerolls once a game (DL-FATE-1).",
          highlight=["dice", "token/0/fate"])
    .step("die 4", "Which die first? Each die moves a different adventurer (DL-TURN-3).",
          highlight=["dice", "adv/0/red", "V02"],
          feedback={"die 2": "A walk goes at most as far as its die (DL-MOVE-1): with the 2, red stops short of "
                             "volcano V02, 4 spaces away.",
                    "end turn": "Legal, but it gives up both dice (DL-TURN-2)."},
          hints=["How many spaces lie between red and the volcano V02?", "Four."])
)"""

DRACHENLAND_LESSON_RECORDED = """# Chapter 2, recorded: a game played (here by bots), two of its steps commented, added as a chapter
import random
import dragonwidgets

recorded = dragonwidgets.new_game("drachenland", players=3, seed=5, chance="auto")
bots = [dragonwidgets.make_bot("drachenland", "greedy") for _ in range(3)]
for k in range(11):                       # eleven decisions, each seat's taken by its bot
    seat = recorded.current_player
    action = bots[seat].choose(recorded.observation(seat), recorded.legal_actions(), random.Random(k))
    recorded.apply(action)
print(" · ".join(entry.action.id for entry in recorded.history))

first_take = next(k for k, e in enumerate(recorded.history) if e.action.id.startswith("take"))
recorded.annotate(0, "Three greedy bots played this game. You play the Humans' moves; the others follow.")
recorded.annotate(first_take, "An adventurer that ends its move on a volcano takes treasure there: all the gems "
                              "of its colour, one diamond or one egg (DL-TREASURE-1, DL-TREASURE-2).")
my_lesson.add_game(recorded, "A game the bots played", seat=0)"""

CHASSE_LESSON_WRITTEN = """# Chapter 1, written in Python: a start, then the steps, one of them a question
from dragonwidgets import Lesson

hunter = {"adventurers": {"white": "2,2"}, "boards": {"white": {"cage": 2, "backpack": ["orc"]}}}
my_lesson = (
    Lesson("La Chasse au Dragon: when to flee", game="chasse_au_dragon", players=2, seed=1, chance="manual",
           options={"first_player": 0})
    .walkthrough("A troll in the way", seat=0, position=hunter,
                 comment="You play White: two goblins in your cage, an orc in your backpack.")
    .step("stop", "Stay on 2,2 (CD-MOVE-2): you must meet the pile's top monster (CD-ENC-1).",
          highlight=["adv/0", "2,2"])
    .step("reveal troll")                 # the teacher picks the card the pile turns up
    .step("decoy", "A troll, power 10: its d10 against your d4 (CD-COMBAT-3). It is at least as strong as your "
                   "equipment, so you may flee (CD-ENC-3). What do you do?",
          highlight=["zone/0/cage", "zone/0/backpack"],
          feedback={"fight": "Your d4 beats the troll's d10 in about 22 % of fights and loses 68 % (CD-COMBAT-1, "
                             "CD-COMBAT-2); a troll that wins takes every card of your backpack: your orc (CD-ENC-9).",
                    "flee roll": "The flight roll works only on a 4, one time in four (CD-ENC-3), and once it fails "
                                 "no goblin can save you (CD-ENC-4)."},
          hints=["What does a troll take when it wins?", "A whole goblin from your cage makes the flight sure."])
    .closing("The decoy goblin leaves the game and the troll goes under the pile (CD-GOB-2, CD-ENC-6).")
)"""

CHASSE_LESSON_RECORDED = """# Chapter 2, recorded: a game played (here by bots), two of its steps commented, added as a chapter
import random
import dragonwidgets

recorded = dragonwidgets.new_game("chasse_au_dragon", players=3, seed=8, chance="auto", first_player=0)
bots = [dragonwidgets.make_bot("chasse_au_dragon", "greedy") for _ in range(3)]
for k in range(8):                        # eight decisions, each seat's taken by its bot
    seat = recorded.current_player
    action = bots[seat].choose(recorded.observation(seat), recorded.legal_actions(), random.Random(k))
    recorded.apply(action)
print(" · ".join(entry.action.id for entry in recorded.history))

first_fight = next(k for k, e in enumerate(recorded.history) if e.action.id == "fight")
recorded.annotate(0, "Three greedy bots played this game. You play White's moves; the others follow.")
recorded.annotate(first_fight, "Fight: each side throws its die, a die showing its highest face is thrown again "
                               "and adds up, and the higher total wins (CD-COMBAT-1, CD-COMBAT-2).")
my_lesson.add_game(recorded, "A game the bots played", seat=0)"""

DRAGHAN_LESSON_WRITTEN = """# Chapter 1, written in Python: a start, then the steps, one of them a question
from dragonwidgets import Lesson

my_lesson = (
    Lesson("Draghan: team up", game="draghan", players=2, seed=30, chance="auto", options={"first_player": 0})
    .walkthrough("Two heroes, one monster", seat=None,
                 comment="You play both characters (DG-SOLO-2). Pick the Elf and the Wizard.")
    .steps("choose CH1", "choose CH3")
    .step("face D03", "Two monsters: the Goblin Archer needs S S C K, the Wild Boar S C K. Whom does the Elf "
                      "(S C C) face (DG-FIGHT-1)?",
          highlight=["card/D06", "card/D03", "hero/0"],
          feedback={"face D06": "Legal, but the Elf and the Wizard show one S between them: the Goblin Archer "
                                "would also take the Wizard's Chain Mail, used once (DG-FIGHT-7, DG-FIGHT-8).",
                    "face none": "Legal, but the Wizard alone (C K K) lacks the Wild Boar's S (DG-FIGHT-7)."},
          hints=["Which monster could the two heroes beat with their own icons?", "The Wild Boar: S C K."])
    .step("face D03", "The Wizard joins: S C C and C K K add up to more than S C K (DG-FIGHT-6, DG-FIGHT-7).",
          highlight=["card/D03", "hero/1"])
    .step("done", "No equipment is needed, so the Chain Mail stays for a later fight (DG-FIGHT-3, DG-FIGHT-8).")
)"""

DRAGHAN_LESSON_RECORDED = """# Chapter 2, recorded: a game played (here by bots), two of its steps commented, added as a chapter
import random
import dragonwidgets

recorded = dragonwidgets.new_game("draghan", players=2, seed=2, chance="auto", first_player=0)
bots = [dragonwidgets.make_bot("draghan", "planner") for _ in range(2)]
for k in range(8):                        # eight decisions, each character's taken by the planner bot
    seat = recorded.current_player
    action = bots[seat].choose(recorded.observation(seat), recorded.legal_actions(), random.Random(k))
    recorded.apply(action)
print(" · ".join(entry.action.id for entry in recorded.history))

first_face = next(k for k, e in enumerate(recorded.history) if e.action.id.startswith("face"))
recorded.annotate(0, "The planner bot played both characters. You play them again.")
recorded.annotate(first_face, "Each character faces one monster or stays out; everything placed at a monster "
                              "adds up (DG-FIGHT-1, DG-FIGHT-6).")
my_lesson.add_game(recorded, "A game the planner played", seat=None)"""


def lesson_section(number, game, written, recorded):
    """The cells of a game notebook's last section: what a lesson is, a chapter written in Python, a chapter
    recorded from a played game, the check and the lesson's widget."""
    return [LESSON_INTRO.format(n=number, game=game), written, recorded, LESSON_CHECK]


EMERALD += lesson_section(7, "emerald", EMERALD_LESSON_WRITTEN, EMERALD_LESSON_RECORDED)
DRACHENLAND += lesson_section(7, "drachenland", DRACHENLAND_LESSON_WRITTEN, DRACHENLAND_LESSON_RECORDED)
CHASSE += lesson_section(6, "chasse_au_dragon", CHASSE_LESSON_WRITTEN, CHASSE_LESSON_RECORDED)
DRAGHAN += lesson_section(5, "draghan", DRAGHAN_LESSON_WRITTEN, DRAGHAN_LESSON_RECORDED)


if __name__ == "__main__":
    which = sys.argv[1:] or ["welcome", "emerald", "drachenland", "chasse_au_dragon", "draghan"]
    for name in which:
        write({"welcome": WELCOME, "emerald": EMERALD, "drachenland": DRACHENLAND,
               "chasse_au_dragon": CHASSE, "draghan": DRAGHAN}[name], ROOT + name + ".ipynb")
