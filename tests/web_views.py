"""Seeded random games as the page's worker (web/game_host.py) sees them, for the page's tests."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

from game_host import GameHost  # noqa: E402


def decisions(scenario: str, seed: int, rng, limit: int = 20000):
    """(host, status, view) at each decision of a game of `scenario` with `seed`, both sides
    "human" and played at random with `rng`: the view as the worker sends it (obs, actions,
    choices, log_plain, ...), the status as JSON-decoded. The random action is taken when the
    caller asks for the next decision; `host` holds the game after the last one."""
    host = GameHost()
    host.new_game(scenario, seed, {"Lancaster": "human", "York": "human"})
    for _ in range(limit):
        st = json.loads(host.status())
        if st["over"]:
            return
        side = st["humans"][0]
        view = json.loads(host.view(side))
        yield host, st, view
        host.act(side, rng.choice(view["actions"]))
