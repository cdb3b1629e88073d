"""The rulebook's Detailed Example of Play (Blore Heath, 9.1.2), steps 1-20, played through the
API with the Example's cards dealt and its dice given: every decision is a legal action, and
after each step the field is as the Example describes it.

Dice the Example does not state (misses, the turn-2 initiative) are chosen to give its
results. The Example's own slip in step 14 (it counts four hits on four units when one already
had a hit) is followed as step 17 reads it: the Longbowmen (1:2/1) keeps its one hit.
"""

from soy_helpers import LANCASTER, YORK, find, rig
from sunofyork.deployment import play_beside
from sunofyork.field import position
from sunofyork.game import new_game
from sunofyork.state import ASIDE, BESIDE, COMMIT, COMBAT, DAMAGE, DEALT, DECK, DISCARD, MOVEMENT, OUT

Y, L = YORK, LANCASTER

YORK_DEAL = [
    ("left rear", ["Men-at-Arms (2/3)", "Longbowmen (1:2/2)", "Levies (2/3)", "Bridge (1)"]),
    ("centre rear", ["Longbowmen (1:2/1)", "Crossbowmen (2:1/3)", "Longbowmen (1:2/3)",
                     "Men-at-Arms (2/3)"]),
    ("right rear", ["Longbowmen (1:2/2)", "Longbowmen (1:2/2)", "Crossbowmen (2:1/4)",
                    "Battlefield Church (1)"]),
    ("hand", ["Longbowmen (1:2/1)", "Longbowmen (1:2/1)", "Stream (2)", "King Richard III (4)"]),
]
LANCASTER_DEAL = [
    ("right rear", ["Levies (1/3)", "Levies (1/2)", "Levies (1/2)", "Lord Roos (2)"]),
    ("centre rear", ["Billmen (1/3)", "Men-at-Arms (2/4)", "Crossbowmen (2:1/4)",
                     "Billmen (1/2)"]),
    ("left rear", ["Longbowmen (1:2/1)", "Longbowmen (1:2/1)", "Crossbowmen (2:1/3)",
                   "prince_edward"]),
    ("hand", ["Longbowmen (1:2/1)", "Levies (2/1)", "King Henry VI (3)", "King Henry VII (3)"]),
]


def _grab(g, side, label):
    """Take a card of that label out of the deck or the eliminated cards into the deal."""
    c = find(g, side, label, (DECK, OUT))
    g.put(side, c, DEALT)
    return c


def _stack_deck(g, side, labels):
    """Put cards of these labels on top of the deck, the first to be drawn first."""
    ids = []
    for label in labels:
        ids.append(find(g, side, label, (DECK, OUT)))
        g.put(side, ids[-1], ASIDE)
    for c in ids:
        g.put(side, c, DECK)
    for c in ids:
        g.deck[side].remove(c)
    g.deck[side].extend(reversed(ids))
    return ids


def _units(g, side, word):
    return g.units_at(position(side, word), side)


def _label(g, side, c):
    return g.decks[side][c - 1].label()


def test_detailed_example_of_play_blore_heath():
    # 1) Setup: Salisbury and two Woods for York, 40 cards eliminated; Audley, the Stream and
    # the Bridge for Lancaster, and Margaret of Anjou on a roll of 1.
    g = rig(new_game("blore_heath", seed=1))
    assert g.stream[L] and g.bridge[L]
    if not g.margaret_on[L]:
        play_beside(g, L, find(g, L, "Margaret of Anjou", (DECK, DEALT, OUT)), [])
    for s in (0, 1):
        for c in list(g.dealt[s]):
            g.put(s, c, DECK)
    # 2) Deployment: the Example's sixteen cards each
    plan = {}
    for side, deal in ((Y, YORK_DEAL), (L, LANCASTER_DEAL)):
        for word, labels in deal:
            for label in labels:
                c = _grab(g, side, label)
                plan[(side, c)] = word
    g._legal_cache = None
    g.script = [3, 3]                      # 3) the initiative, both 3 (+3)
    while g.dealt[Y] or g.dealt[L]:
        side = g.active_sides()[0]
        c = g.dealt[side][0]
        word = plan[(side, c)]
        g.apply(side, ("keep", c) if word == "hand" else ("deploy", c, position(side, word)))
    # "the following cards are immediately discarded: Bridge and Battlefield Church; Lord Roos
    # and Prince of Wales"
    assert sorted(_label(g, Y, c) for c in g.discard[Y]) == ["Battlefield Church (1)",
                                                               "Bridge (1)"]
    assert sorted(g.decks[L][c - 1].key for c in g.discard[L]) == ["prince_edward", "roos"]
    # 3) "A tie! ... the initiative falls to the Lancastrians. They opt to let the Yorkists go
    # first."
    assert g.active_sides() == [L] and g.script == []
    g.apply(L, ("second",))
    # 4-5) York's Morale and Combat steps: nothing to check, nothing in range
    assert g.phase == COMBAT and g.legal_actions(Y) == [("end",)]
    g.apply(Y, ("end",))
    # 6) "Salisbury ... orders them forward into the middle ground ... remaining in the rear."
    assert g.phase == MOVEMENT
    for c in _units(g, Y, "centre rear"):
        g.apply(Y, ("move", c, position(Y, "centre middle")))
    assert g.pool == 0
    g.apply(Y, ("orders", find(g, Y, "King Richard III", (-2,))))
    g.apply(Y, ("orders", find(g, Y, "Stream", (-2,))))
    assert g.pool == 6
    for word in ("left", "right"):
        for c in _units(g, Y, f"{word} rear"):
            g.apply(Y, ("move", c, position(Y, f"{word} middle")))
    assert g.pool == 0 and len(_units(g, Y, "left middle")) == 3
    g.apply(Y, ("end",))
    # 7) York discards the two Longbowmen and draws four
    for c in list(g.hand[Y]):
        g.apply(Y, ("discard", c))
    drawn = _stack_deck(g, Y, ["Longbowmen (1:2/1)", "Longbowmen (1:2/1)", "Men-at-Arms (2/3)",
                               "Earl of March (5)"])
    g.apply(Y, ("draw",))
    assert sorted(g.hand[Y]) == sorted(drawn)
    # 8) Lancaster's Morale step: nothing. 9) Combat: the left battle's missiles fire at the
    # three Yorkists in front of them, then the centre's Crossbowmen (2:1/4)
    assert g.active == L and g.phase == COMBAT
    left_rear = position(L, "left rear")
    shooters = _units(g, L, "left rear")
    xb_centre = _units(g, L, "centre rear")[2]
    assert _label(g, L, xb_centre) == "Crossbowmen (2:1/4)"
    target_right = position(L, "left middle")             # York's right middle ground
    for c in shooters:
        g.apply(L, ("attack", c, target_right))
    g.apply(L, ("attack", xb_centre, position(L, "centre middle")))
    # the centre's four dice first (its position comes first), one hit; then the left's, in
    # their order there: the two Longbowmen one die each, both hit on 2; the Crossbowmen
    # (2:1/3) three dice, two 1s
    g.script = [1, 4, 5, 6] + [2, 2] + [1, 1, 5]
    g.apply(L, ("roll",))
    assert g.script == [] and g.phase == DAMAGE and g.active_sides() == [Y]
    # "The Yorkist places it on the Longbowmen (1:2/1) unit."
    lb1 = next(c for c in _units(g, Y, "centre middle")
               if _label(g, Y, c) == "Longbowmen (1:2/1)")
    g.apply(Y, ("hit", lb1))
    # four hits on three: one each, the last on the Crossbowmen (higher Cohesion)
    right = _units(g, Y, "right middle")
    xb4 = next(c for c in right if _label(g, Y, c) == "Crossbowmen (2:1/4)")
    while g.phase == DAMAGE:
        acts = g.legal_actions(Y)
        g.apply(Y, ("hit", xb4) if ("hit", xb4) in acts else acts[0])
    assert sorted(g.hits[Y][c] for c in right) == [1, 1, 2] and g.hits[Y][xb4] == 2
    # Margaret reactivates the three units in the left battle to fire again: zero hits
    for c in shooters:
        g.apply(L, ("margaret", c))
    for c in shooters:
        g.apply(L, ("attack", c, target_right))
    g.script = [6, 6, 6, 6, 6]
    g.apply(L, ("roll",))
    assert g.script == [] and g.margaret[L] == 0
    g.apply(L, ("end",))
    # 10) "Lord Audley leads the two Billmen and the Men-at-Arms into the middle ground ...
    # He then plays Henry VII for three orders to move the three units in the right battle"
    centre_mid = position(L, "centre middle")
    audley = find(g, L, "audley", (position(L, "centre rear"),))
    for c in list(_units(g, L, "centre rear")):
        if c != xb_centre:
            g.apply(L, ("move", c, centre_mid))
    g.apply(L, ("leader", audley, centre_mid))
    assert ("move", xb_centre, centre_mid) not in g.legal_actions(L)    # it attacked
    g.apply(L, ("orders", find(g, L, "King Henry VII", (-2,))))
    for c in _units(g, L, "right rear"):
        g.apply(L, ("move", c, position(L, "right middle")))
    assert g.pool == 0
    g.apply(L, ("end",))
    # 11) discards the weak Levies and Longbowmen; draws Handgunners, Longbowmen, Levies
    for label in ("Levies (2/1)", "Longbowmen (1:2/1)"):
        g.apply(L, ("discard", find(g, L, label, (-2,))))
    _stack_deck(g, L, ["Handgunners (1:3/3)", "Longbowmen (1:2/3)", "Levies (1/1)"])
    g.script = [5, 1]                  # 12) turn 2: Lancaster wins the initiative
    g.apply(L, ("draw",))
    assert len(g.hand[L]) == 4 and g.turn == 2 and g.active_sides() == [L]
    g.apply(L, ("first",))
    # 13) "the Lancastrian player opts to commit Lord Audley to combat"
    assert g.phase == COMMIT
    g.apply(L, ("commit", audley))
    g.apply(L, ("done",))
    # 14) Combat: the right battle's Levies (seven dice at 1: two hits), the centre (Billmen at
    # 2: two hits; Men-at-Arms at 3: two hits; Audley misses), the left's missiles (two hits)
    for c in _units(g, L, "right middle"):
        g.apply(L, ("attack", c, position(L, "right middle")))
    for c in _units(g, L, "centre middle"):
        g.apply(L, ("attack", c, centre_mid))
    g.apply(L, ("strike", audley, 0))
    for c in shooters:
        g.apply(L, ("attack", c, target_right))
    billmen = [c for c in _units(g, L, "centre middle") if "Billmen" in _label(g, L, c)]
    maa4 = next(c for c in _units(g, L, "centre middle") if _label(g, L, c) == "Men-at-Arms (2/4)")
    assert [g.decks[L][c - 1].ability for c in billmen] == [1, 1]
    dice = [1, 1, 6, 6, 6, 6, 6]                              # right: Levies 3 + 2 + 2 dice
    order = _units(g, L, "centre middle")
    for c in order:                                           # centre, in their order there
        n = g.cohesion(L, c)
        dice += ([2, 3, 5, 6][:n] if c == billmen[0] else [2, 4, 6][:n]) if c in billmen \
            else [3, 3, 4, 4]
    dice += [2]                                               # Audley's die at 1: a miss
    dice += [2, 6] + [1, 6, 6]            # left: one Longbowmen hits, the Crossbowmen once
    g.script = dice
    g.apply(L, ("roll",))
    assert g.script == []
    # damage: York's left middle (Longbowmen and Levies), centre (the three without a hit,
    # the fourth to the Longbowmen (1:2/3)), right (the two Longbowmen)
    lb3 = next(c for c in _units(g, Y, "centre middle") if _label(g, Y, c) == "Longbowmen (1:2/3)")
    left = _units(g, Y, "left middle")
    lb2_left = next(c for c in left if _label(g, Y, c) == "Longbowmen (1:2/2)")
    levies = next(c for c in left if _label(g, Y, c) == "Levies (2/3)")
    while g.phase == DAMAGE:
        acts = g.legal_actions(Y)
        for want in (lb2_left, levies, lb3):
            if ("hit", want) in acts and not (want in (lb2_left, levies) and g.hits[Y][want]):
                g.apply(Y, ("hit", want))
                break
        else:
            g.apply(Y, acts[0])
    assert (g.hits[Y][lb2_left], g.hits[Y][levies]) == (1, 1)
    centre_units = _units(g, Y, "centre middle")
    assert sorted(g.hits[Y][c] for c in centre_units) == [1, 1, 1, 2]
    assert g.hits[Y][lb3] == 2 and g.hits[Y][lb1] == 1
    assert sorted(g.hits[Y][c] for c in right) == [2, 2, 2]
    # Margaret again: "Miraculously, three hits are scored. Two hits must be assigned to the
    # Crossbowmen. The final hit eliminates one of the Longbowmen units"
    for c in shooters:
        g.apply(L, ("margaret", c))
    for c in shooters:
        g.apply(L, ("attack", c, target_right))
    g.script = [2, 2] + [1, 6, 6]
    g.apply(L, ("roll",))
    while g.phase == DAMAGE:
        g.apply(Y, g.legal_actions(Y)[0])
    assert g.hits[Y][xb4] == 4
    right = _units(g, Y, "right middle")
    assert len(right) == 2
    lb_right = next(c for c in right if c != xb4)
    g.apply(L, ("end",))
    # 15) Henry VI for three orders: the Crossbowmen forward (1), Handgunners to the left rear (2)
    handgunners = find(g, L, "Handgunners (1:3/3)", (-2,))
    g.apply(L, ("orders", find(g, L, "King Henry VI", (-2,))))
    g.apply(L, ("move", xb_centre, centre_mid))
    g.apply(L, ("enter", handgunners, left_rear))
    assert g.pool == 0
    g.apply(L, ("end",))
    # 16) dumps the Levies (1/1); draws Longbowmen, Longbowmen, Knights
    g.apply(L, ("discard", find(g, L, "Levies (1/1)", (-2,))))
    _stack_deck(g, L, ["Longbowmen (1:2/1)", "Longbowmen (1:2/1)", "Knights (3/5)"])
    # 17) York's Morale step, in the Example's order: left (Longbowmen 6: back; Levies 3:
    # stands, now 2/2), centre (all four fail), right (Longbowmen 1, 4: back; Crossbowmen
    # 4, 3, 3, 1: stands at Cohesion 0, eliminated)
    g.script = [6, 3] + [6, 6, 6, 6, 6] + [1, 4] + [4, 3, 3, 1]
    g.apply(L, ("draw",))
    assert g.script == [] and g.active == Y
    assert g.loc[Y][lb2_left] == position(Y, "left rear") and g.hits[Y][lb2_left] == 0
    assert g.loc[Y][levies] == position(Y, "left middle") and g.cohesion(Y, levies) == 2
    assert len(_units(g, Y, "centre rear")) == 4 and not _units(g, Y, "centre middle")
    assert all(g.hits[Y][c] == 0 for c in _units(g, Y, "centre rear"))
    assert g.loc[Y][lb_right] == position(Y, "right rear")
    assert g.loc[Y][xb4] == DISCARD
    # 18) York's Combat: the centre holds its fire; on the left the Levies (two dice) miss
    # and the Men-at-Arms (three dice) score two hits, one on each Levies (1/2)
    maa_left = next(c for c in left if _label(g, Y, c) == "Men-at-Arms (2/3)")
    g.apply(Y, ("attack", levies, position(Y, "left middle")))
    g.apply(Y, ("attack", maa_left, position(Y, "left middle")))
    g.script = [3, 5] + [1, 2, 6]
    g.apply(Y, ("roll",))
    lev2 = [c for c in _units(g, L, "right middle") if _label(g, L, c) == "Levies (1/2)"]
    while g.phase == DAMAGE:
        acts = g.legal_actions(L)
        pick = next((a for a in acts if a[1] in lev2 and not g.hits[L][a[1]]), acts[0])
        g.apply(L, pick)
    assert [g.hits[L][c] for c in lev2] == [1, 1]
    g.apply(Y, ("end",))
    # 19) Salisbury sends the units that fell back to him forward again, free, and follows
    # them; the Earl of March for 5 orders: the right's Longbowmen and the left rear's
    # Longbowmen forward, three units from the hand into the right rear
    salisbury = find(g, Y, "salisbury", (position(Y, "centre rear"),))
    for c in _units(g, Y, "centre rear"):
        g.apply(Y, ("move", c, position(Y, "centre middle")))
    g.apply(Y, ("leader", salisbury, position(Y, "centre middle")))
    assert g.pool == 0
    g.apply(Y, ("orders", find(g, Y, "Earl of March", (-2,))))
    assert g.pool == 5
    g.apply(Y, ("move", lb_right, position(Y, "right middle")))
    g.apply(Y, ("move", lb2_left, position(Y, "left middle")))
    for c in list(g.hand[Y]):
        g.apply(Y, ("enter", c, position(Y, "right rear")))
    assert g.pool == 0 and not g.hand[Y]
    g.apply(Y, ("end",))
    # 20) "The Yorkist player has managed to play all of his cards, so he simply draws four"
    last = _stack_deck(g, Y, ["Longbowmen (1:2/1)", "Men-at-Arms (2/4)", "Ambush (2)",
                              "Charge (2)"])
    g.script = [1, 1]                                   # turn 3's initiative
    g.apply(Y, ("draw",))
    assert sorted(g.hand[Y]) == sorted(last)
    # "This ends the second turn"
    assert g.turn == 3 and not g.is_over
    assert g.loc[L][find(g, L, "Margaret of Anjou", (BESIDE,))] == BESIDE
