"""Hopeless attacks (issue 57, the position suite's class ``lone-blocks``): the search levels do
not send a block into an enemy-held area where its attack cannot win.

A battle is won by the attacker only if every defender is gone within three battle rounds (the
attacker retreats in the fourth, 6.2); all the hits of one block go to the strongest enemy
block (6.4), so a lone attacker takes every hit the defenders roll; and the side that moves
second this turn (Player 2) may still bring blocks into the battle as Reserves (6.3). An attack
is **hopeless** when the power (strength x firepower, the engine's ``combat.firepower`` with
the defender's bonus, 2.2-2.6) of every enemy block that is or may be in the battle this turn
is at least ``HOPELESS`` times that of every block that attacks or could still join the
attack: ``odds.attack_chance`` puts such an attack's chance at 5% or less.

- The attacking force: the side's blocks already attacking there (Reserves included), the
  block that moves, and the side's unmoved blocks that could still join this turn: those in an
  activated area within two areas of the battle, those in any area within two if an area may
  still be activated (AP left and a card that allows it), and, with Piracy AP left after this
  move, the best of those that could sail there (an upper bound: the rule stays narrow).
- The enemy: the blocks defending there, and, when the enemy moves after the side this turn
  (the side is Player 1 in its action phase), its unmoved blocks next to the battle that could
  reinforce it (5.2, 6.3): per border no more than its limit (5.21), by at most two borders, one
  area per AP of the enemy's card (none with Piracy, Plague or Muster, one group with Force
  March, Surprise or Treason), not the blocks pinned where they stand (5.22).
- Never dropped: a move that reinforces a battle the enemy started (6.3: the side defends
  there); an attack when the side holds a Treason roll this turn (6.9: a stack may change
  sides); a pin that costs nothing that counts (5.22, 8.2): the side moves first, no
  enemy block can come to the battle, and its attackers, none an heir, a noble or the church,
  are as many as the defenders, who then may not move; and any action when nothing else is
  legal.

Nor does the side abandon an attack it began (``overextends``): the support an attack was
judged with must still be able to come. While the side attacks (its blocks in an area it
attacked this turn, the enemy still there), an action is dropped when, before it, the side's
unmoved blocks, each joining one attack at most, could lift every attack out of hopelessness,
and after it they cannot: a move elsewhere of a block an attack needs, a second attack that
takes the support the first counts on, or the end of the action phase (then no block joins).
Each attack alone could count every block near it; the same block cannot fight two battles.

Honest by construction: the search applies it to its determinized samples only (the decision's
first sample, the play-outs' own), which agree with what the side may know.
"""

from __future__ import annotations

from ..combat import firepower
from ..ids import ACTION, NA, NB, C
from ..movement import pin_state
from ..politics import COUNTED_TYPES

#: An attack is hopeless when the enemy's power is at least this many times the attacking
#: force's: ``odds.attack_chance(1, HOPELESS)`` is 0.05.
HOPELESS = 1.5

#: The kinds of action that may start or join an attack (5.2, 5.3 with Piracy).
ATTACK_KINDS = frozenset(("move", "sea"))

#: Enemy events whose AP move no group by land into a battle (5.1, rulings.md).
NO_REINFORCEMENT_EVENTS = frozenset(("piracy", "plague", "muster"))
GROUP_EVENTS = frozenset(("force_march", "surprise", "treason"))

#: Areas within two of each area (itself excluded): where a block may come from by land.
NEAR = tuple(frozenset(n for n, _k in C.neighbours[a])
             | frozenset(m for n, _k in C.neighbours[a] for m, _k2 in C.neighbours[n] if m != a)
             for a in range(NA))


def power(g, b: int, area: int, defending: bool) -> int:
    """Block ``b``'s power in a battle in ``area``: its strength times its firepower there,
    defending or attacking (6.4)."""
    return g.strength[b] * firepower(g, b, area, defending)


def attack_forces(g, s: int, action) -> tuple[int, int]:
    """For ``action``, a move or sea move of side ``s`` into an enemy-held area: the power of
    the attacking force that may fight there this turn and that of the enemy's blocks that are
    or may be there (see the module docstring)."""
    att, defence, reinforcement = _forces(g, s, action)
    return att, defence + reinforcement


def _forces(g, s: int, action) -> tuple[int, int, int]:
    """``attack_forces``' attacking force, the enemy's power there now and its reinforcements."""
    ap_left = g.ap - (1 if action[0] == "sea" else 0)
    return _forces_at(g, s, action[-1], action[1], True, ap_left)


def _may_activate(g) -> bool:
    """Whether the side acting may still activate an area (AP left, a card that allows it)."""
    return g.ap > 0 and (g.event == "" or (g.event in GROUP_EVENTS and not g.activated))


def _forces_at(g, s: int, dest: int, mover: int, potential: bool,
               ap_left: int) -> tuple[int, int, int]:
    """In area ``dest``: the power of side ``s``'s blocks there, of ``mover`` on its way in
    (-1: none) and, with ``potential``, of its unmoved blocks that could still join (the
    module docstring); the enemy's power there; the enemy's reinforcements."""
    loc, moved, owner = g.loc, g.moved, g.owner
    near = NEAR[dest]
    may_activate = _may_activate(g)
    att = power(g, mover, dest, False) if mover >= 0 else 0
    sailors = []
    piracy_left = potential and g.event == "piracy" and ap_left > 0
    defence = 0
    by_area = {}                 # area next to dest -> powers of the enemy's unmoved blocks
    for x in range(NB):
        a = loc[x]
        if a >= NA or x == mover:
            continue
        if owner(x) == s:
            if a == dest:
                att += power(g, x, dest, False)
            elif potential and not moved[x]:
                if a in near and (a in g.activated or may_activate):
                    att += power(g, x, dest, False)
                elif piracy_left and C.sea_linked(a, dest):
                    sailors.append(power(g, x, dest, False))
        else:
            if a == dest:
                defence += power(g, x, dest, True)
            elif not moved[x]:
                by_area.setdefault(a, []).append(power(g, x, dest, True))
    if sailors:
        att += sum(sorted(sailors, reverse=True)[:ap_left])
    return att, defence, _reinforcements(g, s, dest, by_area)


def _reinforcements(g, s: int, dest: int, by_area: dict) -> int:
    """The most power the enemy of ``s`` could bring into ``dest`` this turn from the areas next
    to it (``by_area``: area -> powers of its unmoved blocks), 0 if it has moved already."""
    e = 1 - s
    if g.p1 != s or g.acting != s or g.played[e] < 0:
        return 0
    event = C.card_event[g.played[e]] or ""
    if event in NO_REINFORCEMENT_EVENTS:
        return 0
    areas = 1 if event in GROUP_EVENTS else C.card_ap[g.played[e]]
    bonus = 1 if event == "surprise" else 0
    offers = []
    for n, k in C.neighbours[dest]:
        powers = by_area.get(n)
        if not powers:
            continue
        if not pin_state(g, e, n)[0]:
            continue
        offers.append(sum(sorted(powers, reverse=True)[:C.border_limit[k] + bonus]))
    return sum(sorted(offers, reverse=True)[:min(2, areas)])


def hopeless(g, s: int, action) -> bool:
    """Whether ``action`` of side ``s`` is a hopeless attack (the module docstring)."""
    if action[0] not in ATTACK_KINDS or g.treason == s or g.event == "treason":
        return False
    dest = action[-1]
    if not 0 <= dest < NA or g.attacker[dest] == 1 - s:
        return False            # no battle there, or one the enemy started: a reinforcement
    if not any(g.loc[x] == dest and g.owner(x) != s for x in range(NB)):
        return False
    att, defence, reinforcement = _forces(g, s, action)
    if defence + reinforcement < HOPELESS * att:
        return False
    return not (reinforcement == 0 and _pins_all(g, s, action))


def _pins_all(g, s: int, action) -> bool:
    """5.22: whether ``action`` is a pin that costs nothing that counts (8.2): side ``s`` moves
    first this turn, its attackers there (the moving block among them, none an heir, a noble or
    the church) are at least as many as the defenders, so none of them may move."""
    if g.p1 != s or g.acting != s:
        return False
    b, dest = action[1], action[-1]
    attackers = [x for x in range(NB) if g.loc[x] == dest and g.owner(x) == s] + [b]
    defenders = sum(1 for x in range(NB) if g.loc[x] == dest and g.owner(x) != s)
    return (len(attackers) >= defenders
            and not any(C.btype[x] in COUNTED_TYPES for x in attackers))


def own_attacks(g, s: int) -> list[int]:
    """The areas where side ``s`` attacks this turn and the enemy still stands (6.2)."""
    if s not in g.attacker:
        return []
    out = []
    for a in range(NA):
        if g.attacker[a] == s:
            here = {g.owner(x) for x in range(NB) if g.loc[x] == a}
            if len(here) == 2:
                out.append(a)
    return out


def battle_powers(g, s: int, dest: int) -> tuple[int, int]:
    """Side ``s``'s power in area ``dest`` and the enemy's there with the reinforcements it may
    still bring this turn (``_reinforcements``): (own, enemy), strength x firepower."""
    own, defence, reinforcement = _forces_at(g, s, dest, -1, False, g.ap)
    return own, defence + reinforcement


def _support(g, s: int, areas: list[int]) -> dict[int, dict[int, int]]:
    """Side ``s``'s unmoved blocks that could still join the attacks in ``areas`` this turn
    (within two areas, in an activated area or while one may be activated): block -> {area:
    its power there}."""
    may_activate = _may_activate(g)
    out = {}
    for x in range(NB):
        a = g.loc[x]
        if a >= NA or g.owner(x) != s or g.moved[x] or a in areas:
            continue
        if a in g.activated or may_activate:
            reach = {area: power(g, x, area, False) for area in areas if a in NEAR[area]}
            if reach:
                out[x] = reach
    return out


def _covered(deficit: dict[int, float], support: list) -> bool:
    """Whether ``support`` ([{area: power}], each block joining one attack at most) can bring
    every attack's ``deficit`` (the enemy's power less ``HOPELESS`` times the side's) below 0."""
    if all(d < 0 for d in deficit.values()):
        return True
    if not support:
        return False
    reach, rest = support[0], support[1:]
    for area, power in reach.items():
        if deficit[area] >= 0:
            deficit[area] -= HOPELESS * power
            ok = _covered(deficit, rest)
            deficit[area] += HOPELESS * power
            if ok:
                return True
    return _covered(deficit, rest)


def attack_state(g, s: int):
    """What ``overextends`` compares each action with, computed once for a decision: side
    ``s``'s attacks (``own_attacks``) with their powers (``battle_powers``) and their support
    (``_support``), or None where there is nothing an action could give away (no attack, or
    the support cannot save them all already)."""
    areas = own_attacks(g, s) if g.phase == ACTION else []
    if not areas:
        return None
    stand = {a: battle_powers(g, s, a) for a in areas}
    support = _support(g, s, areas)
    if not _covered({a: e - HOPELESS * o for a, (o, e) in stand.items()}, list(support.values())):
        return None
    return areas, stand, support


def overextends(g, s: int, action, state) -> bool:
    """Whether ``action`` of side ``s`` leaves one of its attacks hopeless when its unmoved
    blocks, each joining one attack at most, could have saved them all (``state``:
    ``attack_state``, not None): a move elsewhere of a block an attack needs, a new attack that
    takes a support two attacks count on, or the end of the action phase, after which no block
    joins. Each attack was judged with the support it could count on when it began
    (``hopeless``); the same blocks cannot join two battles, and a support that goes
    elsewhere feeds the first block to the enemy all the same."""
    kind = action[0]
    if kind not in ATTACK_KINDS and kind != "end" or g.treason == s or g.event == "treason":
        return False
    areas, stand, support = state
    if kind == "end":
        support = {}
    else:
        b, dest = action[1], action[-1]
        if g.loc[b] in areas:
            return False                 # a block in a battle: not a support
        new_attack = dest not in stand and 0 <= dest < NA and g.presence()[1 - s][dest]
        if b not in support and not new_attack:
            return False                 # nothing an attack counts on changes
        support = {x: r for x, r in support.items() if x != b}
        stand = dict(stand)
        if dest in stand:
            o, e = stand[dest]
            stand[dest] = (o + power(g, b, dest, False), e)
        elif new_attack:
            if g.attacker[dest] == 1 - s:
                return False             # a reinforcement of a battle the enemy started (6.3)
            o, e = battle_powers(g, s, dest)
            stand[dest] = (o + power(g, b, dest, False), e)
            support = _support(g, s, areas + [dest])
            support.pop(b, None)
    deficit = {a: e - HOPELESS * o for a, (o, e) in stand.items()}
    return not _covered(deficit, list(support.values()))


def no_hopeless_attack(g, s: int, legal: list) -> list:
    """The actions of ``legal`` that neither are hopeless attacks (``hopeless``) nor leave one
    of the side's attacks hopeless (``overextends``); may be empty."""
    enemy = None
    state = attack_state(g, s)
    out = []
    for a in legal:
        if a[0] in ATTACK_KINDS:
            if enemy is None:
                enemy = g.presence()[1 - s]
            dest = a[-1]
            if 0 <= dest < NA and enemy[dest] and hopeless(g, s, a):
                continue
        if state and overextends(g, s, a, state):
            continue
        out.append(a)
    return out


def hopeless_attacks(g, s: int, legal: list) -> list:
    """The legal actions less the hopeless attacks (``hopeless``), while another legal action
    exists: a strong player never feeds a lone block to an enemy stack. The value reads a
    battle's outcome only once it is fought, and a search's few samples of a battle that the
    enemy's reinforcements decide seldom show it, so the search sent lone blocks (an heir
    among them) against areas the enemy, moving second, then held with three blocks or more."""
    if len(legal) < 2:
        return legal
    return no_hopeless_attack(g, s, legal) or legal
