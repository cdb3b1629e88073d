"""The features of a position that the learned value (``value.py``) weighs: what a player of
Richard III looks at, from one side's point of view, as numbers.

``features(g, side)`` reads a game (the true one when training, a determinized copy when
playing: hidden enemy blocks are then as the copy samples them) and returns a list of floats
in the order of ``NAMES``. Every feature is computed for "me" (``side``) and for "them" (the
enemy) where it applies, so that one set of weights serves both sides and every scenario
(the scenario and the side are features too). The groups, with the rules they follow:

- the game: scenario (1460, 1470, 1483), KING or PRETENDER, how much of the game and of the
  campaign is left (1.0, 8.0), a game won or lost (9.0);
- heirs (3.21, 9.0): heirs alive, the last heir and his steps, heirs' steps on the map, heirs
  in exile, minors;
- usurpation (8.2): the count's margin, as the KING or PRETENDER needs it (ties go to the
  KING), most of all near the end of the last campaign, and London held alone;
- armies: steps on the map and in exile, counted blocks (nobles, church, heirs) and levies on
  the map, recruitable blocks in the pool (5.4);
- battles pending (6.0): for each contested area the chance that the attack wins
  (``odds.attack_chance``: the defenders destroyed within three rounds), and what each side
  stakes: steps, counted blocks, heirs, the last heir; a treachery roll (6.9) that the KING,
  PRETENDER or Warwick there may make moves its likely worth (the chance the target defects
  times its power, its steps and its place in the count) from one side to the other;
- threats: enemy power next to each side's heirs beyond the power with them, and power within
  a move's reach of a last heir (the hunt); steps and counted blocks standing where the enemy
  can reach them in one move (5.2) with more power than they have (exposed);
- supply (7.1, 7.2): blocks over an area's limit;
- cards (1.1, 5.1): AP in each hand;
- the judgement: the hand-written evaluation's score (``evaluate``, hard-v1's weights).
"""

from __future__ import annotations

import math
from itertools import compress
from operator import mul

from ..battle import AREA, defected, may_roll
from ..combat import WARWICKS, engaged, loyalty, may_defect
from ..components import HEIR, LEVY
from ..game import Game
from ..ids import ACTION, MINOR, NA, NB, OVER, POOL, PRISON, C
from ..politics import COUNTED_TYPES
from ..sequence import TURNS
from .evaluate import (
    HAND_WEIGHTS,
    LAND_NEIGHBOURS,
    NEIGHBOURS,
    SECOND_RING,
    SUPPLY_LIMIT,
    evaluate,
)
from .odds import attack_chance, quick_odds

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

#: What a player knows of each feature's direction, which the fit (tools/train_value.py) keeps
#: to: +1 a weight of at least 0 (good for "me"), -1 at most 0, 0 no weight at all, a feature
#: not named here is free. Fitted to outcomes alone, correlation gave some of them the wrong
#: sign (a step in exile worth more than one on the map, a side's AP still to spend in its
#: action phase a gain, so that ending early scored better than recruiting), and the search
#: played those signs: nobles sent into exile, AP left unused (docs/ai-strength.md).
#: ``acting_ap`` has no weight: AP are worth what they buy, which the search plays out.
DIRECTION = {
    "won": 0, "acting_ap": 0,
    "heirs_me": 1, "heirs_them": -1, "last_heir_me": -1, "last_heir_them": 1,
    "heir_steps_me": 1, "heir_steps_them": -1, "minors_me": 1, "minors_them": -1,
    "last_heir_steps_me": 1, "last_heir_steps_them": -1,
    "usurp_margin": 1, "usurp_margin_late": 1, "usurp_ahead_late": 1,
    "london_me": 1, "london_them": -1,
    "steps_me": 1, "steps_them": -1, "exile_steps_me": 1, "exile_steps_them": -1,
    "counted_me": 1, "counted_them": -1, "levies_me": 1, "levies_them": -1,
    "pool_counted_me": 1, "pool_counted_them": -1,
    "battle_win": 1, "battle_steps": 1, "battle_counted": 1, "battle_heirs": 1,
    "battle_last_heir": 1,
    "threat_me": -1, "threat_them": 1, "hunt_me": 1, "hunt_them": -1,
    "supply_me": -1, "supply_them": 1, "hand_ap_me": 1, "hand_ap_them": -1, "judgement": 1,
    "exposed_steps_me": -1, "exposed_steps_them": 1, "exposed_counted_me": -1,
    "exposed_counted_them": 1,
}
#: feature -> the feature it weighs no more than, in the same direction: a block in exile is
#: out of the usurpation count (8.2) and fights nobody there, so its step weighs at most what a
#: step on the map weighs; a noble or church in the pool is out of the count too (8.2) and
#: costs an AP to recruit (5.4), so it weighs at most what one counted on the map weighs, and
#: at least nothing (alive, he comes back: 6.8). Fitted free on the search levels' games, the
#: pool's noble weighed more than the map's, and recruiting him looked a loss.
WEAKER = {"exile_steps_me": "steps_me", "exile_steps_them": "steps_them",
          "pool_counted_me": "counted_me", "pool_counted_them": "counted_them"}
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
