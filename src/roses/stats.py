"""The tournament arithmetic both games share: the Wilson score interval of a win rate, and
the sign test of paired games."""

from __future__ import annotations

import math

__all__ = ["sign_test", "wilson"]


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion k/n (95% for z=1.96); (0, 1) when n is 0."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def sign_test(k: int, m: int) -> float:
    """Two-sided exact sign test of ``k`` against ``m`` (wins of one agent and of the other
    among the pairs that differ): the chance, at even odds, of a split at least this uneven;
    1.0 when there is no such pair."""
    n = k + m
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(k, m) + 1)) / 2 ** n
    return min(1.0, 2 * tail)
