"""Redeal what a seat cannot see, for search on a copy of the game (digest section 7, issue 6).

What is hidden from a seat, and what this module does with it:

- **Face-down volcano tokens and the boxed 16th token** (DL-SETUP-5): nobody sees them. Everyone
  knows the pool of 16 (D3) and every token revealed so far (each reveal is public), so the
  unrevealed remainder is known as a multiset; only its arrangement is hidden. It is redealt
  uniformly: the remainder is sorted, shuffled with the caller's generator and dealt to the
  face-down volcanoes in id order, the last one to the box. This is the setup shuffle
  (DL-REC-3) conditioned on what has been revealed, so every arrangement keeps its probability.
- **Other seats' hoards** (behind the screens, DL-TREASURE-5): kept as they are. Every take is
  public and exact (the log says "takes 2 rubies on V04"), so a seat that remembers the log knows
  every hoard: the observation hides them but does not make them uncertain. Nothing about them is
  left to resample. (Under Variant 2 they are open anyway.)
- Everything else (board, adventurers, rings, held tokens, dice) is public.

The future dice are not hidden items: the engine's ``determinize`` gives the copy a new seed.
"""

from __future__ import annotations

import random

from .state import DrachenlandState


def redeal_hidden_tokens(state: DrachenlandState, rng: random.Random) -> None:
    """Shuffle the unrevealed tokens among the face-down volcanoes and the box, in place.

    Uses only ``rng`` and what every seat knows (which volcanoes are face down, and the multiset
    of unrevealed kinds, public through the reveals): the kinds are sorted before the shuffle, so
    two states that differ only in the hidden arrangement give the same result for the same
    ``rng`` state. The multiset of tokens is unchanged. DL-SETUP-5, DL-REC-3, digest section 7.
    """
    slots = sorted(state.face_down)
    kinds = [state.token[v] for v in slots]
    if state.boxed:  # "": a board with no token left over for the box
        kinds.append(state.boxed)
    kinds.sort()  # a face-down volcano always holds a token
    rng.shuffle(kinds)
    for v, kind in zip(slots, kinds):
        state.token[v] = kind
    if state.boxed:
        state.boxed = kinds[-1]  # type: ignore[assignment]
