"""Battle phase (6.0-6.9): battle sequence, rounds and turns, reserves, hits, charges,
retreats, regroups and treachery.

Decisions, one small step each (the notation is in ``actions``):

- ``battle A`` (6.1): Player 1 picks the next battle (applied by the engine when only one is
  left);
- ``treason B`` / ``no treason``: the side that played Treason this turn may make its one roll
  before a battle begins (5.1 event);
- the block whose battle turn it is (6.2): ``fire``, ``pass``, ``retreat A`` (6.6; not in round
  1; the only choice of an attacker in round 4), ``charge B`` (6.5, the senior heir present),
  ``treachery B`` (6.9, the KING, the PRETENDER or Warwick, once per battle each);
- ``hit B`` (6.4): the owner picks which of his tied strongest blocks takes the hits;
- ``regroup B: A > X`` and ``end`` (6.7): the victor's regroup.

A forced step (an attacker's round-4 retreat with one way out, or none, which eliminates it) is
applied by the engine.

``g.battle`` is the record of the battle being fought, a flat list of ints ([] between
battles), laid out as the constants below say:

=============  ==========================================================================
index          meaning
=============  ==========================================================================
AREA           the battle area
ATTACKER       the attacking side (the Defender becomes the Attacker when every defending
               block is gone in round 1 and its Reserves deploy, 6.3 and rulings.md)
ROUND          0 before round 1 (the Treason roll), then 1-4
ACTOR          the block whose battle turn it is, or -1
ROLLED         treachery rolls used (6.9): bit 0/1 the crowned block of Lancaster/York, bit 2
               Warwick
STAGE          TREASON, FIGHT or REGROUP
VICTOR         the side that won (REGROUP stage), else -1
ENTRY + 2s,    the borders side s used to enter the battle (6.6), as a bit mask split in two
ENTRY + 2s + 1 ints of 31 bits (borders 0-30, 31-61) so that a save's numbers stay exact in
               any JSON reader
LAST_*, DICE   the last roll, for the public record: block, kind (ROLL_KINDS), target,
               firepower or loyalty, hits (or 1 for a defection), number of dice, 4 dice
FLAGS + b      per block: F_ACTED this round, F_WAS_RESERVE (entered as Reserve: the
               bombard is D3 throughout, 6.2), F_DEFECTED (cannot be rolled back, 6.9),
               F_REGROUPED
COUNTS + i     blocks of side s that crossed border k (i = s * NBORDER + k) this round's
               retreats, or in this battle's regroup (5.21, 6.6, 6.7)
=============  ==========================================================================

``g.pending`` holds at most one ``[HIT, owner, hits_left, firer]`` while the owner of tied
blocks chooses which takes the hits.
"""

from __future__ import annotations

from . import combat
from .actions import Action
from .combat import engaged, firepower, senior_heir_present
from .components import INITIATIVES
from .eliminations import eliminate
from .events import IN_BATTLE, NO_RETREAT
from .ids import BATTLE, NA, NB, NBORDER, OVER, PRISON, PUBLIC, SIDE_NAMES, C
from .rescue import check_rescue
from .retreat import by_sea, regroup_destinations, retreat_destinations

AREA, ATTACKER, ROUND, ACTOR, ROLLED, STAGE, VICTOR, ENTRY = 0, 1, 2, 3, 4, 5, 6, 7
LAST_BLOCK, LAST_KIND, LAST_TARGET, LAST_FP, LAST_HITS, LAST_N, DICE = 11, 12, 13, 14, 15, 16, 17
MASK_BITS = 31
FLAGS = DICE + 4
COUNTS = FLAGS + NB
RECORD_SIZE = COUNTS + 2 * NBORDER

TREASON, FIGHT, REGROUP = 0, 1, 2
#: Why a battle is won: indices into ``events.BATTLE_WON``.
ALL_GONE, ATTACKER_GONE, ATTACKER_RETREATED = 0, 1, 2
STAGE_NAMES = ("treason", "fight", "regroup")
F_ACTED, F_WAS_RESERVE, F_DEFECTED, F_REGROUPED = 1, 2, 4, 8
ROLL_KINDS = ("fire", "charge", "bonus fire", "treachery", "treason")
FIRE_ROLL, CHARGE_ROLL, BONUS_ROLL, TREACHERY_ROLL, TREASON_ROLL = range(5)
WARWICK_BIT = 4
HIT = 1                      # g.pending code: [HIT, owner, hits_left, firer]
LAST_ROUND = 4
#: The range of each item of the record (``savecheck`` checks a saved battle against it).
RECORD_RANGES = (
    [(0, NA - 1), (0, 1), (0, LAST_ROUND), (-1, NB - 1), (0, 7), (0, 2), (-1, 1)]  # AREA..VICTOR
    + [(0, (1 << MASK_BITS) - 1)] * 4                                        # ENTRY masks
    + [(-1, NB - 1), (0, len(ROLL_KINDS) - 1), (-1, NB - 1), (0, 6), (0, 2 * max(C.max_str)),
       (0, 4)]                                                               # LAST_*
    + [(0, 6)] * 4                                                           # DICE
    + [(0, 15)] * NB                                                         # FLAGS
    + [(0, C.border_limit[i % NBORDER]) for i in range(2 * NBORDER)])        # COUNTS

FIRE, PASS, END, NO_TREASON = Action("fire"), Action("pass"), Action("end"), Action("no_treason")


# ------------------------------------------------------------------------------ the phase
def begin_battle_phase(g) -> None:
    """Open the battle phase (6.1) after both action phases: fight every contested area.

    Records which side played Treason this turn (``g.treason``: it may make one extra roll
    in one battle, 5.1), then leaves the game at Player 1's choice of battle, or goes on to the
    supply phase when no area is contested.
    """
    g.phase = BATTLE
    g.step = 0
    g.battle = []
    g.pending = []
    g.treason = -1
    for s in (0, 1):
        c = g.played[s]
        if c >= 0 and C.card_event[c] == "treason":
            g.treason = s
    _advance(g)


def turn_block(g) -> int:
    """The block whose battle turn it is (6.2), or -1 (no battle being fought, or between
    turns)."""
    return g.battle[ACTOR] if g.battle else -1


def block_flags(g, b: int) -> int:
    """Block b's flags in the battle being fought (``F_ACTED``, ``F_WAS_RESERVE``,
    ``F_DEFECTED``, ``F_REGROUPED``), or 0 when no battle is being fought."""
    return g.battle[FLAGS + b] if g.battle else 0


def set_block_flags(g, b: int, flags: int) -> None:
    """Set block b's flags in the battle being fought (an AI's copy that re-deals hidden
    identities moves them with the blocks); nothing outside a battle."""
    if g.battle:
        g.battle[FLAGS + b] = flags


def contested_areas(g) -> list[int]:
    """Areas holding blocks of both sides: the battles still to fight (2.1, 6.1)."""
    lanc, york = g.presence()
    return [a for a in range(NA) if lanc[a] and york[a]]


class BattlePhase:
    """The handler of the BATTLE phase (see the module docstring)."""

    @staticmethod
    def active(g) -> list[int]:
        """The side that must decide now: [0] or [1] (never both in this phase)."""
        if g.pending:
            return [g.pending[0][1]]
        rec = g.battle
        if not rec:
            return [g.p1]
        stage = rec[STAGE]
        if stage == TREASON:
            return [g.treason]
        if stage == FIGHT:
            return [g.owner(rec[ACTOR])]
        return [rec[VICTOR]]

    @staticmethod
    def legal(g, s: int) -> list[Action]:
        """Every legal action of side ``s``, the deciding side (see the module docstring)."""
        if g.pending:
            return [Action("hit", b) for b in _tied(g, g.pending[0][1])]
        rec = g.battle
        if not rec:
            return [Action("battle", a) for a in contested_areas(g)]
        stage = rec[STAGE]
        if stage == TREASON:
            return [Action("treason", t) for t in _treason_targets(g)] + [NO_TREASON]
        if stage == FIGHT:
            return _turn_options(g, rec[ACTOR])
        return _regroup_moves(g) + [END]

    @staticmethod
    def apply(g, s: int, action: Action) -> None:
        """Apply a legal action of side ``s`` (checked by ``Game.apply``), then run the phase
        on to the next decision."""
        kind = action[0]
        if kind == "battle":
            _start(g, action[1])
        elif kind == "hit":
            _resolve_hit_choice(g, action[1])
        elif kind in ("treason", "no_treason"):
            _apply_treason(g, s, action)
        elif kind == "regroup":
            _apply_regroup(g, s, action[1], action[3])
        elif kind == "end":
            _finish(g)
        else:
            _apply_turn(g, s, action)
        _advance(g)

    @staticmethod
    def public(g) -> dict | None:
        """The public record of the battle phase (JSON-able), or None outside it.

        Keys: battles (contested areas still to fight), and while a battle is fought: area,
        attacker, defender, round, stage, turn (the block whose battle turn it is), victor,
        blocks (every revealed block in the battle: block, side, strength, rating as letter and
        firepower now, reserve), hidden_reserves (per side, Reserves not yet revealed),
        deciding (the side that must decide) and last_roll (block, kind, target, firepower or
        loyalty, dice, hits).
        """
        if g.phase != BATTLE:
            return None
        out = {"battles": [C.area_names[a] for a in contested_areas(g)]}
        rec = g.battle
        if not rec:
            return out
        area, att = rec[AREA], rec[ATTACKER]
        blocks, hidden = [], {SIDE_NAMES[0]: 0, SIDE_NAMES[1]: 0}
        for b in range(NB):
            if g.loc[b] != area:
                continue
            s = g.owner(b)
            if not g.shown[b]:
                hidden[SIDE_NAMES[s]] += 1
                continue
            ini = combat.initiative(b, max(rec[ROUND], 1), rec[FLAGS + b] & F_WAS_RESERVE)
            fp = firepower(g, b, area, s != att)
            blocks.append({"block": C.block_names[b], "side": SIDE_NAMES[s],
                           "strength": g.strength[b], "rating": f"{INITIATIVES[ini]}{fp}",
                           "initiative": INITIATIVES[ini], "firepower": fp,
                           "reserve": bool(g.reserve[b])})
        actor = rec[ACTOR]
        out.update({
            "area": C.area_names[area], "attacker": SIDE_NAMES[att],
            "defender": SIDE_NAMES[1 - att], "round": rec[ROUND],
            "stage": STAGE_NAMES[rec[STAGE]],
            "turn": C.block_names[actor] if actor >= 0 and rec[STAGE] == FIGHT else None,
            "victor": SIDE_NAMES[rec[VICTOR]] if rec[VICTOR] >= 0 else None,
            "blocks": blocks, "hidden_reserves": hidden,
            "deciding": [SIDE_NAMES[x] for x in BattlePhase.active(g)],
            "last_roll": _last_roll(rec),
        })
        return out


def _last_roll(rec) -> dict | None:
    if rec[LAST_N] == 0:
        return None
    b, t = rec[LAST_BLOCK], rec[LAST_TARGET]
    return {"block": C.block_names[b] if b >= 0 else None, "kind": ROLL_KINDS[rec[LAST_KIND]],
            "target": C.block_names[t] if t >= 0 else None, "firepower": rec[LAST_FP],
            "dice": rec[DICE:DICE + rec[LAST_N]], "hits": rec[LAST_HITS]}


# ------------------------------------------------------------------------------ sequence
def _advance(g) -> None:
    """Run the battle phase on until a side must decide (or the phase or game ends)."""
    while g.phase == BATTLE and not g.pending:
        rec = g.battle
        if not rec:
            areas = contested_areas(g)
            if not areas:
                _end_phase(g)
                return
            if len(areas) > 1:
                return                       # 6.1: Player 1 picks the next battle
            _start(g, areas[0])
            continue
        stage = rec[STAGE]
        if stage == TREASON:
            if _treason_targets(g):
                return
            _begin_round(g, 1)
        elif stage == FIGHT:
            if _next_turn(g):
                return
        elif _regroup_moves(g):
            return
        else:
            _finish(g)


def _end_phase(g) -> None:
    """Every battle is fought: the phase is over (the turn sequence opens the supply phase)."""
    g.treason = -1
    g.end_phase()


def _start(g, area: int) -> None:
    """Begin the battle in ``area``: reveal the blocks not in Reserve (6.1, 6.3)."""
    rec = [0] * RECORD_SIZE
    rec[AREA] = area
    rec[ACTOR] = rec[VICTOR] = rec[LAST_BLOCK] = rec[LAST_TARGET] = -1
    rec[ATTACKER] = _attacker(g, area)
    rec[STAGE] = TREASON
    g.battle = rec
    g.stats[2] += 1
    att = rec[ATTACKER]
    steps = ([], [])
    waiting = [[], []]
    for b in range(NB):
        if g.loc[b] != area:
            continue
        s = g.owner(b)
        k = g.entry[b]
        if k >= 0 and (s == att or g.reserve[b]):
            # A border by which a block entered the battle: the attacker's, or Player 2's
            # reinforcements; not one a defender crossed before the area was attacked.
            rec[ENTRY + 2 * s + k // MASK_BITS] |= 1 << (k % MASK_BITS)
        if g.reserve[b]:
            rec[FLAGS + b] |= F_WAS_RESERVE
            waiting[s].append(b)
        else:
            g.shown[b] = 1
            steps[s].append((b, g.strength[b]))
    g.say(PUBLIC, "battle", area, att, tuple(steps[att]), tuple(steps[1 - att]))
    for s in (0, 1):
        if waiting[s]:
            g.say(PUBLIC, "reserves", s, len(waiting[s]))
            g.say(s, "reserves_named", s, area, tuple(waiting[s]))
    _check_sides(g)


def _attacker(g, area: int) -> int:
    """The side that attacked ``area`` this turn (set by the action phase, 5.22/6.3)."""
    if g.attacker[area] >= 0:
        return g.attacker[area]
    movers = {g.owner(b) for b in range(NB) if g.loc[b] == area and g.moved[b]}
    return movers.pop() if len(movers) == 1 else g.p1


def _begin_round(g, r: int) -> None:
    """Start battle round r: clear the turns taken, Reserves arrive from round 2 (6.2, 6.3)."""
    rec = g.battle
    rec[ROUND] = r
    rec[STAGE] = FIGHT
    rec[ACTOR] = -1
    area = rec[AREA]
    for b in range(NB):
        rec[FLAGS + b] &= ~F_ACTED
    for i in range(COUNTS, RECORD_SIZE):
        rec[i] = 0
    g.say(PUBLIC, "round", r, area)
    if r >= 2:
        arrived = ([], [])
        for b in range(NB):
            if g.loc[b] == area and g.reserve[b]:
                g.reserve[b] = 0
                g.shown[b] = 1
                arrived[g.owner(b)].append((b, g.strength[b]))
        for s in (0, 1):
            if arrived[s]:
                g.say(PUBLIC, "reserves_arrive", s, tuple(arrived[s]))


def _next_turn(g) -> bool:
    """Find the next battle turn; return True if its block's owner must decide.

    Ends the round (and the battle after round 4, the Defender winning) when every engaged
    block has had its turn. An attacker's round-4 turn with one retreat or none is applied here.
    """
    rec = g.battle
    b = _next_actor(g)
    if b < 0:
        rec[ACTOR] = -1
        if rec[ROUND] >= LAST_ROUND:
            _won(g, 1 - rec[ATTACKER], ATTACKER_RETREATED)
        else:
            _begin_round(g, rec[ROUND] + 1)
        return False
    rec[ACTOR] = b
    options = _turn_options(g, b)
    if len(options) > 1:
        return True
    rec[FLAGS + b] |= F_ACTED
    if options:
        _retreat(g, b, options[0][1])
    else:
        eliminate(g, b, NO_RETREAT)
        if g.phase != OVER:
            _check_sides(g)
    return False


def _next_actor(g) -> int:
    """The engaged block due to act: initiative A-D, defenders before attackers within a
    letter (6.2), then the order of the block table (docs/rulings.md)."""
    rec = g.battle
    area, att, r = rec[AREA], rec[ATTACKER], rec[ROUND]
    best, best_key = -1, None
    loc, reserve = g.loc, g.reserve
    for b in range(NB):
        if loc[b] != area or reserve[b]:
            continue
        f = rec[FLAGS + b]
        if f & F_ACTED:
            continue
        key = (combat.initiative(b, r, f & F_WAS_RESERVE), g.owner(b) == att)
        if best_key is None or key < best_key:
            best, best_key = b, key
    return best


def _turn_options(g, b: int) -> list[Action]:
    """What block b may do in its battle turn (6.2, 6.5, 6.6, 6.9)."""
    rec = g.battle
    area, r = rec[AREA], rec[ROUND]
    s = g.owner(b)
    retreats = []
    if r >= 2:
        retreats = [Action("retreat", d) for d in _retreat_areas(g, b, s)]
    if s == rec[ATTACKER] and r == LAST_ROUND:
        return retreats                       # 6.2: attackers must retreat in round 4
    out = [FIRE, PASS] + retreats
    enemies = engaged(g, area, 1 - s)
    if senior_heir_present(g, area, s) == b:
        out += [Action("charge", t) for t in enemies]
    if may_roll(g, b, s):
        by_warwick = b in combat.WARWICKS
        immune = defected(rec)
        out += [Action("treachery", t) for t in enemies
                if combat.may_defect(g, t, by_warwick, immune)]
    return out


def _retreat_areas(g, b: int, s: int) -> list[int]:
    rec = g.battle
    barred = _entry_mask(rec, 1 - s)
    shared = barred & _entry_mask(rec, s) if s != g.p1 else 0
    return retreat_destinations(g, b, s, rec[AREA], rec[COUNTS:], barred, shared)


def _entry_mask(rec, s: int) -> int:
    """Bit k set if side s used border k to enter the battle."""
    return rec[ENTRY + 2 * s] | rec[ENTRY + 2 * s + 1] << MASK_BITS


def may_roll(g, b: int, s: int) -> bool:
    """6.9: the KING, the PRETENDER and Warwick may each roll once per battle: whether block
    ``b`` of side ``s`` still may in the battle being fought (``g.battle``)."""
    used = g.battle[ROLLED]
    if g.crowned[s] == b:
        return not used & (1 << s)
    if b in combat.WARWICKS:
        return not used & WARWICK_BIT
    return False


def defected(rec) -> set[int]:
    """The blocks that defected in the battle of record ``rec``: none may be rolled back
    (6.9)."""
    return {b for b in range(NB) if rec[FLAGS + b] & F_DEFECTED}


# ---------------------------------------------------------------------------- battle turns
def _apply_turn(g, s: int, action: Action) -> None:
    rec = g.battle
    b = rec[ACTOR]
    rec[FLAGS + b] |= F_ACTED
    kind = action[0]
    if kind == "fire":
        _fire(g, b, s)
    elif kind == "pass":
        g.say(PUBLIC, "pass", s, b)
    elif kind == "retreat":
        _retreat(g, b, action[1])
    elif kind == "charge":
        _charge(g, b, s, action[1])
    elif kind == "treachery":
        rec[ROLLED] |= (1 << s) if g.crowned[s] == b else WARWICK_BIT
        _treachery(g, b, s, action[1], TREACHERY_ROLL)
    if g.phase == BATTLE and g.battle and not g.pending:
        _check_sides(g)


def _roll(g, b: int, kind: int, target: int, fp: int, n: int) -> tuple[list[int], int]:
    """Roll n dice for block b (or the Treason card, b = -1) and record them publicly."""
    dice = g.roll(n)
    hits = sum(1 for d in dice if d <= fp)
    rec = g.battle
    rec[LAST_BLOCK], rec[LAST_KIND], rec[LAST_TARGET], rec[LAST_FP] = b, kind, target, fp
    rec[LAST_HITS], rec[LAST_N] = hits, n
    rec[DICE:DICE + 4] = (dice + [0, 0, 0, 0])[:4]
    return dice, hits


def _fire(g, b: int, s: int) -> None:
    """6.4: roll dice = strength; each die at or below firepower hits the strongest enemy."""
    rec = g.battle
    fp = firepower(g, b, rec[AREA], s != rec[ATTACKER])
    dice, hits = _roll(g, b, FIRE_ROLL, -1, fp, g.strength[b])
    ini = combat.initiative(b, rec[ROUND], rec[FLAGS + b] & F_WAS_RESERVE)
    g.say(PUBLIC, "fire", s, b, ini, fp, tuple(dice), hits)
    _allocate(g, 1 - s, hits, b)


def _tied(g, side: int) -> list[int]:
    """The engaged blocks of ``side`` with the highest current strength (6.4)."""
    blocks = engaged(g, g.battle[AREA], side)
    if not blocks:
        return []
    top = max(g.strength[b] for b in blocks)
    return [b for b in blocks if g.strength[b] == top]


def _allocate(g, side: int, hits: int, firer: int) -> None:
    """Apply ``hits`` to side's strongest engaged block, surplus to the next (6.4).

    On a tie the owner chooses (a pending ``hit`` decision) unless the hits eliminate all tied
    blocks anyway. Hits left when no engaged block remains are lost (docs/rulings.md).
    """
    while hits > 0 and g.phase == BATTLE:
        tied = _tied(g, side)
        if not tied:
            break
        if len(tied) > 1 and hits < sum(g.strength[b] for b in tied):
            g.pending.append([HIT, side, hits, firer])
            return
        for t in tied:
            hits = _hit(g, t, hits)
            if hits <= 0 or g.phase != BATTLE:
                break


def _hit(g, t: int, hits: int) -> int:
    """Apply up to ``hits`` to block t; return the surplus (6.4, eliminations 6.8)."""
    n = min(hits, g.strength[t])
    g.strength[t] -= n
    if g.strength[t] <= 0:
        eliminate(g, t, IN_BATTLE)
    else:
        g.say(PUBLIC, "hits", g.owner(t), t, n, g.strength[t])
    return hits - n


def _resolve_hit_choice(g, t: int) -> None:
    _, side, hits, firer = g.pending.pop(0)
    g.say(PUBLIC, "hit_choice", side, t)
    hits = _hit(g, t, hits)
    _allocate(g, side, hits, firer)
    if g.phase == BATTLE and not g.pending:
        _check_sides(g)


def _charge(g, b: int, s: int, t: int) -> None:
    """6.5: the senior heir fires at a named block, surplus hits forfeit; a surviving target
    fires back at him at once (its normal firepower; it keeps its own battle turn)."""
    rec = g.battle
    area, att = rec[AREA], rec[ATTACKER]
    fp = firepower(g, b, area, s != att)
    dice, hits = _roll(g, b, CHARGE_ROLL, t, fp, g.strength[b])
    g.say(PUBLIC, "charge", s, b, g.owner(t), t, tuple(dice), hits)
    if hits:
        _hit(g, t, min(hits, g.strength[t]))
    if g.phase != BATTLE or g.loc[t] != area:
        return
    fp_t = firepower(g, t, area, s == att)
    dice, hits = _roll(g, t, BONUS_ROLL, b, fp_t, g.strength[t])
    g.say(PUBLIC, "fire_back", g.owner(t), t, b, tuple(dice), hits)
    if hits:
        _hit(g, b, min(hits, g.strength[b]))


def _treachery(g, b: int, s: int, t: int, kind: int) -> None:
    """6.9: roll dice equal to the target's loyalty; all even and it defects to the roller's
    Reserve at its current strength (b = -1 for the Treason card's roll)."""
    rec = g.battle
    by_warwick = b in combat.WARWICKS
    n = combat.loyalty(t, by_warwick)
    dice, _ = _roll(g, b, kind, t, n, n)
    success = all(d % 2 == 0 for d in dice)
    rec[LAST_HITS] = int(success)
    g.say(PUBLIC, "treachery", s, b, t, n, tuple(dice), int(success))
    if success:
        new = combat.defect(g, t)
        rec[FLAGS + t] = 0
        rec[FLAGS + new] = F_DEFECTED | F_ACTED
        g.check_heirs_victory()


def _retreat(g, b: int, d: int) -> None:
    """Move block b out of the battle to area d, counting the border for this round (6.6)."""
    rec = g.battle
    area = rec[AREA]
    s = g.owner(b)
    sea = by_sea(g, b, s, area)
    if not sea:
        rec[COUNTS + s * NBORDER + C.border_between[(area, d)]] += 1
    g.loc[b] = d
    g.shown[b] = 0
    g.reserve[b] = 0
    g.say(PUBLIC, "retreat", s, b, area, d, int(sea))
    _check_sides(g)


# ----------------------------------------------------------------------------- reserves
def _check_sides(g) -> None:
    """After anything that removes a block: end the battle when a side has no block left;
    deploy a side's Reserves at once when none of its blocks is engaged, swapping the roles
    when that side is the Defender before the end of round 1 (6.3, rulings.md). Only that
    side's Reserves deploy: 6.3 says "Reserve blocks for that side"; the other side's stay
    hidden and arrive at the start of round 2 (``_begin_round``)."""
    rec = g.battle
    if not rec or rec[STAGE] == REGROUP or g.phase != BATTLE:
        return
    area = rec[AREA]
    eng, wait = [0, 0], [0, 0]
    for b in range(NB):
        if g.loc[b] == area:
            if g.reserve[b]:
                wait[g.owner(b)] += 1
            else:
                eng[g.owner(b)] += 1
    for s in (0, 1):
        if not eng[s] and not wait[s]:
            _won(g, 1 - s, ALL_GONE if rec[ROUND] < LAST_ROUND else ATTACKER_GONE)
            return
    for s in (0, 1):
        if eng[s]:
            continue
        deployed = []
        for b in range(NB):
            # The enemy's Reserves are not this side's to deploy: revealing them now would
            # show the opponent blocks that 6.3 keeps hidden until round 2.
            if g.loc[b] == area and g.reserve[b] and g.owner(b) == s:
                g.reserve[b] = 0
                g.shown[b] = 1
                rec[FLAGS + b] |= F_ACTED     # cannot fire until the next round
                deployed.append((b, g.strength[b]))
        g.say(PUBLIC, "reserves_deploy", s, tuple(deployed))
        if s != rec[ATTACKER] and rec[ROUND] <= 1:
            rec[ATTACKER] = s
            g.say(PUBLIC, "roles_swap", s)


def _won(g, side: int, why: int) -> None:
    """The battle is over: ``side`` holds the area and may regroup (6.7); ``why``: an index
    into ``events.BATTLE_WON``.

    1470: a Lancastrian victory in Middlesex rescues Henry VI at once, before the regroup
    (docs/rulings.md); he cannot move in the turn he is rescued, so he does not regroup.
    """
    rec = g.battle
    rec[STAGE] = REGROUP
    rec[VICTOR] = side
    rec[ACTOR] = -1
    for i in range(COUNTS, RECORD_SIZE):
        rec[i] = 0
    # Henry VI, if rescued now, does not regroup: what may regroup is known before.
    g.say(PUBLIC, "battle_won", side, rec[AREA], why, int(bool(_regroup_moves(g))))
    h = g.prisoner
    if h >= 0 and g.loc[h] == PRISON:
        check_rescue(g)
        if g.loc[h] == rec[AREA]:
            rec[FLAGS + h] |= F_REGROUPED


# ------------------------------------------------------------------------------ treason
def _treason_targets(g) -> list[int]:
    """Blocks the Treason card may roll on before this battle begins (5.1, 6.9)."""
    s = g.treason
    rec = g.battle
    if s < 0 or not rec or rec[STAGE] != TREASON:
        return []
    return [t for t in engaged(g, rec[AREA], 1 - s) if combat.may_defect(g, t, False, ())]


def _apply_treason(g, s: int, action: Action) -> None:
    if action[0] == "no_treason":
        g.say(PUBLIC, "keep_treason", s)
    else:
        g.treason = -1
        _treachery(g, -1, s, action[1], TREASON_ROLL)
        if g.phase != BATTLE:
            return
        _check_sides(g)
    if g.battle[STAGE] == TREASON:
        _begin_round(g, 1)


# ------------------------------------------------------------------------------ regroup
def _regroup_moves(g) -> list[Action]:
    rec = g.battle
    area, side = rec[AREA], rec[VICTOR]
    counts = rec[COUNTS:]
    enemy = g.presence()[1 - side]      # counted once for every block (a hot path of the AI)
    out = []
    for b in range(NB):
        if g.loc[b] == area and g.owner(b) == side and not rec[FLAGS + b] & F_REGROUPED:
            out += [Action("regroup", b, area, d)
                    for d in regroup_destinations(g, b, side, area, counts, enemy)]
    return out


def _apply_regroup(g, s: int, b: int, d: int) -> None:
    rec = g.battle
    area = rec[AREA]
    if not by_sea(g, b, s, area):
        rec[COUNTS + s * NBORDER + C.border_between[(area, d)]] += 1
    rec[FLAGS + b] |= F_REGROUPED
    known = g.shown[b]
    g.loc[b] = d
    g.shown[b] = 0
    g.reserve[b] = 0
    g.say(PUBLIC, "regroup", s, b if known else -1, area, d)
    if not known:
        g.say(s, "regroup_identity", b)


def _finish(g) -> None:
    """Close the battle: stand all blocks upright again (6.1), check the 1470 rescue."""
    rec = g.battle
    area = rec[AREA]
    for b in range(NB):
        if g.loc[b] == area:
            g.reserve[b] = 0
        g.shown[b] = 0
    g.battle = []
    g.say(PUBLIC, "battle_over", area)
    check_rescue(g)
