"""A game's record stepped through, as both games' replays do it (``richard3.review.Review``,
the page's ``soy_host.Timeline``): a copy of the game kept every ``every`` actions, so that any
step is reached by playing at most ``every - 1`` actions on a copy of the last one before it."""

from __future__ import annotations


def game_at(copies, actions, step, play, every: int):
    """The game after the first ``step`` of ``actions`` ((side, action) pairs): a copy of
    ``copies[step // every]`` (the game after ``every * k`` actions) with the actions after it
    played by ``play(game, side, action)``. ValueError for a step outside 0..len(actions)."""
    if not isinstance(step, int) or not 0 <= step <= len(actions):
        raise ValueError(f"step {step!r} is not in this game (0 to {len(actions)})")
    k = step // every
    g = copies[k].copy()
    for side, action in actions[k * every:step]:
        play(g, side, action)
    return g
