"""The table a position describes: what it names is put in place, taken from where the set-up put it.

A partial position names only what a lesson needs; the rest is the seeded set-up. So that no component
is created or lost (the 16 dragon-head tokens of D3, 18 eggs, 57 gems, 12 rings), each one named is
taken from the set-up's table:

- **Tokens** (DL-SETUP-5). A kind named on a volcano (``volcanoes.V07.token``) or in the box is swapped
  there from a slot the position leaves free (a volcano whose token it does not name, or the box). A
  royal dragon on the board (``dragons``) was found on a volcano, whose token is then gone
  (DL-DRAGON-1): the volcano where it stands if the position leaves that volcano's token free, else the
  volcano the set-up dealt it to. A token gone from a volcano (``"token": null``) went with its first
  egg (DL-TREASURE-4): one of the kinds a seat holds beyond its own three if any, else a forced march,
  magic hand, boatman or baby dragon, and the volcano has one egg fewer than printed (unless its
  ``eggs`` are named). A token a seat holds beyond its own three (``tokens``) came with an egg the same
  way: from a volcano already emptied so, else from the last volcano the position leaves out (no
  adventurer or dragon there), which is turned face up with one egg fewer; that egg goes to the seat's
  hoard (unless the position names the seat's eggs).
- **Face up or down.** A volcano keeps the ``face_down`` the position names; otherwise it is face up when
  the table says someone stood there (an adventurer or a dragon on it, fewer eggs or gems than printed,
  its token gone: DL-MOVE-6). A volcano face up whose token the position leaves free never shows a royal
  dragon: one dealt there is swapped away first (into the box, or face down onto a volcano left out),
  so the dragons on the board are the ones the position names.
- **Gems** (DL-SETUP-6/7, DL-REC-3). The gems named (on volcanoes and in hoards) are taken from the
  volcanoes whose gems the position leaves out: their colours are dealt again by swaps, each keeping
  its printed count and at most two gems of a colour.

Everything else (eggs, hoards, adventurers, rings) is as named. The counts and what a real table always
satisfies are then checked in :mod:`.position_checks`.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .board import COLOURS, GEM_COUNTS, GEMS, PLAYER_TOKENS
from .position_read import fail, need
from .setup import egg_counts
from .state import DRAGON_TOKEN, RING, DrachenlandState

if TYPE_CHECKING:
    from .game import DrachenlandGame

BOX = "box"  # the slot of the boxed 16th token, beside the volcanoes' slots
#: The kinds a token gone with an egg is taken to be, when no seat's held tokens say which (DL-TREASURE-4).
GONE_WITH_EGG = ("forced_march", "magic_hand", "boatman", "baby_dragon")


def gem_limit(game: DrachenlandGame, gem: str) -> int:
    """Return the most gems of ``gem``'s colour a volcano holds at set-up (DL-SETUP-7, DL-VAR1-1, DL-INT-3)."""
    options = game.options
    if options["variant_free_gems"] or (gem == "diamond" and not options["diamond_gem_limit"]):
        return sum(GEM_COUNTS.values())
    return game.board.max_same_colour


def check_counts(game: DrachenlandGame, s: DrachenlandState, v: str) -> None:
    """Raise ``PositionError`` unless ``v`` holds at most its printed eggs and gems (DL-SETUP-6, DL-2P-2), and at
    most the set-up's gems of a colour (DL-SETUP-7, DL-INT-3): treasure only ever leaves a volcano."""
    board, field = game.board, f"volcanoes.{v}"
    printed = egg_counts(board, s.players)[v]
    need(s.eggs[v] <= printed, f"{field}.eggs", f"{v} shows {printed} egg{'s' * (printed > 1)} (DL-SETUP-6"
         f"{', DL-2P-2' if s.players == 2 else ''}): it holds 0..{printed}, got {s.eggs[v]}")
    gems = sum(s.gems[v].values())
    need(gems <= board.gem_slots[v], f"{field}.gems",
         f"{v} shows {board.gem_slots[v]} gems (DL-SETUP-6): it holds at most that many, got {gems}")
    for g, n in s.gems[v].items():
        need(n <= gem_limit(game, g), f"{field}.gems.{g}", f"a volcano gets at most {gem_limit(game, g)} gems of "
             f"a colour at set-up (DL-SETUP-7, DL-INT-3), and gems only leave it, got {n}")


def own_tokens(kind: str) -> int:
    """Return how many ``kind`` tokens a seat has of its own from the set-up (DL-SETUP-2, D2)."""
    return int(kind in PLAYER_TOKENS)


class Table:
    """The set-up's table (``state``, a copy changed in place) with what ``named`` names put in place.

    ``named`` holds the fields read by :mod:`.position_read` (``volcanoes``, ``box``, ``dragons``,
    ``adventurers``, ``rings``, ``tokens``, ``hoards``), each present only if the position gives it, and
    ``revealing`` (the face-down volcano an adventurer has just reached, whose token is being picked).
    """

    def __init__(self, game: DrachenlandGame, state: DrachenlandState, named: dict[str, Any]):
        self.game, self.board, self.s = game, game.board, state
        self.named = named
        self.volcanoes: dict[str, dict[str, Any]] = named.get("volcanoes", {})
        self.printed = egg_counts(self.board, state.players)
        self.slots: dict[str, str | None] = {**state.token, BOX: state.boxed}
        self.pinned: set[str] = set()  # slots whose token the position fixed
        self.origins: dict[str, str] = {}  # volcano -> colour of the royal dragon found there
        self.egg_named: list[set[str]] = [set() for _ in range(state.players)]  # seats whose hoard eggs are named

    def place(self) -> DrachenlandState:
        """Put everything named in place (the module's rules) and return the state."""
        self.place_pieces()
        self.place_tokens()
        self.place_contents()
        self.hide_dragons()
        for v in self.board.volcanoes:
            self.s.token[v] = self.slots[v]
        self.s.boxed = self.slots[BOX] or ""
        self.deal_gems()
        return self.s

    # ------------------------------------------------------------------ pieces, rings, hands
    def place_pieces(self) -> None:
        """Adventurers, royal dragons, rings, held tokens and hoards, as named (the rest as set up)."""
        s, named = self.s, self.named
        for seat, where in enumerate(named.get("adventurers", [{}] * s.players)):
            s.positions[seat].update(where)
        s.dragons.update(named.get("dragons", {}))
        for seat, colours in enumerate(named.get("rings", [])):
            if colours is not None:
                s.rings[seat] = set(colours)
        for seat, held in enumerate(named.get("tokens", [])):
            s.held[seat].update(held)
        for seat, hoard in enumerate(named.get("hoards", [])):
            s.hoards[seat].update(hoard)
            if "egg" in hoard:
                self.egg_named[seat].add("egg")

    # ------------------------------------------------------------------ tokens
    def put(self, kind: str, where: str, field: str) -> None:
        """Fix ``kind`` in the slot ``where``, swapped from a free slot holding one (volcanoes, then the box)."""
        if self.slots[where] != kind:
            free = [v for v in self.slots if v not in self.pinned and v != where and self.slots[v] == kind]
            if not free:
                fail(field, f"no {kind} token is left to put there: the game has {self.board.pool.get(kind, 0)} "
                            f"(D3) and the position puts every one elsewhere")
            self.slots[free[0]], self.slots[where] = self.slots[where], kind
        self.pinned.add(where)

    def free_kinds(self) -> Counter[str]:
        """Return the kinds in the slots the position leaves free."""
        return Counter(k for v, k in self.slots.items() if v not in self.pinned and k)

    def place_tokens(self) -> None:
        """Tokens named on volcanoes and in the box, royal dragons found, tokens gone with eggs."""
        for v in self.board.volcanoes:
            kind = self.volcanoes.get(v, {}).get("token")
            if kind is not None:
                self.put(kind, v, f"volcanoes.{v}.token")
        if "box" in self.named:
            self.put(self.named["box"], BOX, "box")
        self.find_dragons()
        claims = [(seat, kind) for seat, held in enumerate(self.s.held) for kind, n in held.items()
                  for _ in range(max(0, n - own_tokens(kind)))]
        for v in self.board.volcanoes:
            if v not in self.origins and (self.token_named_gone(v) or self.emptied_by_name(v)):
                self.gone_with_egg(v, claims, auto=False)
        for seat, kind in list(claims):
            field = f"tokens.{seat}.{kind}"
            need(kind in self.board.pool, field, f"a seat holds {own_tokens(kind)} {kind} token of its own "
                 f"(DL-SETUP-2, D4) and none lies on the volcanoes (D3), got {self.s.held[seat][kind]}")
            self.gone_with_egg(self.giver(seat, kind), claims, kind=kind, field=field)
        self.take_hoard_eggs()

    def token_named_gone(self, v: str) -> bool:
        """Whether the position names ``v``'s token gone (``"token": null``)."""
        spec = self.volcanoes.get(v, {})
        return "token" in spec and spec["token"] is None

    def emptied_by_name(self, v: str) -> bool:
        """Whether the position names fewer eggs on ``v`` than printed and leaves its token out: the token went
        with the first egg (DL-TREASURE-4), unless it is a ring, which stays (DL-RING-1)."""
        spec = self.volcanoes.get(v, {})
        return ("token" not in spec and spec.get("eggs", self.printed[v]) < self.printed[v]
                and self.slots[v] != RING)

    def take_hoard_eggs(self) -> None:
        """Eggs named in the hoards beyond those taken off the volcanoes are taken off the volcanoes the position
        leaves out, the last first (no adventurer or dragon on them), each first egg with its token
        (DL-TREASURE-4: the kinds :meth:`gone_with_egg` picks)."""
        s = self.s
        in_play = sum(self.printed.values())
        for seat, hoard in enumerate(s.hoards):
            need(sum(h["egg"] for h in s.hoards[: seat + 1]) <= in_play, f"hoards.{seat}.egg", f"{in_play} eggs are "
                 f"in play at {s.players} players (DL-SETUP-6, DL-2P-2): the hoards hold more")
        on_volcanoes = sum(self.volcanoes.get(v, {}).get("eggs", s.eggs[v]) for v in self.board.volcanoes)
        missing = on_volcanoes + sum(h["egg"] for h in s.hoards) - sum(self.printed.values())
        for _ in range(max(0, missing)):
            seat = max(range(s.players), key=lambda i: s.hoards[i]["egg"])
            v = self.giver(seat, "egg", field=f"hoards.{seat}.egg")
            if s.eggs[v] == self.printed[v] and self.slots[v] is not None and self.slots[v] != RING:
                self.gone_with_egg(v, [], kind="")
            else:
                s.eggs[v] -= 1

    def find_dragons(self) -> None:
        """DL-DRAGON-1: each royal dragon on the board was found on a volcano, whose token slot is now empty."""
        for c in COLOURS:
            at = self.s.dragons[c]
            if at is None:
                continue
            kind = DRAGON_TOKEN + c
            origin = at
            if at in self.pinned or self.volcanoes.get(at, {}).get("token") is not None:
                dealt = [v for v in self.board.volcanoes if v not in self.pinned and self.slots[v] == kind]
                spare = [v for v in reversed(self.board.volcanoes) if v not in self.pinned]
                if not dealt and not spare:
                    fail(f"dragons.{c}", "no volcano is left for the royal dragon to have been found on (DL-DRAGON-1)")
                origin = (dealt or spare)[0]
            self.put(kind, origin, f"dragons.{c}")
            self.slots[origin] = None
            self.origins[origin] = c

    def gone_with_egg(self, v: str, claims: list[tuple[int, str]], *, auto: bool = True, kind: str = "",
                      field: str = "") -> None:
        """DL-TREASURE-4: ``v``'s token went with its first egg: one claimed by a seat if any (``kind``),
        else one of :data:`GONE_WITH_EGG` the free slots hold; the egg goes to the claiming seat's hoard."""
        free = self.free_kinds()
        if not kind:
            wanted = [k for _, k in claims if free[k]] + [k for k in GONE_WITH_EGG if free[k]]
            if not wanted:
                left = ", ".join(sorted(free)) or "none"
                fail(f"volcanoes.{v}.token", f"a volcano loses its token only with its first egg (DL-TREASURE-4) or "
                     f"to a royal dragon found there (DL-DRAGON-1); the tokens the position leaves free ({left}) "
                     f"are rings or royal dragons, which never leave the board (DL-RING-1, DL-DRAGON-7)")
            kind = wanted[0]
        self.put(kind, v, field or f"volcanoes.{v}.token")
        self.slots[v] = None
        seat = next((seat for seat, k in claims if k == kind), None)
        if seat is not None:
            claims.remove((seat, kind))
        if auto or "eggs" not in self.volcanoes.get(v, {}):
            self.s.eggs[v] -= 1
            if seat is not None and "egg" not in self.egg_named[seat]:
                self.s.hoards[seat]["egg"] += 1

    def giver(self, seat: int, kind: str, field: str = "") -> str:
        """Return the volcano a ``kind`` token held beyond ``seat``'s own (or an egg of its hoard) came from:
        the last one the position leaves out with an egg, no adventurer and no royal dragon on it."""
        stood = {v for where in self.s.positions for v in where.values()} | set(self.s.dragons.values())
        for v in reversed(self.board.volcanoes):
            if v not in self.volcanoes and v not in self.pinned and v not in stood and self.s.eggs[v] > 0:
                return v
        what = ("an egg in a hoard" if kind == "egg" else
                "a token held beyond a seat's own three, which came with an egg")
        fail(field or f"tokens.{seat}.{kind}", f"{what} was taken from a volcano (DL-TREASURE-4), and no volcano the "
             "position leaves out (with an egg, no adventurer and no royal dragon on it) is left to have given it")

    def hide_dragons(self) -> None:
        """A volcano the table shows face up with its token left free never shows a royal dragon the position
        does not name: that token is swapped with one face down on a volcano left out, or boxed
        (DL-MOVE-6, DL-DRAGON-1), so the dragons on the board are those of ``dragons``."""
        s = self.s
        for v in self.board.volcanoes:
            kind = self.slots[v]
            if v in s.face_down or v in self.pinned or not kind or not kind.startswith(DRAGON_TOKEN):
                continue
            spare = [u for u in [BOX, *reversed(self.board.volcanoes)]
                     if u not in self.pinned and u not in self.volcanoes and (u == BOX or u in s.face_down)
                     and self.slots[u] and not self.slots[u].startswith(DRAGON_TOKEN)]  # type: ignore[union-attr]
            if not spare:
                fail(f"volcanoes.{v}", f"{v} is face up ({self.face_up_because(v) or 'as named'}) and would show a "
                     f"royal dragon the position does not name in 'dragons' (DL-MOVE-6, DL-DRAGON-1)")
            self.slots[spare[0]], self.slots[v] = kind, self.slots[spare[0]]

    # ------------------------------------------------------------------ eggs, gems, face up or down
    def face_up_because(self, v: str) -> str:
        """Return why the table shows someone stood on ``v`` (it is face up, DL-MOVE-6), or ``""``."""
        s = self.s
        if v != self.named.get("revealing") and any(v in where.values() for where in s.positions):
            return "an adventurer stands there"
        if v != self.named.get("revealing") and v in s.dragons.values():
            return "a royal dragon stands there"
        if self.slots[v] is None:
            return "its token is gone"
        if s.eggs[v] < self.printed[v]:
            return "an egg was taken there"
        if sum(s.gems[v].values()) < self.board.gem_slots[v]:
            return "gems were taken there"
        return ""

    def place_contents(self) -> None:
        """Eggs and gems named on volcanoes; each volcano face down or up (named, or as the table implies)."""
        s = self.s
        for v in self.board.volcanoes:
            spec = self.volcanoes.get(v, {})
            if "eggs" in spec:
                s.eggs[v] = spec["eggs"]
            if "gems" in spec:
                s.gems[v] = dict(spec["gems"])
            check_counts(self.game, s, v)
        self.take_hoard_gems()
        for v in self.board.volcanoes:
            down = self.volcanoes.get(v, {}).get("face_down", v in s.face_down and not self.face_up_because(v))
            if down:
                s.face_down.add(v)
            else:
                s.face_down.discard(v)


    def take_hoard_gems(self) -> None:
        """Gems named in the hoards (and on the volcanoes named) beyond the game's count are taken off the volcanoes
        whose gems the position leaves out: those it leaves out entirely first, the last first, a colour in
        excess first; such a volcano shows gems were taken there, so it is face up (DL-MOVE-6)."""
        s, board = self.s, self.board
        named = [v for v in board.volcanoes if "gems" in self.volcanoes.get(v, {})]
        rest = sorted((v for v in board.volcanoes if v not in named), key=lambda v: (v in self.volcanoes,
                                                                                     -board.volcanoes.index(v)))
        held = {g: sum(s.gems[v][g] for v in named) + sum(h[g] for h in s.hoards) for g in GEMS}
        surplus = sum(held.values()) + sum(sum(s.gems[v].values()) for v in rest) - sum(GEM_COUNTS.values())
        for g in sorted(GEMS, key=lambda g: held[g] - GEM_COUNTS[g], reverse=True):
            for v in rest:
                while surplus > 0 and s.gems[v][g] > 0 and held[g] + sum(s.gems[u][g] for u in rest) > GEM_COUNTS[g]:
                    s.gems[v][g] -= 1
                    surplus -= 1
        for v in rest:  # then any colour: deal_gems swaps the colours afterwards
            for g in GEMS:
                while surplus > 0 and s.gems[v][g] > 0:
                    s.gems[v][g] -= 1
                    surplus -= 1

    def deal_gems(self) -> None:
        """DL-SETUP-6/7: the volcanoes whose gems are not named hold what is left, by swaps of colours."""
        s, board = self.s, self.board
        named = [v for v in board.volcanoes if "gems" in self.volcanoes.get(v, {})]
        rest = [v for v in board.volcanoes if v not in named]
        left = Counter(GEM_COUNTS)
        left.subtract(Counter({g: sum(s.gems[v][g] for v in named) + sum(h[g] for h in s.hoards) for g in GEMS}))
        for g in GEMS:
            if left[g] < 0:
                fail("volcanoes", f"the game has {GEM_COUNTS[g]} {g} gems (component list): the position puts "
                     f"{GEM_COUNTS[g] - left[g]} on the volcanoes it names and in hoards")
        have = Counter({g: sum(s.gems[v][g] for v in rest) for g in GEMS})
        if sum(left.values()) != sum(have.values()):
            total = sum(GEM_COUNTS.values())
            fail("volcanoes", f"the game's {total} gems are all on volcanoes or in hoards (DL-SETUP-6, DL-INT-2): "
                 f"the volcanoes named and the hoards hold {total - sum(left.values())}, the volcanoes left out "
                 f"{sum(have.values())}, so {total - sum(left.values()) - sum(have.values()):+d} gems do not add up "
                 f"(a gem taken from a volcano is in a hoard: name it in 'hoards')")
        for want in GEMS:
            while have[want] < left[want]:
                self.swap_in(want, rest, have, left)

    def swap_in(self, want: str, rest: list[str], have: Counter[str], left: Counter[str]) -> None:
        """Turn one surplus gem on a volcano of ``rest`` into a ``want`` gem, keeping the colour limit."""
        gems = self.s.gems
        for v in rest:
            if gems[v][want] >= gem_limit(self.game, want):
                continue
            for extra in GEMS:
                if have[extra] > left[extra] and gems[v][extra] > 0:
                    gems[v][extra] -= 1
                    gems[v][want] += 1
                    have[extra] -= 1
                    have[want] += 1
                    return
        fail("volcanoes", f"the gems left cannot be dealt onto the volcanoes the position leaves out with at most "
             f"{self.board.max_same_colour} of a colour on each (DL-SETUP-7)")
