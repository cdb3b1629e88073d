"""The tournament arithmetic both games share: the Wilson score interval of a win rate."""

from __future__ import annotations

import math

__all__ = ["wilson"]


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion k/n (95% for z=1.96); (0, 1) when n is 0."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))
