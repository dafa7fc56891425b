"""Hidden information (digest section 7, CD-ZONE-1..7, CD-BOARD-6, CD-INT-23): what each seat's observation may hold.

A seat sees the public table (pile sizes, camps, adventurers, the card met now, equipment and pantry
goblins, dice), its own management board in full, and of the others only a thickness word for the
backpack, cage, vault and dungeon (CD-ZONE-7: "ne pas compter"). The order and contents of the piles
below the revealed top card are nobody's; the teacher's view (``None``) alone adds ``hidden``.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cd_builder import Board, play, position
from dragonwidgets.games.chasse_au_dragon import ChasseGame
from dragonwidgets.games.chasse_au_dragon.state import OVER

PUBLIC_KEYS = {
    "game", "step", "players", "current_player", "is_over", "outcome", "viewer", "decision", "active_player",
    "first_player", "round", "dragon_raids", "camps", "positions", "piles", "revealed", "steps", "defender",
    "fleeing", "flight_tried", "fight", "last_rolls", "boards", "removed", "scores", "reach",
}
SECRET_ZONES = ("backpack", "vault", "cage", "dungeon", "quarters", "wealth")
WEALTH_CARDS = ("orc", "ogre", "troll", "giant")


def random_prefix(players: int, seed: int, steps: int, **options) -> ChasseGame:
    """A seeded random game after ``steps`` decisions (or at its end)."""
    g = ChasseGame(players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_action_ids()))
    return g


def rich_table() -> ChasseGame:
    """Seat 0 meets an ogre on (2,2); every seat holds something in every zone."""
    boards = {0: Board(backpack=["orc", "ogre"], cage=2, vault=["giant"], dungeon=1, equipment="troll", pantry=2),
              1: Board(backpack=["orc"] * 4, cage=9, vault=["troll", "orc"], dungeon=0, equipment="orc", pantry=1),
              2: Board(backpack=[], cage=1, vault=["ogre"] * 9, dungeon=5)}
    g = position(3, at={0: "2,2"}, boards=boards, piles={"2,2": ["ogre", "troll", "goblin", "orc"]})
    play(g, "stop")
    return g


# ---------------------------------------------------------------------- a seat's view


def test_section_7_CD_ZONE_7_own_board_in_full_others_by_thickness():
    """Section 7, CD-ZONE-7, CD-ZONE-1..6, CD-INT-23: a seat sees its own zones with counts; of the others,
    equipment and pantry (face up) and a thickness word (empty / thin 1-3 / medium 4-8 / thick 9+) for
    backpack, cage, vault and dungeon; never counts or face-down identities."""
    g = rich_table()
    obs = g.observation(1)
    assert set(obs) == PUBLIC_KEYS and obs["viewer"] == 1
    mine = obs["boards"][1]
    assert mine["backpack"] == {"orc": 4} and mine["cage"] == 9 and mine["vault"] == {"troll": 1, "orc": 1}
    assert mine["quarters"] == 1 + 4 * 9 and mine["wealth"] == {"backpack": 24, "vault": 16}
    a, c = obs["boards"][0], obs["boards"][2]
    assert all(a[k] is None and c[k] is None for k in SECRET_ZONES)
    assert (a["equipment"], a["power"], a["pantry"]) == ("troll", 10, 2)
    assert (c["equipment"], c["power"], c["pantry"]) == (None, 4, 0)
    assert a["thickness"] == {"backpack": "thin", "vault": "thin", "cage": "thin", "dungeon": "thin"}
    assert c["thickness"] == {"backpack": "empty", "vault": "thick", "cage": "thin", "dungeon": "medium"}
    assert mine["thickness"]["backpack"] == "medium"


def test_CD_ZONE_1_to_6_face_down_and_face_up_zones():
    """CD-ZONE-1, CD-ZONE-3 (backpack and vault face down: their cards are the owner's alone), CD-ZONE-5,
    CD-ZONE-6 (equipment and pantry goblin face up: every seat sees the card and the quarters left),
    CD-ZONE-2, CD-ZONE-4 (cage and dungeon: face up, but a pile's cards may not be counted, CD-ZONE-7)."""
    g = position(2, boards={1: Board(backpack=["giant"], vault=["troll", "troll"], cage=2, dungeon=4,
                                     equipment="ogre", pantry=3)})
    other, own = g.observation(0)["boards"][1], g.observation(1)["boards"][1]
    assert other["backpack"] is None and other["vault"] is None and other["wealth"] is None
    assert own["backpack"] == {"giant": 1} and own["vault"] == {"troll": 2}
    assert own["wealth"] == {"backpack": 12, "vault": 20}
    assert (other["equipment"], other["power"], other["pantry"]) == ("ogre", 8, 3)
    assert (own["equipment"], own["power"], own["pantry"]) == ("ogre", 8, 3)
    assert other["cage"] is None and other["dungeon"] is None and other["quarters"] is None
    assert other["thickness"] == {"backpack": "thin", "vault": "thin", "cage": "thin", "dungeon": "medium"}
    assert (own["cage"], own["dungeon"], own["quarters"]) == (2, 4, 11)


@pytest.mark.parametrize("viewer", [0, 1, 2])
def test_section_7_CD_BOARD_6_piles_by_size_and_only_the_revealed_top_card(viewer):
    """Section 7, CD-BOARD-6, CD-INT-23, CD-ENC-1: every seat sees each pile's size and the one card met
    now; no seat view carries ``hidden`` nor any pile's contents."""
    g = rich_table()
    obs = g.observation(viewer)
    assert "hidden" not in obs and obs["scores"] is None and obs["outcome"] is None
    assert all(isinstance(n, int) for n in obs["piles"].values()) and len(obs["piles"]) == 36
    assert obs["revealed"] == {"square": "2,2", "card": "ogre", "power": 8}
    table = json.dumps({k: v for k, v in obs.items() if k != "boards"})
    assert "troll" not in table and "goblin" not in table  # the cards under the ogre never show
    assert obs["removed"] is None  # CD-ZONE-7: what left the game face down is not counted (see below)


def test_section_7_the_teacher_sees_everything():
    """Section 7: the full table (viewer None) holds every board and every pile, top first."""
    g = rich_table()
    obs = g.observation(None)
    assert obs["hidden"]["piles"]["2,2"] == ["ogre", "troll", "goblin", "orc"]
    assert obs["boards"][2]["vault"] == {"ogre": 9}


#: Wealth cards, strongest first, for zones built by the tests below.
CARRIED = ("giant", "troll", "ogre", "orc", "orc", "troll", "ogre", "orc")


def white_loses(how: str, white: int, black: int) -> ChasseGame:
    """Three seats. White carries ``white`` cards and Black ``black`` (backpacks, or cages for ``"goblin"``),
    then White loses them: beaten by an orc (CD-ENC-9: the backpack), by a goblin (CD-ENC-9: the cage) or
    raided (CD-RAID-4: backpack and cage). Blue's turn comes next (raid: White moves next)."""
    zone = "cage" if how == "goblin" else "backpack"
    wb = {zone: white if zone == "cage" else CARRIED[:white]}
    bb = {zone: black if zone == "cage" else CARRIED[:black]}
    if how == "raid":
        g = position(3, dragon_raids=True, at={0: "2,5"}, boards={0: Board(**wb), 2: Board(**bb)})
        play(g, "raid 2 5")
    else:
        g = position(3, at={0: "2,2"}, boards={0: Board(**wb), 2: Board(**bb)}, piles={"2,2": [how, "goblin"]})
        play(g, "stop", "fight", "throw 1", "throw 3")  # d4 1 against the monster's 3: the monster wins
    assert g.state.boards[0].backpack == {} and g.state.boards[0].cage == 0
    return g


@pytest.mark.parametrize("how", ["orc", "goblin", "raid"])
def test_CD_ZONE_7_what_a_loss_removes_is_not_counted_by_the_others(how):
    """CD-ZONE-7, CD-ENC-9, CD-RAID-4, section 7 ("which zones were removed (without counts)"): Blue may
    not count White's or Black's piles, only judge their thickness ("medium": 4..8), so Blue cannot tell
    "White loses 5 cards while Black carries 4" from "White loses 4 while Black carries 5". Blue's view
    and log are the same in both; only the teacher sees how many cards left the game."""
    a, b = white_loses(how, 5, 4), white_loses(how, 4, 5)
    assert a.observation(None)["removed"] == 5 and b.observation(None)["removed"] == 4
    assert a.observation(1) == b.observation(1)
    assert a.log(1) == b.log(1)
    assert a.observation(1)["boards"][2]["thickness"] == b.observation(1)["boards"][2]["thickness"]
    assert a.observation(1)["removed"] is None


def test_CD_ZONE_7_at_the_end_every_board_and_the_number_removed_are_shown():
    """Section 7, CD-SCORE-1: at the end every board is shown to every seat, so how many cards left the game
    follows from the public pile sizes and is given too (the removed cards' types stay the teacher's)."""
    g = random_prefix(2, seed=3, steps=100_000)
    assert g.is_over and sum(g.state.removed.values()) > 0
    for viewer in (0, 1):
        obs = g.observation(viewer)
        assert obs["removed"] == sum(g.state.removed.values()) and "hidden" not in obs
        assert all(view["backpack"] is not None for view in obs["boards"])


def test_section_7_after_the_encounter_the_card_is_face_down_again():
    """Section 7, CD-ENC-6: once the card has gone under its pile, no seat sees it any more."""
    g = rich_table()
    play(g, "flee free")  # troll equipment: the ogre is weaker
    for viewer in range(3):
        assert g.observation(viewer)["revealed"] is None


def test_section_7_CD_CAMP_2_deposits_hide_the_card_type_from_other_seats():
    """Section 7, CD-CAMP-2: 'deposits a giant' for its owner and the teacher; 'deposits a card' for the
    others; counts never appear."""
    g = position(3, boards={0: Board(backpack=["giant", "orc", "orc"])})
    play(g, "stop", "deposit giant", "deposit orc", "deposit orc", "end turn")
    own = [r["text"] for r in g.log(0) if r["kind"] == "deposited"]
    teacher = [r["text"] for r in g.log(None) if r["kind"] == "deposited"]
    for viewer in (1, 2):
        other = [r["text"] for r in g.log(viewer) if r["kind"] == "deposited"]
        assert other == ["White deposits a card in the vault."] * 3
    assert own == teacher == ["White deposits a giant in the vault.", "White deposits an orc in the vault.",
                              "White deposits an orc in the vault."]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_section_7_random_play_logs_never_name_a_deposited_card_to_others(players):
    """Section 7: over a random game, every deposit another seat reads says only "a card"."""
    g = random_prefix(players, seed=73 + players, steps=1500)
    deposits = 0
    for e in g.history:
        for ev in e.events:
            if ev.kind == "deposited":
                deposits += 1
                owner = ev.private_to
                assert owner == e.action.player
                for viewer in range(players):
                    text = ev.text_for(viewer)
                    if viewer != owner:
                        assert text.endswith("deposits a card in the vault.")
                        assert not any(t in text for t in WEALTH_CARDS + ("dragon",))
    assert deposits > 0


@pytest.mark.parametrize("players", [2, 3, 5])
def test_section_7_random_play_seat_views_hide_the_others(players):
    """Section 7, CD-ZONE-7: all along a random game, each seat's view has counts for its own board only
    (until the end), thickness words that match the real sizes, and no ``hidden``."""
    g = ChasseGame(players=players, seed=90 + players)
    setup = g.setup
    rng = random.Random(players)
    for step in range(600):
        if g.is_over:
            break
        if step % 25 == 0:
            for viewer in range(players):
                obs = g.observation(viewer)
                assert "hidden" not in obs
                for seat, view in enumerate(obs["boards"]):
                    b = g.state.boards[seat]
                    assert view["thickness"] == {
                        "backpack": setup.thickness(sum(b.backpack.values())),
                        "vault": setup.thickness(sum(b.vault.values())),
                        "cage": setup.thickness(b.cage), "dungeon": setup.thickness(b.dungeon)}
                    assert (view["cage"] is None) == (seat != viewer)
        g.apply(rng.choice(g.legal_action_ids()))


# ---------------------------------------------------------------------- what a seat cannot tell apart


def same_thickness(game: ChasseGame, n: int, rng: random.Random) -> int:
    """Return a count drawn in the thickness bucket of ``n`` (up to ``n + 5`` in the open last one)."""
    lo, hi, _ = next(x for x in game.setup.thickness_buckets if x[0] <= n and (x[1] is None or n <= x[1]))
    return rng.randint(lo, hi if hi is not None else n + 5)


def scramble(game: ChasseGame, viewer: int, rng: random.Random, keep_tops: bool = False) -> None:
    """Change what ``viewer`` may not see: every pile below its top card (and a pile's top too while it
    is not revealed, unless ``keep_tops``) is shuffled; each opponent's backpack and vault get other
    wealth cards, as many as any count in the same thickness bucket, and the cage and dungeon other
    counts in their buckets; the cards out of the game get other types and one more card (a table's
    card total is not a seat's to count: CD-ZONE-7)."""
    s = game.state
    here = s.positions[s.active]
    for sq, pile in s.piles.items():
        keep = 1 if keep_tops or (s.revealed and sq == here) else 0
        rest = pile[keep:]
        rng.shuffle(rest)
        pile[keep:] = rest
    for seat, b in enumerate(s.boards):
        if seat == viewer:
            continue
        for zone in ("backpack", "vault"):
            n = same_thickness(game, sum(getattr(b, zone).values()), rng)
            setattr(b, zone, dict(Counter(rng.choice(WEALTH_CARDS) for _ in range(n))))
        for zone in ("cage", "dungeon"):
            setattr(b, zone, same_thickness(game, getattr(b, zone), rng))
    out = sum(s.removed.values()) + 1
    s.removed = dict(Counter(rng.choice(WEALTH_CARDS + ("goblin",)) for _ in range(out)))
    game._legal_cache = None


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**16), steps=st.integers(0, 700), data=st.data())
def test_section_7_hidden_cards_can_be_permuted_without_a_seat_noticing(players, seed, steps, data):
    """Section 7, CD-ZONE-7, CD-BOARD-6: permuting the cards of face-down piles below the top (all of a
    pile not being met), changing an opponent's backpack, vault, cage and dungeon (their cards and their
    sizes within the same thickness bucket) and the cards out of the game leaves that seat's observation
    unchanged (its quarters and pantry aside: they are the seat's own or face up, and are left alone)."""
    g = random_prefix(players, seed, steps)
    if g.state.phase == OVER:
        return  # at the end every board is shown with the scores
    viewer = data.draw(st.integers(0, players - 1))
    before = g.observation(viewer)
    scramble(g, viewer, random.Random(seed))
    assert g.observation(viewer) == before


def test_section_7_CD_GOB_8_reach_costs_only_in_the_movers_own_view():
    """CD-MOVE-6, CD-GOB-8, section 7: the squares the mover can reach, with their cost in quarters, tell
    how many goblins it holds, so only its own view (and the teacher's) carries them."""
    game = ChasseGame(players=3, seed=7, first_player=0)
    game.state.boards[0].cage = 1  # 4 quarters: the free step, then 4 paid ones
    game._legal_cache = None
    mine = game.observation(0)["reach"]
    assert mine["3,1"] == 0 and mine["3,5"] == 4 and "3,6" not in mine
    assert game.observation(None)["reach"] == mine
    assert game.observation(1)["reach"] is None and game.observation(2)["reach"] is None


# ---------------------------------------------------------------------- what a seat reads in the log

#: A card type named in a text (the raid option's own name, "the dragon raids", aside).
CARD_WORD = re.compile(r"\b(goblin|orc|ogre|troll|giant|dragon)s?\b")
#: Random games for the log checks: (players, seed, dragon raids).
LOG_GAMES = [(3, 32, True), (4, 12, False), (5, 13, True), (6, 14, False)]


def public_cards(game: ChasseGame) -> set[str]:
    """Return the card types every seat sees now: the card met (CD-ENC-1), every equipment card
    (CD-ZONE-5), and goblins, which are face up wherever they are (CD-ZONE-2/4/6)."""
    s = game.state
    here = s.positions[s.active]
    out = {"goblin"} | {b.equipment for b in s.boards if b.equipment}
    if s.revealed and s.piles.get(here):
        out.add(s.piles[here][0])
    return out


def own_cards(game: ChasseGame, seat: int) -> set[str]:
    """Return the card types in ``seat``'s face-down zones, which that seat alone sees (CD-ZONE-1/3/7)."""
    b = game.state.boards[seat]
    return set(b.backpack) | set(b.vault)


def zone_sizes(game: ChasseGame) -> list[tuple[int, int, int, int]]:
    return [(sum(b.backpack.values()), sum(b.vault.values()), b.cage, b.dungeon) for b in game.state.boards]


def texts(events: list, viewer: int) -> list[str]:
    return [t for t in (e.text_for(viewer) for e in events) if t]


#: Events that empty or hand over a zone: where a count could slip into a text.
LOSSES = ("duel_won", "raid", "card_under")


@pytest.mark.parametrize("players, seed, raids", LOG_GAMES)
def test_section_7_CD_ZONE_7_log_lines_name_no_card_a_seat_cannot_see(players, seed, raids):
    """Section 7, CD-ZONE-1/3/7, CD-CAMP-2: along a random game, every card type a line of ``game.log(seat)``
    names is one that seat sees at that step (before or after it): the card met, an equipment card, a
    goblin (face up), or, in a line about its own action, a card of its own backpack or vault. A deposit,
    a lost or stolen backpack or a raid never names the face-down cards to the others. The last step
    (the scores: every board is shown then) is not checked."""
    g = ChasseGame(players=players, seed=seed, dragon_raids=raids, chance="manual")  # a step per action
    rng = random.Random(seed)
    public: dict[int, set[str]] = {}
    own: dict[int, list[set[str]]] = {}
    while not g.is_over and g.step < 4000:
        before = (public_cards(g), [own_cards(g, v) for v in range(players)])
        g.apply(rng.choice(g.legal_action_ids()))
        public[g.step] = before[0] | public_cards(g)
        own[g.step] = [a | own_cards(g, v) for v, a in enumerate(before[1])]
    last = g.step if g.is_over else None
    named = 0
    for viewer in range(players):
        for row in g.log(viewer):
            if row["step"] == last:
                continue
            seen = public[row["step"]] | (own[row["step"]][viewer] if row["player"] == viewer else set())
            words = set(CARD_WORD.findall(row["text"].replace("dragon raids", "raids")))
            assert words <= seen, (viewer, row)
            named += bool(words - {"goblin"})
    assert named > 100, "too few lines named a card: the check would prove little"


@pytest.mark.parametrize("players, seed, raids", LOG_GAMES)
def test_section_7_CD_ZONE_7_log_lines_depend_only_on_what_the_seat_sees(players, seed, raids):
    """Section 7, CD-ZONE-7, CD-ENC-9, CD-DUEL-8, CD-RAID-4: along a random game, before each step a twin
    table is made that differs only in what one seat cannot see (the piles' hidden cards, the others'
    backpacks, vaults, cages and dungeons, their sizes within the thickness bucket, the cards out of the
    game); the same action played on both gives that seat the same log lines. So no line carries a count
    or a card that seat may not see, e.g. how many cards a lost, stolen or raided backpack held. Steps
    where the action is not legal on the twin, and the last step (the scores), are left out."""
    g = ChasseGame(players=players, seed=seed, dragon_raids=raids, chance="manual")  # a step per action
    rng = random.Random(seed)
    twin_rng = random.Random(-seed)
    twins: dict[int, tuple[int, list[str]]] = {}  # step: (viewer, what the viewer reads on the twin)
    losses = 0
    while not g.is_over and g.step < 4000:
        viewer = g.step % players
        twin = g.clone(history=False)
        scramble(twin, viewer, twin_rng, keep_tops=True)
        action = rng.choice(g.legal_action_ids())
        events = g.apply(action)
        if g.is_over or action not in twin.legal_action_ids():
            continue
        twins[g.step] = (viewer, texts(twin.apply(action), viewer))
        losses += zone_sizes(twin) != zone_sizes(g) and any(e.kind in LOSSES for e in events)
    for viewer in range(players):
        read: dict[int, list[str]] = {step: [] for step, (v, _) in twins.items() if v == viewer}
        for row in g.log(viewer):
            if row["step"] in read:
                read[row["step"]].append(row["text"])
        for step, lines in read.items():
            assert lines == twins[step][1], (viewer, step, g.history[step - 1].action.id)
    assert len(twins) > 250 and losses > 10, (len(twins), losses)
