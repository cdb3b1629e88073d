#!/usr/bin/env python3
"""Engine benchmark (issue 4): prints figures, asserts nothing.

    python3 bench/engine.py [--games N] [--runs R] [--scenario 1460] [--json]
    python3 bench/engine.py --compare OTHER/src [--games N] [--runs R]
    python3 build.py bench-engine        (the same, set up in .venv)

- random whole games per second on one core: R runs (default 5) of N games (default 20) with
  uniform random agents, the median run, and the median milliseconds per game over all games,
  by the wall clock and by CPU time (the same on a quiet machine; CPU time is the fair figure
  when other processes share the cores);
- ``Game.copy()`` in microseconds (median over states sampled from random games);
- legal-action generation per call in microseconds, with the legal-action cache cleared,
  overall and per phase;
- one random game turn (issue 3): the card phase (mulligans included) and both action phases
  of the first game turn, from setup up to the battle phase, median milliseconds per turn.

``--compare OTHER/src`` times random whole games of this tree's engine and of another
checkout's (an older commit, say), in alternating runs of child processes on the same seeds,
so that both are measured in one run under the same load: CPU milliseconds per game, median.

Targets (issue 4): a random whole 1460 game in at most 100 ms median; copy() at most 50 us.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
if __name__ == "__main__" and "--src" in sys.argv:
    SRC = Path(sys.argv[sys.argv.index("--src") + 1])
sys.path.insert(0, str(SRC))

from richard3 import new_game  # noqa: E402

try:    # the engine's modules, and those of an engine from before issue 24 (--compare)
    from richard3.ai import RandomAgent  # noqa: E402
    from richard3.ids import BATTLE, PHASE_NAMES  # noqa: E402
except ImportError:
    from richard3.agents import RandomAgent  # noqa: E402
    from richard3.game import BATTLE, PHASE_NAMES  # noqa: E402

TARGET_GAME_MS, TARGET_COPY_US = 100.0, 50.0


def play(scenario: str, seed: int, sample=None):
    """One random whole game; ``sample(game)`` is called before each action if given."""
    g = new_game(scenario, seed=seed)
    agents = (RandomAgent(2 * seed), RandomAgent(2 * seed + 1))
    n = 0
    while not g.is_over:
        if sample is not None:
            sample(g)
        s = g.active_sides()[0]
        g.apply(s, agents[s].choose(g, s))
        n += 1
    return g, n


def bench_games(scenario: str, games: int, runs: int) -> dict:
    """Wall-clock and CPU time of random whole games (CPU time is the fairer figure when
    other processes share the machine)."""
    per_game, cpu_per_game, rates, cpu_rates, actions = [], [], [], [], 0
    for r in range(runs):
        t_run, c_run = time.perf_counter(), time.process_time()
        for i in range(games):
            t0, c0 = time.perf_counter(), time.process_time()
            _, n = play(scenario, r * games + i)
            per_game.append(time.perf_counter() - t0)
            cpu_per_game.append(time.process_time() - c0)
            actions += n
        rates.append(games / (time.perf_counter() - t_run))
        cpu_rates.append(games / max(time.process_time() - c_run, 1e-9))
    return {"games_per_sec_median": statistics.median(rates),
            "cpu_games_per_sec_median": statistics.median(cpu_rates),
            "cpu_ms_per_game_median": statistics.median(cpu_per_game) * 1000,
            "ms_per_game_median": statistics.median(per_game) * 1000,
            "ms_per_game_mean": statistics.mean(per_game) * 1000,
            "actions_per_game_mean": actions / (games * runs),
            "us_per_action": sum(per_game) / actions * 1e6}


def bench_first_turn(scenario: str, turns: int) -> dict:
    """Median time of the random actions of a first game turn, up to the battle phase."""
    per_turn, actions = [], 0
    for seed in range(turns):
        g = new_game(scenario, seed=seed)       # setup and the deal are not timed
        agents = (RandomAgent(2 * seed), RandomAgent(2 * seed + 1))
        t0 = time.perf_counter()
        while g.phase < BATTLE and not g.is_over:
            s = g.active_sides()[0]
            g.apply(s, agents[s].choose(g, s))
            actions += 1
        per_turn.append(time.perf_counter() - t0)
    return {"first_turn_ms_median": statistics.median(per_turn) * 1000,
            "first_turn_actions_mean": actions / turns}


def sample_states(scenario: str, n_games: int, every: int) -> list:
    states = []
    rnd = random.Random(7)

    def keep(g):
        if rnd.randrange(every) == 0:
            states.append(g.copy())
    for seed in range(n_games):
        play(scenario, 10_000 + seed, keep)
    return states


def bench_copy(states: list, reps: int = 200) -> float:
    times = []
    for g in states:
        t0 = time.perf_counter()
        for _ in range(reps):
            g.copy()
        times.append((time.perf_counter() - t0) / reps)
    return statistics.median(times) * 1e6


def bench_legal(states: list, reps: int = 20) -> dict:
    by_phase: dict[str, list[float]] = {}
    for g in states:
        sides = g.active_sides()
        t0 = time.perf_counter()
        for _ in range(reps):
            for s in sides:
                g._legal_cache = None
                g.legal_actions(s)
        dt = (time.perf_counter() - t0) / (reps * len(sides)) * 1e6
        by_phase.setdefault(PHASE_NAMES[g.phase], []).append(dt)
    every = [x for xs in by_phase.values() for x in xs]
    return {"median": statistics.median(every), "mean": statistics.mean(every),
            "per_phase_mean": {p: round(statistics.mean(xs), 1) for p, xs in by_phase.items()}}


def compare(other: Path, scenario: str, games: int, runs: int) -> None:
    """Alternate runs of this engine and the one in ``other`` (child processes, the same
    seeds) and print the median CPU milliseconds per random whole game of each."""
    ms = {"this": [], "other": []}
    for r in range(runs):
        for name, src in (("this", SRC), ("other", other)):
            out = subprocess.run([sys.executable, __file__, "--src", str(src), "--one-run",
                                  str(r * games), "--scenario", scenario, "--games", str(games)],
                                 capture_output=True, text=True, check=True)
            ms[name] += json.loads(out.stdout)
    a, b = statistics.median(ms["this"]), statistics.median(ms["other"])
    print(f"random whole {scenario} games, CPU ms per game, median of {games * runs}: "
          f"this engine ({SRC}) {a:.1f}, the other ({other}) {b:.1f}: "
          f"{b / a:.2f}x the other's speed")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scenario", default="1460", choices=["1460", "1470", "1483"])
    p.add_argument("--games", type=int, default=20, help="games per run (default 20)")
    p.add_argument("--runs", type=int, default=5, help="runs, the median is reported (5)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--compare", type=Path, help="another checkout's src/ to time against")
    p.add_argument("--src", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--one-run", type=int, help=argparse.SUPPRESS)   # its first seed
    args = p.parse_args(argv)
    if args.compare:
        compare(args.compare, args.scenario, args.games, args.runs)
        return 0
    if args.one_run is not None:    # a child of --compare: CPU ms of each game, as JSON
        out = []
        for i in range(args.games):
            c0 = time.process_time()
            play(args.scenario, args.one_run + i)
            out.append((time.process_time() - c0) * 1000)
        print(json.dumps(out))
        return 0
    games = bench_games(args.scenario, args.games, args.runs)
    games.update(bench_first_turn(args.scenario, 200))
    states = sample_states(args.scenario, 5, 10)
    copy_us = bench_copy(states)
    legal = bench_legal(states)
    out = {"scenario": args.scenario, "games_per_run": args.games, "runs": args.runs,
           **{k: round(v, 2) for k, v in games.items()}, "copy_us_median": round(copy_us, 2),
           "legal_us_median": round(legal["median"], 1),
           "legal_us_mean": round(legal["mean"], 1), "legal_us_per_phase": legal["per_phase_mean"],
           "states_sampled": len(states)}
    if args.json:
        print(json.dumps(out))
        return 0
    ok = lambda good: "ok" if good else "OVER TARGET"
    print(f"Engine benchmark, scenario {args.scenario}, one core, Python {sys.version.split()[0]}")
    print(f"  random whole games:  {out['games_per_sec_median']:.1f} games/s wall clock, "
          f"{out['cpu_games_per_sec_median']:.1f} games/s of CPU time (median of {args.runs} "
          f"runs of {args.games})")
    print(f"  CPU time per game:   {out['cpu_ms_per_game_median']:.1f} ms median")
    print(f"  per game:            {out['ms_per_game_median']:.1f} ms median, "
          f"{out['ms_per_game_mean']:.1f} ms mean, {out['actions_per_game_mean']:.0f} actions, "
          f"{out['us_per_action']:.0f} us per action  "
          f"[target <= {TARGET_GAME_MS:.0f} ms: {ok(out['ms_per_game_median'] <= TARGET_GAME_MS)}]")
    print(f"  first game turn:     {out['first_turn_ms_median']:.2f} ms median for the card and "
          f"action phases ({out['first_turn_actions_mean']:.1f} random actions), 200 seeds")
    print(f"  Game.copy():         {copy_us:.1f} us median  "
          f"[target <= {TARGET_COPY_US:.0f} us: {ok(copy_us <= TARGET_COPY_US)}]")
    print(f"  legal_actions():     {legal['median']:.1f} us median, {legal['mean']:.1f} us mean "
          f"per call over {len(states)} sampled states")
    for phase, us in legal["per_phase_mean"].items():
        print(f"      {phase:10s} {us:8.1f} us mean")
    return 0


if __name__ == "__main__":
    sys.exit(main())
