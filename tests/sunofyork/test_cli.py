"""``python -m sunofyork``: selfplay, tournament and replay, run as a user would (small)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from sunofyork import new_game

SRC = Path(__file__).resolve().parents[2] / "src"


def run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", "sunofyork", *args], capture_output=True,
                          text=True, env=env, timeout=300)


def test_selfplay_json(tmp_path):
    p = run("selfplay", "--scenario", "wakefield", "--games", "2", "--seed", "3",
            "--lancaster", "random", "--york", "random", "--json", "--records", str(tmp_path))
    assert p.returncode == 0, p.stderr
    lines = [json.loads(x) for x in p.stdout.splitlines()]
    assert len(lines) == 3
    for rec, seed in zip(lines, (3, 4)):
        assert rec["seed"] == seed and rec["winner"] in ("Lancaster", "York")
        for key in ("reason", "actions", "turns", "seconds"):
            assert key in rec
    assert lines[-1]["summary"] and lines[-1]["games"] == 2 and lines[-1]["errors"] == 0
    files = sorted(tmp_path.iterdir())
    assert len(files) == 2
    r = run("replay", str(files[0]))
    assert r.returncode == 0, r.stdout + r.stderr


def test_selfplay_text_and_unknown_agent():
    p = run("selfplay", "--scenario", "wakefield", "--games", "1", "--quiet")
    assert p.returncode == 0 and "1 games of wakefield" in p.stdout
    p = run("selfplay", "--scenario", "wakefield", "--games", "1", "--york", "nobody")
    assert p.returncode == 1 and "ERROR" in p.stdout


def test_tournament():
    p = run("tournament", "--scenario", "wakefield", "--a", "random", "--b", "random",
            "--games", "2", "--seed", "2", "--json")
    assert p.returncode == 0, p.stderr
    lines = [json.loads(x) for x in p.stdout.splitlines()]
    games, summary = lines[:-1], lines[-1]
    assert [g["a_side"] for g in games] == ["Lancaster", "York"]
    assert games[0]["seed"] == games[1]["seed"]
    assert summary["games"] == 2 and summary["a_wins"] + summary["b_wins"] + \
        summary["draws"] == 2
    lo, hi = summary["a_win_rate_ci95"]
    assert 0 <= lo <= summary["a_win_rate"] <= hi <= 1


def test_replay_exit_status(tmp_path):
    g = new_game("towton", seed=4)
    r = random.Random(4)
    for _ in range(80):
        s = g.active_sides()[0]
        g.apply(s, r.choice(g.legal_actions(s)))
    good = tmp_path / "good.json"
    good.write_text(g.to_json())
    p = run("replay", str(good))
    assert p.returncode == 0 and "OK" in p.stdout, p.stdout + p.stderr
    d = json.loads(g.to_json())
    d["turn"] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(d))
    p = run("replay", str(bad))
    assert p.returncode == 1 and "MISMATCH" in p.stdout
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    assert run("replay", str(junk)).returncode == 2
    assert run("replay", str(tmp_path / "missing.json")).returncode == 2
    from richard3 import new_game as r3_game
    r3 = tmp_path / "r3.json"
    r3.write_text(r3_game("1460", seed=1).to_json())
    p = run("replay", str(r3))
    assert p.returncode == 2 and "Richard III" in p.stdout
