#!/usr/bin/env python3
"""Crafted bad saves (issue 19, item 9): how ``Game.from_json`` meets damaged or forged saves.

    .venv/bin/python bench/bad_saves.py [--saves 2220] [--seed 1] [--seconds 10] [--json]
    .venv/bin/python bench/bad_saves.py --dump saves.jsonl     # then, with another engine:
    .venv/bin/python bench/bad_saves.py --load saves.jsonl     # the same saves, compared

Real saves are taken from seeded random games of every scenario at many moments (each phase,
battles with a pending hit choice, the political turn). Each crafted save is one of them with
one mutation: a field removed or given another type (None, a string, a float, a bool, a list,
a dict), an integer out of range (negative, 99, 10**9, 2**70, a decimal string), a list one
element short or long, an element of a list broken, grown huge or duplicated, a nested list
emptied, or a cross-field invariant broken on purpose (one card in two hands, a 100-card deck,
both versions of a noble in play, a crowned block that is not an heir of his side, a battle
record outside the battle phase, a winner in a game still going, ...).

Each crafted save is loaded; a save that loads is played to its end by two random agents
(at most 20,000 actions), all within ``--seconds`` (SIGALRM). Outcomes:

- refused: ``from_json`` raised ValueError (the wanted answer to a bad save);
- plays: loaded and played to the end without error (the mutation left a playable game);
- invalid: of those that play, the loaded state broke an invariant of reachable states
  (``tests/invariants.py``): accepted silently although it is no game the rules can reach;
- crashed: any other exception, at load time or in play (TypeError, IndexError, no legal
  action for the side that must decide, ...);
- hung: the time limit ran out.

A benchmark, not a test: prints the counts (and a few examples of each failure) and exits 0.
"""

from __future__ import annotations

import argparse
import collections
import json
import multiprocessing
import random
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from invariants import check_state  # noqa: E402

from richard3 import Game, new_game  # noqa: E402
from richard3.ai import RandomAgent  # noqa: E402

MAX_ACTIONS = 20_000
#: Values that replace a field or an element: every JSON type, and integers out of range.
ODD_VALUES = (None, "x", "", 1.5, True, [], {}, -1, -2, 99, 10**9, -10**9, 2**70, "12")


class Hung(Exception):
    """The time limit ran out."""


def _alarm(signum, frame):
    raise Hung()


# ------------------------------------------------------------------------------ real saves
def base_saves(count: int, seed: int) -> list[dict]:
    """``count`` saves (parsed dicts) of random games, taken at varied moments."""
    rnd = random.Random(seed)
    out = []
    game_no = 0
    while len(out) < count:
        scenario = ("1460", "1470", "1483")[game_no % 3]
        g = new_game(scenario, seed=seed * 1000 + game_no)
        agents = (RandomAgent(game_no), RandomAgent(game_no + 7))
        game_no += 1
        moments = sorted(rnd.sample(range(1, 1500), 8)) + [0]
        n = 0
        seen_phases = set()
        while not g.is_over and len(out) < count:
            pending_hit = g.phase == 3 and bool(g.pending)
            if n in moments or (g.phase, pending_hit) not in seen_phases:
                seen_phases.add((g.phase, pending_hit))
                out.append(json.loads(g.to_json()))
            s = g.active_sides()[0]
            g.apply(s, agents[s].choose(g, s))
            n += 1
    return out


# ------------------------------------------------------------------------------- mutations
def _paths(value, path=()):
    """Every (path, value) inside a parsed save, lists and dicts walked (the log sampled)."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        items = list(enumerate(value))
        if len(items) > 6:
            items = items[:3] + items[-3:]
        for i, v in items:
            yield from _paths(v, path + (i,))


def _get(d, path):
    for p in path:
        d = d[p]
    return d


def _set(d, path, value):
    _get(d, path[:-1])[path[-1]] = value


def generic_mutations(d: dict, rnd: random.Random):
    """(name, function(d)) for type, range and length breakage at every place of ``d``."""
    out = []
    for path, value in _paths(d):
        if not path:
            continue
        where = ".".join(map(str, path))
        if len(path) == 1:
            out.append((f"drop {where}", lambda d, p=path: d.pop(p[0])))
        for odd in ODD_VALUES:
            out.append((f"{where} = {odd!r}", lambda d, p=path, v=odd: _set(d, p, v)))
        if isinstance(value, int) and not isinstance(value, bool):
            for delta in (1, -1, 2, 50):
                out.append((f"{where} += {delta}",
                            lambda d, p=path, x=delta: _set(d, p, _get(d, p) + x)))
            for x in rnd.sample(range(-2, 64), 4):      # in range, but another value
                out.append((f"{where} = {x}", lambda d, p=path, v=x: _set(d, p, v)))
        if isinstance(value, list):
            out.append((f"{where} short", lambda d, p=path: _get(d, p).pop() if _get(d, p)
                        else _get(d, p).append(0)))
            out.append((f"{where} long", lambda d, p=path: _get(d, p).append(
                _get(d, p)[-1] if _get(d, p) else 0)))
            out.append((f"{where} x100", lambda d, p=path: _set(d, p, (_get(d, p) or [0]) * 100)))
            out.append((f"{where} empty", lambda d, p=path: _set(d, p, [])))
            out.append((f"{where} shuffled", lambda d, p=path, r=rnd.random():
                        random.Random(r).shuffle(_get(d, p))))
        if isinstance(value, str):
            out.append((f"{where} 1 MB", lambda d, p=path: _set(d, p, "y" * 1_000_000)))
    return out


def _block(name: str) -> int:
    from richard3.components import load_components
    return load_components().block_id[name]


def _swap_card(d, rnd):
    h0, h1 = d["hands"]
    if h0:
        h1.append(h0[0])
    elif d["deck"]:
        h0.append(d["deck"][0])


def _both_versions(d, rnd):
    a, b = _block("Warwick/L"), _block("Warwick/Y")
    d["loc"][a], d["loc"][b] = 5, 6
    d["strength"][a] = d["strength"][b] = 3


CROSS = [
    ("a card in both hands", _swap_card),
    ("a card in a hand and in the deck", lambda d, r: d["deck"].append(
        (d["hands"][0] or d["hands"][1] or [0])[0])),
    ("a 100-card deck", lambda d, r: d.__setitem__("deck", list(range(25)) * 4)),
    ("eight cards in a hand", lambda d, r: d["hands"][0].extend(
        c for c in range(25) if c not in d["hands"][0] and c not in d["hands"][1]
        and c not in d["deck"])),
    ("played card still in hand", lambda d, r: d["played"].__setitem__(
        0, (d["hands"][0] or [0])[0])),
    ("both versions of Warwick in play", _both_versions),
    ("block at loc 99", lambda d, r: d["loc"].__setitem__(r.randrange(63), 99)),
    ("strength 10**9", lambda d, r: d["strength"].__setitem__(
        next((b for b in range(63) if d["loc"][b] < 33), 0), 10**9)),
    ("strength 0 on the map", lambda d, r: d["strength"].__setitem__(
        next((b for b in range(63) if d["loc"][b] < 33), 0), 0)),
    ("negative strength", lambda d, r: d["strength"].__setitem__(r.randrange(63), -3)),
    ("crowned a noble", lambda d, r: d["crowned"].__setitem__(0, _block("Oxford"))),
    ("crowned the enemy's heir", lambda d, r: d["crowned"].reverse()),
    ("crowned a dead heir", lambda d, r: d["loc"].__setitem__(d["crowned"][0], 44)
     if d["crowned"][0] >= 0 else None),
    ("turn 0", lambda d, r: d.__setitem__("turn", 0)),
    ("turn 8", lambda d, r: d.__setitem__("turn", 8)),
    ("campaign 4", lambda d, r: d.__setitem__("campaign", 4)),
    ("phase over without a winner", lambda d, r: d.__setitem__("phase", 6)),
    ("a winner while the game goes on", lambda d, r: d.__setitem__("winner", 0)),
    ("battle record outside the battle phase",
     lambda d, r: d.__setitem__("battle", [0] * 210) if d["phase"] != 3 else None),
    ("battle record garbage", lambda d, r: d.__setitem__(
        "battle", [r.randrange(-5, 100) for _ in range(len(d["battle"]) or 210)])),
    ("pending garbage", lambda d, r: d.__setitem__("pending", [[r.randrange(30), 0, 5]])),
    ("pending empty", lambda d, r: d.__setitem__("pending", [])),
    ("phase shifted", lambda d, r: d.__setitem__("phase", (d["phase"] + 1) % 6)),
    ("an enemy block in an exile", lambda d, r: d["loc"].__setitem__(_block("Oxford"), 32)),
    ("every Lancaster heir dead", lambda d, r: [d["loc"].__setitem__(b, 44) for b in (
        _block(n) for n in ("Henry VI", "Prince Edward", "Exeter/L", "Somerset", "Richmond"))]),
    ("whereabouts without the true place", lambda d, r: d.__setitem__("whereabouts",
                                                                      [0] * 63)),
    ("border used 10**9 times", lambda d, r: d["border_used"].__setitem__(3, 10**9)),
    ("generator state negative", lambda d, r: d.__setitem__("rng", -5)),
    ("generator state 2**64", lambda d, r: d.__setitem__("rng", 2**64)),
]


def crafted(count: int, seed: int) -> list[tuple[str, str]]:
    """``count`` (mutation name, save text) pairs, drawn reproducibly from ``seed``."""
    rnd = random.Random(seed)
    bases = base_saves(max(12, count // 60), seed)
    out = []
    while len(out) < count:
        base = rnd.choice(bases)
        d = json.loads(json.dumps(base))
        if rnd.random() < 0.3:
            name, fn = rnd.choice(CROSS)
            fn(d, rnd)
        else:
            name, fn = rnd.choice(generic_mutations(d, rnd))
            try:
                fn(d)
            except (IndexError, KeyError, TypeError, AttributeError):
                continue            # the mutation does not apply to this save
        out.append((name, json.dumps(d)))
    return out


# ------------------------------------------------------------------------------ one trial
def trial(args) -> tuple[str, str, str]:
    """Load one crafted save and play it out; return (outcome, mutation, detail)."""
    name, text, seconds = args
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        try:
            g = Game.from_json(text)
        except ValueError as exc:
            return "refused", name, str(exc)[:200]
        valid = True
        try:
            check_state(g)
        except Exception:  # noqa: BLE001 -- any failed invariant, or a crash while checking
            valid = False
        agents = (RandomAgent(1), RandomAgent(2))
        for _ in range(MAX_ACTIONS):
            if g.is_over:
                break
            s = g.active_sides()[0]
            g.apply(s, agents[s].choose(g, s))
        else:
            return "hung", name, f"not over after {MAX_ACTIONS} actions"
        return ("plays" if valid else "invalid"), name, ""
    except Hung:
        return "hung", name, f"over {seconds} s"
    except Exception as exc:  # noqa: BLE001 -- the figure wanted is how many crash
        return "crashed", name, f"{type(exc).__name__}: {str(exc)[:160]}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--saves", type=int, default=2220, help="crafted saves (default 2220)")
    p.add_argument("--seed", type=int, default=1, help="seed of the games and mutations")
    p.add_argument("--seconds", type=float, default=10.0, help="time limit per save")
    p.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    p.add_argument("--json", action="store_true", help="print the counts as JSON")
    p.add_argument("--dump", metavar="FILE", help="write the crafted saves to FILE (JSON lines "
                   "[mutation, save text]) and stop")
    p.add_argument("--load", metavar="FILE", help="try the crafted saves of FILE (from --dump, "
                   "e.g. by another version of the engine) instead of crafting new ones")
    args = p.parse_args(argv)
    if args.load:
        with open(args.load, encoding="utf-8") as f:
            saves = [tuple(json.loads(line)) for line in f]
    else:
        saves = crafted(args.saves, args.seed)
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(pair) + "\n" for pair in saves)
        print(f"{len(saves)} crafted saves written to {args.dump}")
        return 0
    jobs = [(name, text, args.seconds) for name, text in saves]
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(trial, jobs, chunksize=8)
    counts = collections.Counter(r[0] for r in results)
    examples = collections.defaultdict(list)
    for outcome, name, detail in results:
        if outcome in ("crashed", "hung", "invalid") and len(examples[outcome]) < 8:
            examples[outcome].append(f"{name}: {detail}")
    figures = {k: counts.get(k, 0) for k in ("refused", "plays", "invalid", "crashed", "hung")}
    figures["saves"] = len(results)
    if args.json:
        print(json.dumps({"figures": figures, "examples": examples}))
    else:
        print(f"{len(results)} crafted bad saves: refused {figures['refused']}, accepted and "
              f"played to the end {figures['plays'] + figures['invalid']} (of which "
              f"{figures['invalid']} broke an invariant when loaded: accepted silently), "
              f"crashed {figures['crashed']}, hung {figures['hung']}")
        for outcome, lines in examples.items():
            print(f"{outcome}:")
            for line in lines:
                print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
