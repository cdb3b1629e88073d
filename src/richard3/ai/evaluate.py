"""A hand-written evaluation of a position from one side's point of view.

``evaluate(g, side)`` reads a (determinized) game and scores it for ``side``; higher is better.
It reads the side's own blocks exactly, and of the enemy only what a determinized copy makes
public-or-sampled: block counts per area, revealed blocks, and sampled identities. Terms (weights
in ``W``):

- victory (9.0): a won / lost game dominates everything;
- heirs alive (9.0: losing every heir loses the game) and the KING's safety;
- usurpation (8.2): nobles + heirs + church on the map, not in exile or on the Isle of Man,
  +1 for holding London alone, and in 1470 Henry VI while a prisoner (the engine's count,
  ``politics.usurpation_counts``); the PRETENDER needs more than the KING, so the difference
  counts, more as the campaign's last turn nears;
- material: steps on the map and in exile;
- battles pending (6.0): for each contested area, the chance of winning (Lanchester estimate
  from strength x firepower, +1 firepower for a defender on its shield/crown/city, 6.4) times
  what is at stake;
- threats: enemy blocks next to own heirs not covered by friendly strength (scaled by
  ``threat_many`` while the side has more than one heir: 2 for hard);
- pressure: own strength next to weaker enemy stacks (most of all enemy heirs);
- supply (7.1, 7.2): blocks over the area's limit each lose a step per supply phase;
- enemy strength: an unrevealed enemy block counts as ``UNKNOWN_BLOCK`` (bold: most blocks
  are stronger) or, for the KING by default (``sampled``), as the determinized copy samples it;
- the enemy's last heir (9.0: killing it wins): a battle with it stakes ``sole_heir`` more,
  and own power next to it, more than his stack there, is worth ``hunt`` (the chance that such
  an attack wins). With ``Game.whereabouts`` (``determinize`` follows the enemy's blocks) the
  agents know where that heir probably is: measured, normal as Lancaster on 1483 won 27 of 40
  games against the easy of that time (without them) with these terms and 6 without
  (docs/ai-strength.md). ``risk`` scales what a battle risks of the own last heir: 0 for
  easy and normal (bold), 1 for hard;
- guarding the own last heir (``guard``, hard only): enemy power within two areas of him (5.2),
  more than his stack, costs what its attack would win, and his steps count a little so that
  tied hits (6.4) go to other blocks. Measured on 1483, hard as York lost its last heir in 4
  of 50 games against normal with it, 12 without.

Off by default (weight 0; measured without gain in 80-game A/B runs, see docs/ai-strength.md),
selectable through ``NormalAgent(weights=...)``: ``usurp_stake`` (what a battle risks in
usurpation counts), ``reinforce`` (own unmoved blocks next door counted into a battle while AP
are left), ``final`` (a win-chance term from the count margin, ``win_chance``),
``heir_stake``, ``pressure``, ``treachery``. Hard, as Lancaster on 1470, uses ``pressure`` and
``heir_stake`` (``hard.SCENARIO_WEIGHTS``).
"""

from __future__ import annotations

import math

from ..components import HEIR
from ..game import Game
from ..ids import ACTION, NA, NB, OVER, C
from ..politics import COUNTED_TYPES, usurpation_counts
from ..sequence import TURNS
from .odds import UNKNOWN_BLOCK, quick_odds

W = {"win": 10000.0, "heir": 30.0, "usurp": 6.0, "step": 1.0, "battle": 1.6, "threat": 1.2,
     "supply": 1.5, "exile_heir": -1.0, "heir_stake": 0.0, "pressure": 0.0,
     "treachery": 0.0, "usurp_stake": 0.0, "sole_heir": 60.0, "hunt": 20.0,
     "final": 0.0, "reinforce": 0.0,
     "risk": 0.0, "guard": 0.0, "threat_many": 1.0, "sampled": 2}

#: The hand-written evaluation's weights as hard-v1 plays them (``hard.py`` says why each
#: differs from normal's ``W``); the learned value reads its score as one feature.
HAND_WEIGHTS = dict(W, risk=1.0, guard=20.0, threat_many=2.0)

#: Supply limit per area (7.1, 7.2): 4, 5 with a city, 2 in Ireland and Scotland.
SUPPLY_LIMIT = [5 if C.city[a] else 4 for a in range(NA)]
for _name in ("Ireland", "Scotland"):
    if _name in C.area_id:
        SUPPLY_LIMIT[C.area_id[_name]] = 2
NEIGHBOURS = [tuple(x for x, _k in C.neighbours[a]) for a in range(NA)]
#: Land neighbours: where blocks stand that can attack an area by land in one step (5.2).
LAND_NEIGHBOURS = [tuple(x for x in NEIGHBOURS[a] if C.kind[x] == "land") for a in range(NA)]
#: Land areas two borders away (not the area itself nor its neighbours): enemy blocks there
#: reach it in one move of two areas (5.2).
SECOND_RING = [tuple(sorted({y for x in LAND_NEIGHBOURS[a] for y in LAND_NEIGHBOURS[x]}
                            - set(NEIGHBOURS[a]) - {a})) for a in range(NA)]
_UNK_POWER = UNKNOWN_BLOCK[0] * UNKNOWN_BLOCK[2]
# Per block and per area, what the evaluation asks of the static tables, looked up once (it is
# the search's hot path: every play-out decision evaluates several positions).
_SIDE = C.side
_FP = C.firepower
_LOYALTY = C.loyalty
_HEIR = [C.btype[b] == HEIR for b in range(NB)]
_COUNTED = [C.btype[b] in COUNTED_TYPES for b in range(NB)]
#: Value of one step of the own last heir, as a share of ``guard`` (1 at guard 20): a
#: tie-break, far below what a battle stakes.
GUARD_STEP = 0.05


def _defends_home(b: int, a: int) -> bool:
    """Whether block b fights with +1 firepower defending area a (its shield, crown, city)."""
    return a in C.shield_areas[b] or (C.crown[a] and C.btype[b] == HEIR) or C.home_area[b] == a


def usurpation_count(g: Game, side: int) -> int:
    """8.2 count of ``side`` in ``g``: its nobles, heirs and church on the map outside exile and
    the Isle of Man, plus one for London (Middlesex) held alone, and the 1470 prisoner (Henry
    VI in the Tower counts for Lancaster): the engine's own count (``politics``)."""
    return usurpation_counts(g)[side]


def win_chance(g: Game, side: int, counts: list[int], own_loss: float, en_loss: float,
               p_kill: float, p_lose: float) -> float:
    """A rough chance that ``side`` ends the campaign as KING (8.2) or wins outright (9.0):
    killing the enemy's last heir (``p_kill``), else being ahead in the usurpation count
    after the pending battles (``counts``: [Lancaster, York] now, 8.2; expected count losses
    ``own_loss``, ``en_loss``) with a spread that shrinks as the campaign's seventh turn nears.
    The PRETENDER needs a majority, the KING wins ties. Outside the last campaign it counts for
    less (roles can change again)."""
    margin = (counts[side] - own_loss) - (counts[1 - side] - en_loss)
    need = 0.5 if side != g.king else -0.5
    sigma = 0.8 + 0.6 * max(0, TURNS - g.turn)
    p_count = 0.5 * (1.0 + math.erf((margin - need) / (sigma * 1.4142)))
    p = p_kill + max(0.0, 1.0 - p_kill - p_lose) * p_count
    return p if g.campaign >= g.last_campaign else 0.3 * p


def evaluate(g: Game, side: int, W: dict = W) -> float:
    """Score ``g`` for ``side`` (0/1) with the weights ``W`` (a dict with the keys of the
    module's ``W``, its default); higher is better. See the module docstring for terms."""
    if g.phase == OVER:
        return W["win"] if g.winner == side else -W["win"]
    e = 1 - side
    loc, strength, shown, moved = g.loc, g.strength, g.shown, g.moved
    pretender = 1 - g.king
    own_heirs = [0] * NA
    en_heirs = [0] * NA
    # 6.9: the KING, the PRETENDER and Warwick may each roll for treachery once per battle;
    # where one of ours fights, the enemy's most corruptible block counts partly for us.
    # Read only with a ``treachery`` weight (0 at every level), so gathered only then.
    treachery = W["treachery"]
    traitor_here = [False] * NA
    best_turn = [0.0] * NA
    me_crowned = g.crowned[side]
    own_cnt = [0] * NA
    en_cnt = [0] * NA
    own_pow = [0.0] * NA
    en_pow = [0.0] * NA
    reinforce = W["reinforce"]
    free_pow = [0.0] * NA        # own blocks that may still move this action phase
    own_cu = [0] * NA            # blocks counting for usurpation (8.2) per area
    en_cu = [0] * NA
    own_steps = en_steps = 0.0
    # "sampled": read unrevealed enemy blocks as the determinized copy samples them (their
    # identity drawn from the blocks that could be there, at full strength) instead of as
    # the weaker UNKNOWN_BLOCK; only sound on a determinized copy, which is all the agents
    # evaluate. 1: always; 2: only as the KING, who plays safe with the realistic estimate,
    # while the PRETENDER, behind in the count, needs the bolder one (measured: as KING it
    # wins more, as PRETENDER fewer games).
    sampled = W["sampled"] == 1 or (W["sampled"] == 2 and side == g.king)
    heirs_on_map = []
    score = 0.0
    for b in range(NB):
        a = loc[b]
        if a >= NA:
            continue
        s = _SIDE[b]
        if s == 2:
            s = pretender
        counted = _COUNTED[b]
        if s == side:
            own_cnt[a] += 1
            st = strength[b]
            own_steps += st
            pw = st * _FP[b]
            own_pow[a] += pw
            if reinforce and not moved[b]:
                free_pow[a] += pw
            if counted:
                own_cu[a] += 1
            if _HEIR[b]:
                heirs_on_map.append((b, a))
                own_heirs[a] += 1
            if treachery and (b == me_crowned or b in C.warwick):
                traitor_here[a] = True
        else:
            en_cnt[a] += 1
            if counted:
                en_cu[a] += 1
            if _HEIR[b]:
                en_heirs[a] += 1
            lo = _LOYALTY[b]
            if treachery and lo:
                st = strength[b] if shown[b] else UNKNOWN_BLOCK[0]
                best_turn[a] = max(best_turn[a], 0.5 ** lo * st * _FP[b])
            if shown[b] or sampled:
                en_steps += strength[b]
                en_pow[a] += strength[b] * _FP[b]
            else:
                en_steps += UNKNOWN_BLOCK[0]
                en_pow[a] += _UNK_POWER
    score += W["step"] * (own_steps - en_steps)
    # Heirs alive: losing all loses the game (9.0); each one is a large asset.
    own_alive, en_alive = len(g.heirs_alive(side)), len(g.heirs_alive(e))
    score += W["heir"] * (own_alive - en_alive)
    # Usurpation (8.2), weighted up as the political turn nears.
    urgency = 1.0 + g.turn / TURNS
    counts = usurpation_counts(g)
    score += W["usurp"] * urgency * (counts[side] - counts[e])
    # Battles to come: contested areas. A side's last heir is worth the game (9.0).
    n_heirs_factor = 3.0 if own_alive <= 1 else 1.0
    en_heirs_factor = 3.0 if en_alive <= 1 else 1.0
    # A side's last living heir lost in battle loses the game (9.0): it is staked as such.
    my_sole = W["sole_heir"] if own_alive == 1 else 0.0
    en_sole = W["sole_heir"] if en_alive == 1 else 0.0
    # Each block that counts for usurpation (8.2) lost in battle costs its side one count.
    u_stake = W["usurp_stake"] * W["usurp"] * urgency / W["battle"]
    exp_en_loss = exp_own_loss = 0.0
    ap_left = g.ap if (reinforce and g.phase == ACTION and g.acting == side) else 0
    no_kill = no_loss = 1.0
    attacker = g.attacker
    w_battle, w_pressure, w_supply = W["battle"], W["pressure"], W["supply"]
    w_heir_stake, w_risk = W["heir_stake"], W["risk"]
    for a in range(NA):
        n_own = own_cnt[a]
        if n_own and en_cnt[a]:
            defender_is_me = attacker[a] == e
            mine, theirs = own_pow[a], en_pow[a]
            if ap_left:
                # Own blocks next door that may still join this battle, one activation each.
                near = sorted((free_pow[x] for x in NEIGHBOURS[a]
                               if not en_cnt[x] and C.kind[x] == "land"), reverse=True)
                mine += reinforce * sum(near[:ap_left])
            if defender_is_me:
                mine *= 1.25
            elif attacker[a] == side:
                theirs *= 1.25
            if traitor_here[a] and treachery:
                swing = treachery * best_turn[a]
                mine, theirs = mine + swing, max(0.0, theirs - swing)
            p = quick_odds(mine, theirs)
            # What each side risks: its blocks and, above all, its heirs (9.0).
            my_stake = (own_pow[a] / 2 + 2 + w_heir_stake * own_heirs[a] * n_heirs_factor
                        + w_risk * (u_stake * own_cu[a] + my_sole * own_heirs[a]))
            their_stake = (en_pow[a] / 2 + 2 + w_heir_stake * en_heirs[a] * en_heirs_factor
                           + u_stake * en_cu[a] + en_sole * en_heirs[a])
            score += w_battle * (p * their_stake - (1 - p) * my_stake)
            # Counts and last heirs that these battles may cost each side (for "final").
            exp_en_loss += p * en_cu[a] * 0.5
            exp_own_loss += (1 - p) * own_cu[a] * 0.5
            if en_sole and en_heirs[a]:
                no_kill *= 1 - 0.7 * p
            if my_sole and own_heirs[a]:
                no_loss *= 1 - 0.7 * (1 - p)
        elif w_pressure and en_cnt[a]:
            # Pressure: own strength next to a weaker enemy stack pulls blocks forward.
            near = sum(own_pow[x] for x in NEIGHBOURS[a])
            if near > en_pow[a]:
                score += w_pressure * min(near - en_pow[a], 12.0) * (1 + en_heirs[a])
        if n_own > SUPPLY_LIMIT[a]:
            score -= w_supply * (n_own - SUPPLY_LIMIT[a])
    # Hunt: own power next to the enemy's last heir (9.0), more than his stack there.
    if en_sole and W["hunt"]:
        for b in g.heirs_alive(e):
            a = loc[b]
            if a < NA and C.kind[a] == "land" and not own_cnt[a]:
                near = sum(own_pow[x] for x in LAND_NEIGHBOURS[a])
                if near > en_pow[a]:
                    score += W["hunt"] * quick_odds(near, en_pow[a] * 1.25)
    # Guard: the own last heir out of battle, within reach of enemy power larger than his
    # stack (the enemy's hunt, seen from the other side): what such an attack would win.
    # His steps count a little too, so that hits tied between him and another block (6.4)
    # go to the other one.
    if my_sole and W["guard"]:
        for b in g.heirs_alive(side):
            a = loc[b]
            score += GUARD_STEP * W["guard"] * strength[b]
            if a < NA and C.kind[a] == "land" and not en_cnt[a]:
                near = (sum(en_pow[x] for x in LAND_NEIGHBOURS[a])
                        + 0.5 * sum(en_pow[x] for x in SECOND_RING[a]))
                if near > own_pow[a]:
                    score -= W["guard"] * quick_odds(near, own_pow[a] * 1.25)
    if W["final"]:
        score += W["final"] * win_chance(g, side, counts, exp_own_loss, exp_en_loss,
                                         1 - no_kill, 1 - no_loss)
    # Threats to heirs: enemy power next door beyond the friendly power in the heir's area.
    # While the side has several heirs (``guard`` watches only a last one) the term is
    # scaled by ``threat_many``.
    w_threat = W["threat"] * (W["threat_many"] if own_alive > 1 else 1.0)
    for b, a in heirs_on_map:
        if C.kind[a] == "exile":
            score += W["exile_heir"]
            continue
        threat = en_pow[a] + sum(en_pow[x] for x in NEIGHBOURS[a])
        cover = own_pow[a]
        if threat > cover:
            w = 3.0 if g.crowned[side] == b else 1.0
            score -= w_threat * w * (threat - cover) / 4.0
    return score
