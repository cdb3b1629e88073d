"""The tournament arithmetic both games share: the Wilson score interval of a win rate, the
sign test of paired games, the deals of a tournament played from both seats and an agent's
winning chance from an even deal."""

from __future__ import annotations

import math

__all__ = ["even_deal", "paired_deals", "sign_test", "wilson"]


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


def even_deal(k: int, m: int) -> tuple[float, float, float]:
    """A's winning chance against B from an even deal, with its 95% interval, out of ``k``
    deals A swept (won from both seats) and ``m`` B swept: ``(chance, low, high)``.

    Where each game of a deal is won by A with probability logistic(d + h) from one seat and
    logistic(d - h) from the other (h: the deal's and seat's advantage, whatever it is), a deal
    swept by one of the two was swept by A with probability logistic(2d): the deal's own luck
    cancels. So the sweeps' share q = k / (k + m) gives logistic(d) = sqrt(q) / (sqrt(q) +
    sqrt(1 - q)), the interval from q's Wilson interval. (0.5, 0, 1) when no deal was swept."""
    def chance(q: float) -> float:
        return math.sqrt(q) / (math.sqrt(q) + math.sqrt(1.0 - q))
    n = k + m
    if n == 0:
        return (0.5, 0.0, 1.0)
    lo, hi = wilson(k, n)
    return (chance(k / n), chance(lo), chance(hi))


def paired_deals(records: list[dict]) -> dict:
    """The deals of a tournament's ``records`` played from both seats (games ``2k`` and
    ``2k + 1``, each record's ``game`` index and ``winner``: "a", "b" or None): ``{"deals",
    "a_swept", "b_swept", "split", "sign_p", "a_even", "a_even_ci95"}``, a deal swept by the
    agent that won both its games, split when each seat won once (or a game had no winner),
    ``sign_p`` the two-sided sign test of the sweeps, ``a_even`` A's winning chance from an
    even deal (``even_deal``) and its 95% interval."""
    by_deal: dict[int, list] = {}
    for r in records:
        by_deal.setdefault(r["game"] // 2, []).append(r["winner"])
    swept = {"a": 0, "b": 0}
    split = 0
    full = [w for w in by_deal.values() if len(w) == 2]
    for w in full:
        if w[0] == w[1] and w[0] in swept:
            swept[w[0]] += 1
        else:
            split += 1
    p, lo, hi = even_deal(swept["a"], swept["b"])
    return {"deals": len(full), "a_swept": swept["a"], "b_swept": swept["b"], "split": split,
            "sign_p": round(sign_test(swept["a"], swept["b"]), 6), "a_even": round(p, 4),
            "a_even_ci95": [round(lo, 4), round(hi, 4)]}
