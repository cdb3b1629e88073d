"""The save round trip after every action (issue 28): a helper shared by the tests and
``bench/roundtrip.py``.

``play_round_tripped`` plays one whole game between two agents where, after **every** action,
the game is saved (``to_json``) and loaded (``from_json``), and play goes on from the loaded
game. At each step the loaded game must give the same JSON text and the same legal actions
for both sides as the game saved. The same game is also played without any round trip; at the
end both must be equal (same JSON): a loaded game has the same future under the same seed.
"""

from __future__ import annotations

from richard3 import Game, new_game
from richard3.ai import get_agent

MAX_ACTIONS = 20_000


class RoundTripError(AssertionError):
    """A save the engine made that does not load, or loads as another game."""


def _agents(lancaster: str, york: str, seed: int):
    return (get_agent(lancaster, 2 * seed), get_agent(york, 2 * seed + 1))


def round_trip(g: Game, where: str) -> Game:
    """``Game.from_json(g.to_json())``, checked: same JSON text, same legal actions of both
    sides (as notation). Raises RoundTripError naming ``where`` and what differs."""
    text = g.to_json()
    try:
        h = Game.from_json(text)
    except ValueError as exc:
        raise RoundTripError(f"{where}: the engine's own save does not load: {exc}") from None
    if h.to_json() != text:
        raise RoundTripError(f"{where}: the loaded game saves as another text")
    for s in (0, 1):
        mine = [str(a) for a in g.legal_actions(s)]
        theirs = [str(a) for a in h.legal_actions(s)]
        if mine != theirs:
            raise RoundTripError(f"{where}: side {s}'s legal actions differ after loading: "
                                 f"{mine[:5]} / {theirs[:5]}")
    if h.active_sides() != g.active_sides():
        raise RoundTripError(f"{where}: another side to decide after loading")
    return h


def play_round_tripped(scenario: str, seed: int, lancaster: str = "random",
                       york: str = "random", max_actions: int = MAX_ACTIONS) -> int:
    """Play game ``seed`` of ``scenario`` with a save round trip after every action (see the
    module doc); return the number of states checked. Raises RoundTripError."""
    agents = _agents(lancaster, york, seed)
    g = new_game(scenario, seed=seed)
    g = round_trip(g, f"{scenario} seed {seed} at the start")
    n = 0
    while not g.is_over and n < max_actions:
        s = g.active_sides()[0]
        g.apply(s, agents[s].choose(g, s))
        n += 1
        g = round_trip(g, f"{scenario} seed {seed} after action {n} ({g.record['actions'][-1]})")
    agents = _agents(lancaster, york, seed)
    plain = new_game(scenario, seed=seed)
    for _ in range(n):
        s = plain.active_sides()[0]
        plain.apply(s, agents[s].choose(plain, s))
    if plain.to_json() != g.to_json():
        raise RoundTripError(f"{scenario} seed {seed}: the game played through saves ends "
                             f"unlike the same game played without them")
    return n + 1
