"""Write tests/js/fixtures/emerald.json, drachenland.json, chasse_au_dragon.json and draghan.json: widget
traits at a few positions of each game, from the real engine, for the vitest suite and the chromium
harness (js/dev/).
Run: python tests/js/make_fixtures.py [game ...]   (no game: every game)
"""

from __future__ import annotations

import json
import pathlib
import sys

from dragonwidgets import ChasseAuDragonWidget, DrachenlandWidget, DraghanWidget, EmeraldWidget, bot_names

OUT = pathlib.Path(__file__).parent / "fixtures" / "emerald.json"
OUT_DL = pathlib.Path(__file__).parent / "fixtures" / "drachenland.json"
OUT_CD = pathlib.Path(__file__).parent / "fixtures" / "chasse_au_dragon.json"
OUT_DG = pathlib.Path(__file__).parent / "fixtures" / "draghan.json"
TRAITS = ("game_name", "board", "observation", "legal_actions", "can_act", "step", "history_length", "log",
          "seats", "bot_names", "viewer", "viewer_choices", "view_seat", "status", "last_error", "playing", "pace",
          "take_backs", "player_names", "text")


def traits(w) -> dict:
    return {k: getattr(w, k) for k in TRAITS}


def play_until(w: EmeraldWidget, decision: str, limit: int = 2000) -> None:
    """Let bots play every seat until the observation's decision is ``decision`` (a person's)."""
    seats = list(w.seats)
    w.seats = ["greedy"] * len(seats)
    for _ in range(limit):
        if w.game.observation(None)["decision"] == decision:
            break
        w.bot_step()
    w.seats = seats


def play_until_true(w, wanted, limit: int = 5000) -> None:
    """Let a bot play every seat until ``wanted(full observation, legal action ids)`` holds."""
    seats = list(w.seats)
    bot = next((b for b in ("greedy", "planner") if b in bot_names(w.game.name)), "random")
    w.seats = [bot] * len(seats)
    for _ in range(limit):
        if wanted(w.game.observation(None), [a.id for a in w.game.legal_actions()]):
            break
        w.bot_step()
    else:
        raise RuntimeError(f"no such position in {limit} decisions: pick another seed")
    w.seats = seats


class _ShortLogs(dict):
    def __setitem__(self, name, value):
        super().__setitem__(name, {**value, "log": value["log"][-8:]})


def drachenland_positions() -> dict:
    """Drachenland positions: the opening, each kind of decision, a seat's view, a manual roll, the end.
    Logs are cut to their last rows to keep the file small."""
    out = _ShortLogs()
    w = DrachenlandWidget(players=3, seed=1)
    out["opening"] = traits(w)
    w.act("enter red")
    out["opening_walk"] = traits(w)
    play_until_true(w, lambda o, ids: o["decision"] == "fate")
    out["fate"] = traits(w)
    play_until_true(w, lambda o, ids: o["decision"] == "choose_die")
    out["choose_die"] = traits(w)
    play_until_true(w, lambda o, ids: o["decision"] == "movement" and o["turn"] > 0 and not o["action"]["entering"]
                    and not o["action"]["die_spent"] and sum(i.startswith("walk ") for i in ids) > 3)
    out["movement"] = traits(w)
    w.viewer = str((w.game.current_player + 1) % 3)
    out["movement_other_seat"] = traits(w)
    w.viewer = "teacher"
    play_until_true(w, lambda o, ids: o["decision"] == "treasure" and "take egg" in ids and "take gems" in ids)
    out["treasure"] = traits(w)
    w.viewer = str(w.game.current_player)
    out["treasure_seat"] = traits(w)
    w.viewer = "teacher"
    play_until_true(w, lambda o, ids: any(i.startswith("boat ") for i in ids))
    out["boat"] = traits(w)
    play_until_true(w, lambda o, ids: any(d for d in o["dragons"].values()) and o["decision"] == "choose_die")
    out["dragon"] = traits(w)
    w4 = DrachenlandWidget(players=4, seed=2, chance="manual")
    play_until_true(w4, lambda o, ids: o["decision"] == "roll")
    out["manual_roll_4p"] = traits(w4)
    w2 = DrachenlandWidget(players=2, seed=3, seats=["random", "random"])
    while not w2.game.is_over:
        w2.bot_step()
    out["over_2p"] = traits(w2)
    return out


def _exploded(fight) -> bool:
    return bool(fight) and any(f == fight["faces"][i] for i in (0, 1) for f in fight["throws"][i])


def chasse_positions() -> dict:
    """La Chasse au Dragon positions: a move with paid steps, an encounter with odds, a fight under way
    with an explosion, a duel to declare and the defender's flight decision, a camp, a seat's view
    with hidden zones, a flight roll and the end. Logs are cut to their last rows."""
    out = _ShortLogs()
    w = ChasseAuDragonWidget(players=3, seed=1, first_player=0)
    out["start"] = traits(w)
    play_until_true(w, lambda o, ids: o["decision"] == "move" and o["steps"] > 0
                    and o["boards"][o["active_player"]]["quarters"] > 0 and len(ids) > 5)
    out["move_steps"] = traits(w)
    play_until_true(w, lambda o, ids: o["decision"] == "encounter" and o["revealed"]["card"] != "goblin"
                    and "decoy" in ids)
    out["encounter"] = traits(w)
    w.viewer = str(w.game.current_player)
    out["encounter_seat"] = traits(w)
    w.viewer = "teacher"
    play_until_true(w, lambda o, ids: o["decision"] == "camp"
                    and sum(o["boards"][o["active_player"]]["backpack"].values()) > 0)
    out["camp"] = traits(w)
    play_until_true(w, lambda o, ids: o["decision"] == "choose_duel")
    out["choose_duel"] = traits(w)
    play_until_true(w, lambda o, ids: o["decision"] == "move" and sum(
        1 for i, b in enumerate(o["boards"])
        if i != 1 and (b["cage"] or sum(b["backpack"].values()) or sum(b["vault"].values()))) >= 2)
    w.viewer = "1"
    out["seat_view"] = traits(w)
    w.viewer = "teacher"
    m = ChasseAuDragonWidget(players=3, seed=2, chance="manual", first_player=0)
    play_until_true(m, lambda o, ids: o["decision"] == "combat" and _exploded(o["fight"])
                    and o["fight"]["kind"] == "encounter")
    out["fight_explosion"] = traits(m)
    play_until_true(m, lambda o, ids: o["decision"] == "flee_roll")
    out["flee_roll"] = traits(m)
    d = ChasseAuDragonWidget(players=3, seed=14, chance="manual", first_player=0)
    play_until_true(d, lambda o, ids: o["decision"] == "duel_flight")
    out["duel_flight"] = traits(d)
    d.viewer = str(d.game.current_player)
    out["duel_flight_defender"] = traits(d)
    d.viewer = "teacher"
    play_until_true(d, lambda o, ids: o["decision"] == "combat" and o["fight"]["kind"] == "duel")
    out["duel_combat"] = traits(d)
    e = ChasseAuDragonWidget(players=3, seed=6, seats=["greedy"] * 3, max_rounds=120)
    while not e.game.is_over:
        e.bot_step()
    out["over"] = traits(e)
    return out


def _draghan_at(wanted, players: int = 3, seeds=range(1, 40)) -> DraghanWidget:
    """A Draghan widget (all seats human, hotseat view) at the first position where
    ``wanted(full observation, legal ids)`` holds, the planner bot playing up to it; seeds tried in turn."""
    for seed in seeds:
        w = DraghanWidget(players=players, seed=seed, first_player=0)
        seats = list(w.seats)
        w.seats = ["planner"] * players
        while not w.game.is_over and not wanted(w.game.observation(None), w.game.legal_action_ids()):
            w.bot_step()
        w.seats = seats
        if wanted(w.game.observation(None), w.game.legal_action_ids()):
            return w
    raise RuntimeError("no such Draghan position: try more seeds")


def draghan_positions() -> dict:
    """Draghan positions (the planner bot plays up to them): the character choice, a declaration with
    icons placed so far and the hint, the assist, an odd coin, a market purchase, sharing, the equipment
    check, a replacement, the portal choice, the Shadow Realm with the dragon (hotseat and teacher views),
    a won and a lost game. Logs are cut to their last rows."""
    out = _ShortLogs()
    out["choose"] = traits(DraghanWidget(players=3, seed=1, first_player=0))
    wanted = {
        "declare": lambda o, ids: o["decision"] == "declare_equipment" and len(o["targets"]) >= 2 and len(ids) > 1,
        "portal": lambda o, ids: o["decision"] == "portal_choice",
        "buy": lambda o, ids: o["decision"] == "buy",
        "share": lambda o, ids: o["decision"] == "share",
        "assist": lambda o, ids: o["decision"] == "assign_assist",
        "gold": lambda o, ids: o["decision"] == "gold",
        "check": lambda o, ids: o["decision"] == "equipment_check",
        "heal": lambda o, ids: o["decision"] in ("heal_1", "heal_2"),
        "dragon": lambda o, ids: o["dragon"] is not None and o["decision"] == "declare_target" and len(o["table"]) > 1,
        "won": lambda o, ids: o["result"] == "won",
    }
    for name, test in wanted.items():
        w = _draghan_at(test)
        out[name] = traits(w)
        if name == "dragon":
            w.viewer = "teacher"
            out["dragon_teacher"] = traits(w)
    out["replace"] = traits(_draghan_at(lambda o, ids: o["decision"] == "replace", players=2))
    out["lost"] = traits(_draghan_at(lambda o, ids: o["result"] == "lost", players=2))
    # Every position has the same board (every card's data, 28 kB): stored once, as "_board".
    boards = {json.dumps(v.pop("board"), sort_keys=True) for v in out.values()}
    assert len(boards) == 1, "the Draghan positions have different boards"
    return {"_board": json.loads(boards.pop()), **out}


GAMES = ("emerald", "drachenland", "chasse_au_dragon", "draghan")


def main(games: tuple[str, ...] = GAMES) -> None:
    unknown = set(games) - set(GAMES)
    if unknown:
        sys.exit(f"unknown game(s) {sorted(unknown)}: choose among {', '.join(GAMES)}")
    if "emerald" in games:
        emerald()
    for game, make, path in (("drachenland", drachenland_positions, OUT_DL), ("chasse_au_dragon", chasse_positions, OUT_CD),
                             ("draghan", draghan_positions, OUT_DG)):
        if game in games:
            positions = make()
            path.write_text(json.dumps(positions, indent=1, sort_keys=True) + "\n")
            print(f"wrote {path} ({path.stat().st_size} bytes): {', '.join(positions)}")


def emerald() -> None:
    out = {}
    w = EmeraldWidget(players=3, seed=1)
    out["start"] = traits(w)
    play_until(w, "pay_or_lose")
    out["pay_or_lose"] = traits(w)
    w.viewer = str(w.game.current_player)
    out["pay_or_lose_seat"] = traits(w)
    w.viewer = str((w.game.current_player + 1) % 3)
    out["pay_or_lose_other_seat"] = traits(w)
    w2 = EmeraldWidget(players=4, seed=5)
    play_until(w2, "take_card")
    out["take_card_4p"] = traits(w2)
    out["start_2p"] = traits(EmeraldWidget(players=2, seed=3))
    w3 = EmeraldWidget(players=2, seed=3, chance="manual")
    play_until(w3, "dragon_roll")
    out["manual_roll_2p"] = traits(w3)
    w5 = EmeraldWidget(players=5, seed=2, seats=["greedy"] * 5)
    while not w5.game.is_over:
        w5.bot_step()
    out["over_5p"] = traits(w5)
    w5.goto(w5.game.step * 2 // 3)
    out["mid_5p"] = traits(w5)
    OUT.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes): {', '.join(out)}")


if __name__ == "__main__":
    main(tuple(sys.argv[1:]) or GAMES)
