"""The search agents, ``hard`` and ``expert``: determinized search over the AI's information set,
judged by the learned value (``value.py``).

Every decision is taken on samples of what the side cannot see (``determinize.py``: the enemy
hand and undrawn deck, unrevealed enemy blocks dealt only where the public history allows),
each with its own dice, so the agent is honest (it reads nothing hidden) and plays its odds.

- **Candidates.** Every legal action is scored one ply deep by the value after it: dice
  actions (fire, charge, treason) averaged over re-rolled dice, a treachery roll (6.9) valued
  exactly from its success and its failure, an activation (5.2) by the best greedy sequence of
  moves it opens. The best ``candidates`` go on.
- **Attack plans** (``plans.attack_plans``): in the action phase, the moves of one
  activation into one area the enemy holds or contests, played whole as one candidate; the
  ``plans`` best by one play-out on the first sample join the candidates (the first action
  of the best plan is played; at the next decision the rest of it is found again among the
  plans of the blocks still free to move). One block moved at a time looks no better than a
  recruit before the battle, so without plans the search never sent a stack together.
- **Paired samples.** Each iteration draws one determinization and one dice seed and plays
  every candidate out on that same sample (common random numbers: what the sample itself is
  worth cancels out of their comparison): the candidate, then up to ``horizon`` decisions of
  a greedy policy for whichever side is to decide (the one-ply value over ``width`` of the
  legal actions), stopping at the next card phase, then the value. A candidate's score is its
  mean over the samples with its one-ply value counted as ``prior`` more samples.
- **The last heir staked (9.0)**: the value's winning chance is multiplied by ``1 - stake x
  danger``, the danger being the chance that the enemy's strongest land attack in its next
  action phase reaches and beats the side's last heir, or that he falls in a battle pending
  where he stands (``danger.last_heir_danger``): the learned value weighs both linearly, too
  little for a side ahead, and the search levels carry such attacks out.
- **Never a dominated choice**: a battle turn's pass when the block may fire (6.2,
  ``undominated``).
- **Supply limits (7.1, 7.2)**: no move, sea move or regroup that adds a block to the side's
  supply losses of this turn (into a friendly area at or over its limit, ``supply_limits``),
  in the candidates, the activations' moves and the play-outs (so the search expects the
  enemy to keep to them too); supply losses taken where they count least (``supply_losses``).
- **London kept (8.2, 2.3)**: no move, sea move or regroup of a side's last block out of
  London, held alone, where the enemy may enter it at its next action phase
  (``capital_kept``), in the same three places.
- **Recruits kept from the enemy (6.7, 5.4)**: no regroup of the victor's last block, not an
  heir, out of an area where the enemy could then recruit a noble or church
  (``regroup.recruits_kept``, on ``recruits`` samples: whether the noble is in the enemy's
  pool is hidden), in the candidates.
- **No hopeless attacks**: no move into an enemy-held area where the enemy's power there this
  turn (its reinforcements counted when it moves second) is 1.5 times or more that of every
  block that attacks or could still join, and no action that leaves an attack begun this
  turn hopeless when its support could still have come, each block counted for one battle
  (``hopeless.hopeless_attacks``), in the same places.
- **Cards (1.1)** are a simultaneous, secret choice: each card of the hand is played against
  the enemy's likely card on the same samples (the enemy's hand as sampled, its card by the
  rule the normal level plays), both action phases played out by the greedy policy, then the
  value. The mulligan (5.1) follows the normal level's rule.
- **Anytime.** Bounded by ``samples`` (iterations: reproducible tournaments) or by
  ``budget_ms`` of wall-clock time (the browser); the best so far is returned when time is up.

``analyse(game, side)`` returns the candidates with their estimated winning chances, for the
page's hint.
"""

from __future__ import annotations

import math
import random
import time

from ..actions import Action
from ..cards import begin_turn
from ..components import HEIR
from ..game import Game
from ..ids import ACTION, BATTLE, CARDS, MULLIGAN, NA, OVER, C
from ..limits import EXILE_LIMITS, SUPPLY_LIMIT, counts_against, overstack
from ..movement import begin_action_phase
from ..politics import COUNTED_TYPES
from ..sequence import TURNS
from .base import Agent
from .danger import last_heir_danger
from .determinize import determinize
from .features import NAMES
from .hopeless import GROUP_EVENTS, hopeless_attacks, no_hopeless_attack
from .normal import after, card_choice, mulligan_choice, rank_actions, rule_choice
from .plans import attack_plans
from .regroup import recruits_kept
from .value import DECIDED, logit, weights

#: The most decisions of battles a play-out fights beyond its horizon.
BATTLE_DECISIONS = 60


class SearchAgent(Agent):
    """Determinized paired-sample search with the learned value (see the module docstring).

    ``samples``: iterations per decision (None: bounded by ``budget_ms`` of wall-clock time);
    ``candidates``: actions searched; ``horizon``: decisions played out after each; ``width``:
    actions the greedy policy looks at per decision; ``prior``: samples the one-ply value
    counts as; ``card_samples``: samples per card of the hand; ``waste``: what an activation
    that moves nobody costs (an AP), on the value's logit scale; ``weights``: value weights
    (tuning runs), else ``data/value.json``'s; ``turns``: game turns a play-out may run into
    beyond the current one (0: it stops at the end of this turn); ``endgame``: decisions a
    play-out may take on a campaign's last game turn (1.0), enough to play it out to the
    political turn's usurpation (8.2), so that the count is played, not estimated (0: the
    ``horizon`` there too); ``plans``: attack plans searched beside the candidates (0: none);
    ``recruits``: keep the regroups that open a recruit to the enemy out of the candidates
    (``regroup.recruits_kept``), asked of that many samples, a regroup dropped if it opens
    one on any (the enemy's pool is hidden where its blocks on the map are: one sample may
    deal the noble who would recruit onto the map; 0: off, to measure the rule); ``events``: an attack event
    card judged at par with the best other card's AP in hand (``_events_at_par``; 0: off);
    ``stake``: the share of the game staked on the own last heir's danger (``value``; 0:
    the learned value alone)."""

    name = "search"

    def __init__(self, seed: int = 0, samples: int | None = None, budget_ms: float = 1000.0,
                 candidates: int = 4, horizon: int = 6, width: int = 8, prior: float = 2.0,
                 card_samples: int = 2, waste: float = 0.02, weights: tuple | None = None,
                 turns: int = 0, endgame: int = 0, plans: int = 2, recruits: int = 1,
                 events: int = 1, stake: float = 1.0):
        self.rnd = random.Random(seed)
        self.stake = stake
        self.events = events
        self.plans = plans
        self.recruits = recruits
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
        """The learned value (logit of the winning chance) of ``g`` for ``side``, its chance
        times ``1 - stake * danger`` where the enemy can reach or is fighting ``side``'s last
        heir (``danger.last_heir_danger``: his death ends the game, 9.0)."""
        v = logit(g, side, self.weights)
        if self.stake and g.phase != OVER:
            h = self.stake * last_heir_danger(g, side)
            if h > 0.0:
                p = (1.0 - h) / (1.0 + math.exp(-v))
                v = math.log(p / (1.0 - p)) if p > 1e-6 else -DECIDED
        return v

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
        d0 = determinize(game, side, self.rnd)
        if len(legal) == 1:
            return [(legal[0], _chance(self.value(d0, side)))]
        if game.phase == MULLIGAN:
            return [(mulligan_choice(d0, side, legal), _chance(self.value(d0, side)))]
        if game.phase == CARDS:
            return self._cards(game, side, legal, d0, start)
        legal = supply_limits(game, side, supply_losses(game, undominated(legal)))
        legal = hopeless_attacks(d0, side, capital_kept(d0, side, legal))  # on the sample: honest
        if self.recruits:
            legal = recruits_kept(d0, side, legal)
            for _ in range(self.recruits - 1):
                if len(legal) == 1 or not any(a[0] == "regroup" for a in legal):
                    break
                legal = recruits_kept(determinize(game, side, self.rnd), side, legal)
        if len(legal) == 1:
            return [(legal[0], _chance(self.value(d0, side)))]
        ranked = sorted(rank_actions(d0, side, legal, self.rnd, self.value, self.waste,
                                     moves_filter=_moves_kept),
                        key=lambda t: (-t[0], t[1]))[:self.candidates]
        cands = [(legal[i],) for _v, i in ranked]
        totals = [self.prior * v for v, _i in ranked]
        counts = [self.prior] * len(cands)
        if self.plans:
            for v, plan in self._plans(d0, side, legal):
                cands.append(plan)
                totals.append(v)
                counts.append(1.0)
        if len(cands) > 1:
            deadline = self._deadline(start)
            n = 0
            while self._more(n, deadline):
                n += 1
                d = determinize(game, side, self.rnd)
                seed = self.rnd.getrandbits(64)
                rnd_seed = self.rnd.getrandbits(32)
                row = [self._rollout(d, side, c, seed, rnd_seed) for c in cands]
                if None in row:
                    continue            # a candidate not legal in this sample (none known)
                for k, v in enumerate(row):
                    totals[k] += v
                    counts[k] += 1
            self.drawn = n
        return _first_actions(_ordered(cands, totals, counts))

    def _plans(self, d0: Game, side: int, legal: list) -> list[tuple[float, tuple]]:
        """The ``plans`` best attack plans (``plans.attack_plans``) by one play-out each on
        the sample ``d0``: [(value, plan)], best first."""
        found = attack_plans(d0, side, legal, _moves_kept)
        if not found:
            return []
        seed = self.rnd.getrandbits(64)
        rnd_seed = self.rnd.getrandbits(32)
        scored = []
        for plan in found:
            v = self._rollout(d0, side, plan, seed, rnd_seed)
            if v is not None:
                scored.append((v, plan))
        scored.sort(key=lambda t: -t[0])
        return scored[:self.plans]

    # ------------------------------------------------------------------------- play-outs
    def policy(self, g: Game, s: int, rnd: random.Random):
        """The greedy play-out policy: the card and mulligan rules of the normal level, else
        the best one-ply value among at most ``width`` legal actions (all of a battle's)."""
        legal = supply_limits(g, s, supply_losses(g, undominated(g.legal_actions(s))))
        legal = hopeless_attacks(g, s, capital_kept(g, s, legal))
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

    def _rollout(self, d: Game, side: int, plan: tuple, seed: int,
                 rnd_seed: int) -> float | None:
        """Value for ``side`` of ``plan`` (a tuple of actions: one, or an attack plan)
        played in a copy of the sample ``d`` with the dice of ``seed``, then played out (see
        the module docstring); None if its first action is not legal in ``d``. A plan's
        later action that the sample does not allow ends the plan there."""
        if plan[0] not in d.legal_actions(side):
            return None
        g = d.copy()
        g.reseed(seed)
        g.play(side, plan[0])
        for a in plan[1:]:
            if g.phase != ACTION or g.acting != side or a not in g.legal_actions(side):
                break
            g.play(side, a)
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
            d = determinize(game, side, self.rnd)
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
        counts = [max(1, c) for c in counts]
        if self.events:
            totals = self._events_at_par(legal, totals, counts)
        return _ordered(legal, totals, counts)

    def _events_at_par(self, legal: list, totals: list[float], counts: list[int]) -> list[float]:
        """The card play's ``totals`` (each card of ``legal``, ``Action("play", c)``: the sum
        of its ``counts[k]`` play-outs' values, logit scale), a new list in the same order,
        with each attack event's (Force March, Surprise, Treason: the EVENT CARDS of 5.1 that
        move one group to attack or make a Treachery roll) less the value of the AP it keeps
        in hand over the best other card. The value weighs the AP left in hand
        (``hand_ap_me``), which favours the card of least AP, yet every card of a hand is
        played within the campaign: so an event is played only where its play-outs beat the
        best other card by more than that AP (docs/ai-notebook.md, "events at par"). The
        other cards keep the value's order (counting every card's AP as still in hand lost
        games: the notebook, "a card experiment"). A hand of events only, or of none, is
        returned as it is."""
        plain = [k for k, a in enumerate(legal) if C.card_event[a[1]] not in GROUP_EVENTS]
        if not plain or len(plain) == len(legal):
            return totals
        best = max(plain, key=lambda k: totals[k] / counts[k])
        w = (self.weights or weights())[NAMES.index("hand_ap_me")]
        out = list(totals)
        for k, a in enumerate(legal):
            gap = C.card_ap[legal[best][1]] - C.card_ap[a[1]]
            if k not in plain and gap > 0:
                out[k] -= w * gap * counts[k]
        return out


def undominated(legal: list) -> list:
    """The legal actions less those no player would choose whatever the dice (6.2): a block
    whose battle turn it is may fire, retreat or pass, and passing is worse than firing (a
    volley costs nothing, cannot hurt the firer and may hit), so pass goes when fire is
    legal. A search's samples cannot tell the two apart when the hits matter little (a lone
    block against a stack): without this it passed on a coin's toss of noise."""
    if len(legal) > 1 and any(a[0] == "fire" for a in legal):
        return [a for a in legal if a[0] != "pass"]
    return legal


def supply_losses(g: Game, legal: list) -> list:
    """7.1, 7.2: of the blocks that may lose a supply step (the owner chooses), those whose
    loss costs least in what counts for usurpation last (8.2): a levy, mercenary, bombard or
    rebel first; then a noble or the church with a step to spare; then one at its last step
    (its count lost with it); an heir last. A search's samples seldom reach the political
    turn where the difference shows, so it lost steps on nobles and heirs beside levies."""
    if len(legal) < 2 or any(a[0] != "reduce" for a in legal):
        return legal

    def cost(a) -> int:
        b = a[1]
        if C.btype[b] == HEIR:
            return 3
        if C.btype[b] in COUNTED_TYPES:
            return 2 if g.strength[b] <= 1 else 1
        return 0
    least = min(cost(a) for a in legal)
    return [a for a in legal if cost(a) == least]


#: The actions that take a block from one area into another by choice: 5.2, 5.3, 6.7.
MOVE_KINDS = frozenset(("move", "sea", "regroup"))


def supply_costs(g: Game, s: int, legal: list) -> list[int]:
    """7.1, 7.2: for each action of ``legal``, the steps it adds to side ``s``'s supply losses
    as the state stands (the blocks already in each area, Reserves included): for a move, sea
    move or regroup of block ``b`` into an area with no enemy block (no battle there to thin
    it), +1 if the area is already at or over its limit (``limits.overstack``) and ``b``
    counts against it (not an exile's own mercenary), less 1 if ``b`` leaves an area of its
    side over its limit with no enemy block; 0 for every other action. Cheap: the engine's
    count is asked only of areas whose blocks, all counted, reach a limit."""
    costs = [0] * len(legal)
    own = enemy = None
    full = {}                       # area -> surplus of s there now (only areas near a limit)
    for i, a in enumerate(legal):
        if a[0] not in MOVE_KINDS:
            continue
        if own is None:
            presence = g.presence()
            own, enemy = presence[s], presence[1 - s]
        b, dest = a[1], a[-1]
        if not 0 <= dest < NA or enemy[dest] or own[dest] < EXILE_LIMITS.get(dest, SUPPLY_LIMIT):
            continue                # a battle there, or within any limit with b too
        if dest not in full:
            full[dest] = overstack(g, s, dest)[0]
        if full[dest] < 0 or not counts_against(b, dest):
            continue
        src = g.loc[b]
        cost = 1
        if 0 <= src < NA and not enemy[src] and counts_against(b, src):
            if src not in full:
                full[src] = overstack(g, s, src)[0]
            if full[src] > 0:
                cost = 0            # one surplus block moved from one area to another
        costs[i] = cost
    return costs


def no_supply_cost(g: Game, s: int, legal: list) -> list:
    """The actions of ``legal`` that add nothing to side ``s``'s supply losses
    (``supply_costs``); may be empty."""
    costs = supply_costs(g, s, legal)
    return [a for a, c in zip(legal, costs) if c <= 0]


def supply_limits(g: Game, s: int, legal: list) -> list:
    """7.1, 7.2: the legal actions less the moves, sea moves and regroups that would leave a
    friendly area over its supply (or exile) limit at the end of the turn, a step lost in the
    supply phase with no battle to thin the stack (``supply_costs``), while another legal
    action exists (``end`` always does in the action phase and the regroup). A strong player
    never does it: a block that moves into a full area costs a step for nothing this turn. The
    value reads the position before the supply phase, and a search's play-outs seldom reach
    it, so the search packed blocks into full areas (York 9 blocks into London, 8 steps lost
    with no battle)."""
    if len(legal) < 2:
        return legal
    return no_supply_cost(g, s, legal) or legal


MIDDLESEX = C.area_id["Middlesex"]
#: A Muster card and a card of normal AP, by which ``enemy_reaches`` asks the engine what the
#: enemy's next action phase may do (5.1: Muster's blocks move normally to reach its area).
_MUSTER = next(c for c in range(len(C.card_event)) if C.card_event[c] == "muster")
_NORMAL = max((c for c in range(len(C.card_event)) if C.card_event[c] is None),
              key=lambda c: C.card_ap[c])


def enemy_reaches(g: Game, s: int, area: int = MIDDLESEX) -> bool:
    """Whether side ``1 - s`` may put a block into ``area`` (vacant in ``g``) at its next
    action phase, as the engine offers it at the start of a game turn (``cards.begin_turn``:
    no border crossed, nobody pinned): a land move of one or two areas (5.2, asked as the
    Muster event asks it: every block that can reach the area by a normal move), a sea move
    (5.3) or a recruit (5.4: the Rebel deploys in any vacant area, a levy in its city, a noble
    on his shield). Not counted: Force March's third area and Surprise's border limit +1.
    Reads only ``g`` (a search's sample or the side's own copy)."""
    e = 1 - s
    for card, ask in ((_MUSTER, Action("muster", area)), (_NORMAL, None)):
        p = g.copy()
        p.forget_history()
        begin_turn(p)
        p.played[e] = card
        begin_action_phase(p, e)
        legal = p.legal_actions(e)
        if ask is not None:
            if ask not in legal:
                return False        # not vacant, or the enemy's exile (2.7)
            p.play(e, ask)
            legal = p.legal_actions(e)
        if any(a[0] in ("move", "sea", "recruit") and a[-1] == area for a in legal):
            return True
    return False


def capital_kept(g: Game, s: int, legal: list) -> list:
    """London (Middlesex) held: the legal actions less the moves, sea moves and regroups that
    take side ``s``'s last block out of London when ``s`` alone occupies it and the enemy may
    enter it, vacant, at its next action phase (``enemy_reaches``), while another legal action
    exists (``end`` always does in the action phase and the regroup). London held alone
    counts one noble for usurpation (8.2) and denies it to the enemy (a swing of two), is a
    crown area (2.3), a city (2.4: its levy, a bombard, the supply of five) and in 1470 the
    prisoner's Tower: entering it rescues Henry VI (the Kingmaker scenario). A strong player
    never leaves it empty where the enemy walks in for nothing. The value reads London as it
    stands and a search's play-outs stop before the enemy's next turn, so the search emptied
    it (the last bombard out, the enemy in next turn). Not kept: an heir (the KING too),
    whose life is worth more than London (1460, York's seven blocks next door: the rule kept
    Henry VI alone there and York killed him; tests/data/1460-york-vs-expert.json). Not
    covered: a London that is contested (a battle there) or held by two blocks or more (the
    rule keeps the last)."""
    if len(legal) < 2:
        return legal
    drop = london_emptied(g, s, legal)
    if not drop:
        return legal
    return [a for a in legal if a not in drop] or legal


def london_emptied(g: Game, s: int, legal: list) -> frozenset:
    """The actions of ``legal`` that ``capital_kept`` drops (may be empty): the moves, sea
    moves and regroups out of Middlesex of side ``s``'s only block there, not an heir, where no
    enemy block is and the enemy may enter it at its next action phase (``enemy_reaches``)."""
    out = [a for a in legal if a[0] in MOVE_KINDS and a[2] == MIDDLESEX
           and a[-1] != MIDDLESEX]
    if not out:
        return frozenset()
    presence = g.presence()
    if presence[s][MIDDLESEX] != 1 or presence[1 - s][MIDDLESEX] \
            or C.btype[out[0][1]] == HEIR or not enemy_reaches(after(g, s, out[0]), s):
        return frozenset()
    return frozenset(out)


def _moves_kept(g: Game, s: int, moves: list) -> list:
    """The moves by which an activation is valued (``normal.rank_actions``' ``moves_filter``):
    none that adds a supply loss (``no_supply_cost``), empties London (``capital_kept``) or
    is a hopeless attack (``hopeless.no_hopeless_attack``)."""
    moves = no_supply_cost(g, s, moves)
    drop = london_emptied(g, s, moves)
    if drop:
        moves = [a for a in moves if a not in drop]
    return no_hopeless_attack(g, s, moves)


def _chance(v: float) -> float:
    return 1.0 / (1.0 + math.exp(-v))


def _first_actions(ranked: list) -> list:
    """[(plan, chance)] best first -> [(its first action, chance)], each action once (at
    its best)."""
    out, seen = [], set()
    for plan, chance in ranked:
        if plan[0] not in seen:
            seen.add(plan[0])
            out.append((plan[0], chance))
    return out


def _ordered(actions: list, totals: list[float], counts: list[float]):
    """[(action, winning chance)] by mean value, best first (ties: the earlier action)."""
    means = [t / c for t, c in zip(totals, counts)]
    order = sorted(range(len(actions)), key=lambda k: (-means[k], k))
    return [(actions[k], _chance(means[k])) for k in order]
