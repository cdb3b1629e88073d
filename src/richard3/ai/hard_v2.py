"""hard-v2: the ``hard`` level as it was when issue 57 began (commit 400c032, the search of
issue 25 with the learned value fitted to 969 self-play games), kept frozen, for tournaments
only, as the measure of the work that follows (issue 57: every change to ``hard`` is judged
against it, docs/ai-strength.md).

What issue 57 means to change is copied here as it stood, so that those changes leave this
agent as it was: the search (``search.py``: ``HardV2`` is its ``SearchAgent``), the features
of the value (``features.py``: ``features``, ``NAMES``) and the value's weights
(``data/value-v2.json``, a copy of ``data/value.json`` of that commit). What it still shares
with the other levels is the rules engine and the AI's helpers: the determinization
(``determinize.py``, the strength last seen), the one-ply ranking, card and mulligan rules of
the normal level (``normal.py``), the hand-written evaluation (the ``judgement`` feature,
``evaluate.py`` with ``HAND_WEIGHTS``, pinned for hard-v1 too) and the battle odds
(``odds.py``). tests/test_ai_hard_v2.py pins its decisions on seeded positions: a change to
those helpers that moves them must keep hard-v2's path as it was (as ``hidden_strength``
keeps hard-v1's determinization), or copy what it needs here.

Settings: ``HARD_V2`` (hard's of that commit: 4 candidates, play-outs of 6 decisions over 8
actions, prior 4 samples, 24 card samples, at the tournament bound of 32 samples).
"""

from __future__ import annotations

import json
import math
import random
import time
from functools import cache
from importlib import resources
from itertools import compress
from operator import mul

from ..battle import AREA, defected, may_roll
from ..combat import WARWICKS, engaged, loyalty, may_defect
from ..components import HEIR, LEVY
from ..game import Game
from ..ids import ACTION, BATTLE, CARDS, MINOR, MULLIGAN, NA, NB, OVER, POOL, PRISON, C
from ..politics import COUNTED_TYPES
from ..sequence import TURNS
from .base import Agent
from .determinize import determinize
from .evaluate import (
    HAND_WEIGHTS,
    LAND_NEIGHBOURS,
    NEIGHBOURS,
    SECOND_RING,
    SUPPLY_LIMIT,
    evaluate,
)
from .normal import after, card_choice, mulligan_choice, rank_actions, rule_choice
from .odds import attack_chance, quick_odds


#: hard's settings at 400c032 (``registry.HARD``): the page's budget is not used (tournaments
#: only), the tournament bound is ``samples=32`` (``registry.TOURNAMENT``).
HARD_V2 = dict(candidates=4, horizon=6, width=8, prior=4.0, card_samples=24, waste=0.02,
               budget_ms=900.0)

MIDDLESEX = C.area_id["Middlesex"]
SCENARIOS = ("1460", "1470", "1483")
#: Blocks a player may recruit from the pool and that count for usurpation (nobles, church).
RECRUIT_COUNTED = frozenset(b for b in range(NB) if C.btype[b] in COUNTED_TYPES
                            and C.btype[b] != HEIR)
# Per block and per area, what the loop below asks of the static tables, looked up once.
_BLOCKS = range(NB)
_SIDE = C.side
_FP = C.firepower
_HEIR = [C.btype[b] == HEIR for b in range(NB)]
_COUNTED = [C.btype[b] in COUNTED_TYPES for b in range(NB)]
_LEVY = [C.btype[b] == LEVY for b in range(NB)]
_EXILE = [C.kind[a] == "exile" for a in range(NA)]
_LAND = [C.kind[a] == "land" for a in range(NA)]

NAMES = (
    "bias", "scenario_1460", "scenario_1470", "scenario_1483", "king", "game_left",
    "campaign_left", "last_campaign", "won",
    "heirs_me", "heirs_them", "last_heir_me", "last_heir_them", "heir_steps_me",
    "heir_steps_them", "heirs_exile_me", "heirs_exile_them", "minors_me", "minors_them",
    "usurp_margin", "usurp_margin_late", "usurp_ahead_late", "london_me", "london_them",
    "steps_me", "steps_them", "exile_steps_me", "exile_steps_them", "counted_me",
    "counted_them", "levies_me", "levies_them", "pool_counted_me", "pool_counted_them",
    "battle_win", "battle_steps", "battle_counted", "battle_heirs", "battle_last_heir",
    "threat_me", "threat_them", "hunt_me", "hunt_them", "supply_me", "supply_them",
    "hand_ap_me", "hand_ap_them", "acting_ap", "judgement",
    "last_heir_steps_me", "last_heir_steps_them",
    "exposed_steps_me", "exposed_steps_them", "exposed_counted_me", "exposed_counted_them",
)
N = len(NAMES)

JUDGEMENT_CAP = 10.0


def _reach(power_at, a: int) -> float:
    """The power that reaches land area ``a`` in one move (5.2): all of it next door, half of
    what stands two areas away (it gets there only if the border limits let it).
    ``power_at``: area -> one side's power there."""
    return sum(map(power_at, LAND_NEIGHBOURS[a])) + 0.5 * sum(map(power_at, SECOND_RING[a]))


def _defection(g: Game, a: int, x: int) -> tuple[float, float, float]:
    """What side ``x``'s treachery rolls in a battle in area ``a`` may take from the enemy
    (6.9): each roller there (the KING or PRETENDER, a Warwick; engaged, not in Reserve) rolls
    once, at the enemy block it would most like to turn, worth ``p`` times that block, where
    ``p = 1/2 ** loyalty`` is the chance that every die is even. Returns the expected
    (power, steps, counted blocks) that change sides; (0, 0, 0) without a roller."""
    loc, strength, crowned = g.loc, g.strength, g.crowned[x]
    if not any(r >= 0 and loc[r] == a for r in (crowned, *WARWICKS)):
        return 0.0, 0.0, 0.0        # nobody there may roll: the common case, no lists built
    rollers = [r for r in engaged(g, a, x) if r == crowned or r in WARWICKS]
    immune = ()
    if rollers and g.battle and g.battle[AREA] == a:
        # The battle being fought: a roll already made is spent, a defector stays (6.9).
        rollers = [r for r in rollers if may_roll(g, r, x)]
        immune = defected(g.battle)
    if not rollers:
        return 0.0, 0.0, 0.0
    targets = engaged(g, a, 1 - x)
    power = steps = counted = 0.0
    for r in rollers:
        by_warwick = r in WARWICKS
        best = None
        for t in targets:
            if may_defect(g, t, by_warwick, immune):
                p = 0.5 ** loyalty(t, by_warwick)
                worth = p * strength[t] * _FP[t]
                if best is None or worth > best[0]:
                    best = (worth, p, t)
        if best is not None:
            worth, p, t = best
            power += worth
            steps += p * strength[t]
            counted += p if _COUNTED[t] else 0.0
    return power, steps, counted


def features(g: Game, side: int) -> list[float]:
    """The features of ``g`` for ``side`` (0/1), in the order of ``NAMES``."""
    e = 1 - side
    out = [0.0] * N
    out[0] = 1.0
    out[1 + SCENARIOS.index(g.scenario)] = 1.0
    out[4] = 1.0 if g.king == side else -1.0
    campaigns = g.last_campaign - g.first_campaign + 1
    done = (g.campaign - g.first_campaign) + (g.turn - 1) / TURNS
    out[5] = 1.0 - done / campaigns
    out[6] = (TURNS - g.turn) / TURNS
    last = g.campaign >= g.last_campaign
    out[7] = 1.0 if last else 0.0
    if g.phase == OVER:
        out[8] = 1.0 if g.winner == side else -1.0
        return out
    loc, strength = g.loc, g.strength
    pretender = 1 - g.king
    steps = [0.0, 0.0]
    exile = [0.0, 0.0]
    counted = [0, 0]          # usurpation: counted blocks on land areas (8.2)
    levies = [0, 0]
    pool_counted = [0, 0]
    heir_steps = [0.0, 0.0]
    heirs_exile = [0, 0]
    minors = [0, 0]
    power = ([0.0] * NA, [0.0] * NA)
    count = ([0] * NA, [0] * NA)
    counted_in = ([0] * NA, [0] * NA)
    heirs_in = ([0] * NA, [0] * NA)
    steps_in = ([0.0] * NA, [0.0] * NA)
    heir_area = ([], [])
    for b, a, s, st in zip(_BLOCKS, loc, _SIDE, strength):
        if s == 2:
            s = pretender
        if a >= NA:
            if a == POOL and b in RECRUIT_COUNTED:
                pool_counted[s] += 1
            elif a == MINOR:
                minors[s] += 1
            continue
        heir = _HEIR[b]
        if _EXILE[a]:
            exile[s] += st
            if heir:
                heirs_exile[s] += 1
        else:
            steps[s] += st
        power[s][a] += st * _FP[b]
        count[s][a] += 1
        steps_in[s][a] += st
        if _COUNTED[b]:
            if _LAND[a]:
                counted[s] += 1
            counted_in[s][a] += 1
        elif _LEVY[b]:
            levies[s] += 1
        if heir:
            heir_steps[s] += st
            heirs_in[s][a] += 1
            heir_area[s].append(a)
    alive = (len(g.heirs_alive(0)), len(g.heirs_alive(1)))
    out[9], out[10] = alive[side], alive[e]
    out[11] = 1.0 if alive[side] == 1 else 0.0
    out[12] = 1.0 if alive[e] == 1 else 0.0
    out[13], out[14] = heir_steps[side], heir_steps[e]
    # A last heir's steps are the game (9.0): each one lost brings his death a hit nearer.
    out[49] = heir_steps[side] if alive[side] == 1 else 0.0
    out[50] = heir_steps[e] if alive[e] == 1 else 0.0
    out[15], out[16] = heirs_exile[side], heirs_exile[e]
    out[17], out[18] = minors[side], minors[e]
    # 8.2 (politics.usurpation_counts): counted blocks on land, +1 for London held alone,
    # the 1470 prisoner for his side; the PRETENDER needs more than the KING.
    usurp = counted[:]
    london = (count[0][MIDDLESEX] > 0) != (count[1][MIDDLESEX] > 0)
    if london:
        holder = 0 if count[0][MIDDLESEX] else 1
        usurp[holder] += 1
        out[22 if holder == side else 23] = 1.0
    p = g.prisoner
    if p >= 0 and loc[p] == PRISON:
        usurp[_SIDE[p]] += 1
    margin = usurp[side] - usurp[e] + (0.5 if g.king == side else -0.5)
    late = (1.0 if last else 0.35) * g.turn / TURNS
    out[19] = margin
    out[20] = margin * late
    out[21] = (1.0 if margin > 0 else -1.0) * late
    out[24], out[25] = steps[side], steps[e]
    out[26], out[27] = exile[side], exile[e]
    out[28], out[29] = counted[side], counted[e]
    out[30], out[31] = levies[side], levies[e]
    out[32], out[33] = pool_counted[side], pool_counted[e]
    # Battles pending (6.0): who is likely to win each, and what each side stakes there.
    win = st_bal = ct_bal = heir_bal = last_bal = 0.0
    me_pow, en_pow = power[side], power[e]
    me_n, en_n = count[side], count[e]
    attacker = g.attacker
    # Where a KING, PRETENDER or Warwick stands: the only areas where treachery may be rolled.
    roll_areas = {loc[r] for r in (*g.crowned, *WARWICKS) if r >= 0}
    # The contested areas, in order: both sides' blocks there (the product of their counts).
    for a in compress(range(NA), map(mul, me_n, en_n)):
        mine, theirs = me_pow[a], en_pow[a]
        if a in roll_areas:
            # Treachery (6.9): the likely defections move power, steps and, in the count
            # (8.2), a counted block from one side to the other: twice its weight there.
            gain, loss = _defection(g, a, side), _defection(g, a, e)
            moved = gain[0] - loss[0]
            mine, theirs = mine + moved, theirs - moved
            st_bal += gain[1] - loss[1]
            ct_bal += 2.0 * (gain[2] - loss[2])
        # The attacker must destroy the defenders within three rounds (6.2).
        if attacker[a] == side:
            q = attack_chance(mine, theirs)
        elif attacker[a] == e:
            q = 1.0 - attack_chance(theirs, mine)
        else:
            q = quick_odds(mine, theirs)
        win += 2 * q - 1
        st_bal += q * steps_in[e][a] - (1 - q) * steps_in[side][a]
        ct_bal += q * counted_in[e][a] - (1 - q) * counted_in[side][a]
        heir_bal += q * heirs_in[e][a] - (1 - q) * heirs_in[side][a]
        if alive[e] == 1:
            last_bal += q * heirs_in[e][a]
        if alive[side] == 1:
            last_bal -= (1 - q) * heirs_in[side][a]
    out[34], out[35], out[36], out[37], out[38] = win, st_bal, ct_bal, heir_bal, last_bal
    # Threats to heirs out of battle: enemy power next door beyond the power with them.
    for x, col in ((side, 39), (e, 40)):
        y_pow, y_n, x_pow = power[1 - x], count[1 - x], power[x]
        threat = 0.0
        for a in heir_area[x]:
            if y_n[a] or _EXILE[a]:
                continue
            near = 0.0
            for n in NEIGHBOURS[a]:
                near += y_pow[n]
            if near > x_pow[a]:
                threat += attack_chance(near, x_pow[a])
        out[col] = threat
    # The hunt: power within reach of the other side's last heir (next to him, and half of
    # what stands two areas away: one activation's move, 5.2), more than his stack (9.0).
    for x, col in ((side, 41), (e, 42)):
        y = 1 - x
        if alive[y] != 1:
            continue
        x_pow, x_n, y_pow = power[x], count[x], power[y]
        for a in heir_area[y]:
            if _LAND[a] and not x_n[a]:
                near = _reach(x_pow.__getitem__, a)
                if near > y_pow[a]:
                    out[col] += attack_chance(near, y_pow[a])
    # Exposed: each side's stacks out of battle that the enemy reaches in one move (_reach)
    # with more power: the steps and counted
    # blocks at stake, each weighed by the chance that the attack wins (6.2). The
    # play-outs stop at the end of the game turn, before the enemy's next moves: without
    # this, a lone block recruited or landed next to an enemy stack looked as safe as any.
    for x, col in ((side, 51), (e, 52)):
        y = 1 - x
        x_pow, x_n, y_n = power[x], count[x], count[y]
        y_at = power[y].__getitem__
        at_steps = at_counted = 0.0
        for a in compress(range(NA), x_n):
            if y_n[a] or not _LAND[a]:
                continue
            near = _reach(y_at, a)
            if near > x_pow[a]:
                q = attack_chance(near, x_pow[a])
                at_steps += q * steps_in[x][a]
                at_counted += q * counted_in[x][a]
        out[col], out[col + 2] = at_steps, at_counted
    for x, col in ((side, 43), (e, 44)):
        over = 0
        n_x = count[x]
        for a in compress(range(NA), n_x):
            if n_x[a] > SUPPLY_LIMIT[a]:
                over += n_x[a] - SUPPLY_LIMIT[a]
        out[col] = over
    card_ap = C.card_ap
    out[45] = sum(card_ap[c] for c in g.hands[side])
    out[46] = sum(card_ap[c] for c in g.hands[e])
    if g.phase == ACTION:
        out[47] = g.ap if g.acting == side else -g.ap
    # The hand-written evaluation's score (``evaluate``, in heirs: an heir weighs 30), kept
    # within +-JUDGEMENT_CAP: a summary of the position the fit may lean on as much as it earns.
    j = evaluate(g, side, HAND_WEIGHTS) / 30.0
    out[48] = j if -JUDGEMENT_CAP < j < JUDGEMENT_CAP else math.copysign(JUDGEMENT_CAP, j)
    return out


# ------------------------------------------------------------------ the value, frozen
#: The logit of a game already won (lost: its negative), as ``value.DECIDED``.
DECIDED = 12.0


@cache
def weights() -> tuple[float, ...]:
    """The weights of ``data/value-v2.json``, in the order of ``NAMES``. Raises ValueError if
    the file does not name exactly those features."""
    data = json.loads(resources.files("richard3.data").joinpath("value-v2.json").read_text())
    if data.get("format") != "richard3-value" or data.get("features") != list(NAMES):
        raise ValueError("richard3/data/value-v2.json does not match hard-v2's features")
    w = data["weights"]
    return tuple(float(w[name]) for name in NAMES)


def logit(g: Game, side: int, w: tuple[float, ...] | None = None) -> float:
    """The logit of ``side``'s winning chance in ``g`` by hard-v2's value."""
    if g.phase == OVER:
        return DECIDED if g.winner == side else -DECIDED
    w = w or weights()
    return sum(map(mul, w, features(g, side)))


# ------------------------------------------------------------------ the search, frozen
#: The most decisions of battles a play-out fights beyond its horizon.
BATTLE_DECISIONS = 60


class HardV2(Agent):
    """search.py's ``SearchAgent`` as it was at 400c032, judged by hard-v2's value.

    ``samples``: iterations per decision (None: bounded by ``budget_ms`` of wall-clock time);
    ``candidates``: actions searched; ``horizon``: decisions played out after each; ``width``:
    actions the greedy policy looks at per decision; ``prior``: samples the one-ply value
    counts as; ``card_samples``: samples per card of the hand; ``waste``: what an activation
    that moves nobody costs (an AP), on the value's logit scale; ``weights``: value weights
    (tuning runs), else ``data/value-v2.json``'s; ``turns``: game turns a play-out may run into
    beyond the current one (0: it stops at the end of this turn); ``endgame``: decisions a
    play-out may take on a campaign's last game turn (1.0), enough to play it out to the
    political turn's usurpation (8.2), so that the count is played, not estimated (0: the
    ``horizon`` there too)."""

    name = "hard-v2"

    def __init__(self, seed: int = 0, samples: int | None = None, budget_ms: float = 1000.0,
                 candidates: int = 4, horizon: int = 6, width: int = 8, prior: float = 2.0,
                 card_samples: int = 2, waste: float = 0.02, weights: tuple | None = None,
                 turns: int = 0, endgame: int = 0):
        self.rnd = random.Random(seed)
        self.samples = samples
        self.budget_ms = budget_ms
        self.candidates = candidates
        self.horizon = horizon
        self.width = width
        self.prior = prior
        self.card_samples = card_samples
        self.waste = waste
        self.weights = weights
        self.turns = turns
        self.endgame = endgame
        #: samples the last decision drew (0 when a rule or a single candidate decided it):
        #: what a time budget buys (bench/search_samples.py).
        self.drawn = 0

    # ------------------------------------------------------------------------- the value
    def value(self, g: Game, side: int) -> float:
        """The learned value (logit of the winning chance) of ``g`` for ``side``."""
        return logit(g, side, self.weights)

    def _deadline(self, start: float) -> float | None:
        return None if self.samples is not None else start + self.budget_ms / 1000.0 * 0.85

    def _more(self, n: int, deadline: float | None) -> bool:
        """Whether to draw sample ``n`` (0-based): within the iterations or the time."""
        if self.samples is not None:
            return n < self.samples
        return n == 0 or time.perf_counter() < deadline

    # ---------------------------------------------------------------------- the decision
    def choose(self, game: Game, side: int):
        """Return one of ``game.legal_actions(side)``; raises ValueError if there is none."""
        return self.analyse(game, side)[0][0]

    def analyse(self, game: Game, side: int) -> list[tuple[object, float]]:
        """The actions searched, best first, each with its estimated winning chance for
        ``side`` (0 to 1): ``[(action, chance), ...]``; one entry when the choice is forced
        or a rule decides (the mulligan). Raises ValueError if ``side`` has no legal action."""
        start = time.perf_counter()
        self.drawn = 0
        legal = game.legal_actions(side)
        if not legal:
            raise ValueError("no legal action: this side has no decision to make now")
        d0 = determinize(game, side, self.rnd, "seen")
        if len(legal) == 1:
            return [(legal[0], _chance(self.value(d0, side)))]
        if game.phase == MULLIGAN:
            return [(mulligan_choice(d0, side, legal), _chance(self.value(d0, side)))]
        if game.phase == CARDS:
            return self._cards(game, side, legal, d0, start)
        legal = undominated(legal)
        if len(legal) == 1:
            return [(legal[0], _chance(self.value(d0, side)))]
        ranked = sorted(rank_actions(d0, side, legal, self.rnd, self.value, self.waste),
                        key=lambda t: (-t[0], t[1]))[:self.candidates]
        cands = [legal[i] for _v, i in ranked]
        totals = [self.prior * v for v, _i in ranked]
        counts = [self.prior] * len(cands)
        if len(cands) > 1:
            deadline = self._deadline(start)
            n = 0
            while self._more(n, deadline):
                n += 1
                d = determinize(game, side, self.rnd, "seen")
                seed = self.rnd.getrandbits(64)
                rnd_seed = self.rnd.getrandbits(32)
                row = [self._rollout(d, side, c, seed, rnd_seed) for c in cands]
                if None in row:
                    continue            # a candidate not legal in this sample (none known)
                for k, v in enumerate(row):
                    totals[k] += v
                    counts[k] += 1
            self.drawn = n
        return _ordered(cands, totals, counts)

    # ------------------------------------------------------------------------- play-outs
    def policy(self, g: Game, s: int, rnd: random.Random):
        """The greedy play-out policy: the card and mulligan rules of the normal level, else
        the best one-ply value among at most ``width`` legal actions (all of a battle's)."""
        legal = undominated(g.legal_actions(s))
        ruled = rule_choice(g, s, legal)
        if ruled is not None:
            return ruled
        pool = legal if len(legal) <= self.width else rnd.sample(legal, self.width)
        best, best_v = pool[0], None
        for a in pool:
            v = self.value(after(g, s, a), s) + (self.waste if a[0] == "activate" else 0.0)
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best

    def _play_out(self, g: Game, side: int, rnd: random.Random, decisions: int,
                  cards: bool = False) -> float:
        """Play ``g`` on with ``policy`` for at most ``decisions`` decisions, within this game
        turn (and, for a card play, ``cards``, only up to the end of its action phases, 1.2);
        return its value for ``side``."""
        turn = (g.campaign, g.turn)
        crossed = 0
        if g.turn == TURNS:
            decisions = max(decisions, self.endgame)
        # A battle's decisions do not count: a battle begun is fought to its end (or to
        # BATTLE_DECISIONS), where the value reads its outcome instead of guessing it.
        left, fought = decisions, 0
        while left > 0 or (g.phase == BATTLE and fought < BATTLE_DECISIONS):
            if (g.campaign, g.turn) != turn:
                # Into the next game turn (its cards by the normal level's rule, both
                # sides' moves by the policy) only as far as ``turns`` allows.
                turn = (g.campaign, g.turn)
                crossed += 1
            if g.phase == OVER or crossed > self.turns or (cards and g.phase > ACTION):
                break
            if g.phase == BATTLE:
                fought += 1
            else:
                left -= 1
            s = g.active_sides()[0]
            g.play(s, self.policy(g, s, rnd))
        return self.value(g, side)

    def _rollout(self, d: Game, side: int, action, seed: int, rnd_seed: int) -> float | None:
        """Value for ``side`` of ``action`` played in a copy of the sample ``d`` with the
        dice of ``seed``, then played out (see the module docstring); None if ``action`` is
        not legal in ``d``."""
        if action not in d.legal_actions(side):
            return None
        g = d.copy()
        g.reseed(seed)
        g.play(side, action)
        return self._play_out(g, side, random.Random(rnd_seed), self.horizon)

    def _cards(self, game: Game, side: int, legal: list, d0: Game, start: float):
        """The card play (1.1): each card against the enemy's likely card, both action
        phases played out, on paired samples."""
        e = 1 - side
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        deadline = self._deadline(start)
        n = 0
        while (n < self.card_samples if self.samples is not None
               else self._more(n, deadline)):
            n += 1
            d = determinize(game, side, self.rnd, "seen")
            seed = self.rnd.getrandbits(64)
            rnd_seed = self.rnd.getrandbits(32)
            theirs = None
            if d.played[e] < 0:
                enemy_legal = d.legal_actions(e)
                theirs = card_choice(d, e, enemy_legal) if enemy_legal else None
            for k, mine in enumerate(legal):
                g = d.copy()
                g.reseed(seed)
                g.play(side, mine)
                if theirs is not None and g.phase == CARDS:
                    g.play(e, theirs)
                v = self._play_out(g, side, random.Random(rnd_seed), 40, cards=True)
                totals[k] += v
                counts[k] += 1
        self.drawn = n
        return _ordered(legal, totals, [max(1, c) for c in counts])


def undominated(legal: list) -> list:
    """The legal actions less those no player would choose whatever the dice (6.2): a block
    whose battle turn it is may fire, retreat or pass, and passing is worse than firing (a
    volley costs nothing, cannot hurt the firer and may hit), so pass goes when fire is
    legal. A search's samples cannot tell the two apart when the hits matter little (a lone
    block against a stack): without this it passed on a coin's toss of noise."""
    if len(legal) > 1 and any(a[0] == "fire" for a in legal):
        return [a for a in legal if a[0] != "pass"]
    return legal


def _chance(v: float) -> float:
    return 1.0 / (1.0 + math.exp(-v))


def _ordered(actions: list, totals: list[float], counts: list[float]):
    """[(action, winning chance)] by mean value, best first (ties: the earlier action)."""
    means = [t / c for t, c in zip(totals, counts)]
    order = sorted(range(len(actions)), key=lambda k: (-means[k], k))
    return [(actions[k], _chance(means[k])) for k in order]
