"""The danger to the last heir (``ai/danger.py``): the enemy's strongest land attack on him in
its next action phase (5.2 moves, 5.21 border limits), and the search's value that stakes the
game on it (9.0)."""

from __future__ import annotations

import math

from battle_setup import A, B, position
from helpers import load_tool

from richard3.ai import get_agent
from richard3.ai.danger import LATER, last_heir_danger
from richard3.ai.hopeless import power
from richard3.ai.odds import attack_chance
from richard3.ids import BATTLE, LANCASTER, YORK

#: 1483: Richard III (Gloucester) is York's only heir (9.0).
RICHARD = {"Gloucester": "Middlesex"}
ARMY = ("Oxford", "Pembroke", "French Mercenary")


def danger(blocks, **kw):
    g = position(blocks, king=YORK, scenario="1483", **kw)
    assert g.heirs_alive(YORK) == [B["Gloucester"]]
    return last_heir_danger(g, YORK), g


def army(area, names=ARMY):
    return {name: area for name in names}


def test_9_0_the_enemy_next_door_or_two_areas_away_reaches_the_last_heir():
    next_door, _ = danger({**RICHARD, **army("Kent")})
    two_away, _ = danger({**RICHARD, **army("Wilts")})      # through Oxford or Sussex
    far, _ = danger({**RICHARD, **army("Cumbria")})
    assert next_door > 0.5 and two_away > 0.5
    assert far == 0.0


def test_5_2_the_sides_blocks_between_stop_a_move_of_two_areas():
    """Wilts reaches Middlesex only through Oxford or Sussex: York's blocks there stop it."""
    barred, _ = danger({**RICHARD, **army("Wilts"), "Norfolk": "Oxford", "Suffolk": "Sussex"})
    half, _ = danger({**RICHARD, **army("Wilts"), "Norfolk": "Oxford"})
    assert barred == 0.0
    assert half > 0.5


def test_5_21_a_border_limits_the_blocks_that_cross_it():
    """Kent borders Middlesex by a blue border (3 blocks a turn) and reaches it through Sussex
    too (another blue border): five blocks all come, split over the two borders; with Sussex
    held by York only three cross, as if the other two were not there."""
    five = ("Oxford", "Pembroke", "French Mercenary", "Devon", "Beaumont")
    both, g = danger({**RICHARD, **army("Kent", five)})
    held, _ = danger({**RICHARD, **army("Kent", five), "Norfolk": "Sussex"})
    strongest = sorted(five, key=lambda n: -g.strength[B[n]])[:3]
    three, _ = danger({**RICHARD, **army("Kent", strongest), "Norfolk": "Sussex"})
    assert both > held > 0.0
    assert held == three


def test_9_0_friends_beside_the_last_heir_lower_the_danger():
    alone, _ = danger({**RICHARD, **army("Kent")})
    guarded, _ = danger({**RICHARD, "Norfolk": "Middlesex", "Suffolk": "Middlesex",
                         **army("Kent")})
    assert 0.0 < guarded < alone


def test_no_danger_term_while_the_side_has_two_heirs():
    g = position({**RICHARD, "Clarence/Y": "Essex", **army("Kent")}, king=YORK,
                 scenario="1483")
    assert len(g.heirs_alive(YORK)) >= 2
    assert last_heir_danger(g, YORK) == 0.0


def test_1_1_an_attack_only_next_turn_weighs_half():
    """In the battle phase both action phases are over: the enemy attacks next turn, when
    York may move first (``LATER``)."""
    now, g = danger({**RICHARD, **army("Kent")})
    g.phase = BATTLE
    assert last_heir_danger(g, YORK) == LATER * now


def test_the_search_stakes_the_game_on_the_danger():
    """``SearchAgent.value`` is the learned value's chance times 1 - stake x danger."""
    h, g = danger({**RICHARD, **army("Kent")})
    staked = get_agent("hard", 1, samples=1)
    plain = get_agent("hard", 1, samples=1, stake=0.0)
    p = 1 / (1 + math.exp(-plain.value(g, YORK)))
    q = 1 / (1 + math.exp(-staked.value(g, YORK)))
    assert abs(q - p * (1 - h)) < 1e-9
    assert staked.value(g, LANCASTER) == plain.value(g, LANCASTER)    # Richmond not in reach


def fight(attacker, names=ARMY):
    """Richard III and Norfolk in Middlesex, Lancaster's ``names`` there too: a battle pending
    (6.0), begun by ``attacker``."""
    g = position({**RICHARD, "Norfolk": "Middlesex", **army("Middlesex", names)}, king=YORK,
                 scenario="1483")
    g.attacker[A["Middlesex"]] = attacker
    return last_heir_danger(g, YORK), g


def _powers(g, home, defending):
    """(York's, Lancaster's) power in ``home``, ``defending`` the side that holds it (6.4)."""
    here = [x for x in range(len(g.loc)) if g.loc[x] == home]
    return tuple(sum(power(g, x, home, defending == s) for x in here if g.owner(x) == s)
                 for s in (YORK, LANCASTER))


def test_6_2_a_defending_last_heir_falls_as_often_as_the_attack_on_him_wins():
    h, g = fight(LANCASTER)
    york, lancaster = _powers(g, A["Middlesex"], defending=YORK)
    assert h == attack_chance(lancaster, york)
    assert 0.0 < h < 1.0


def test_6_5_an_attacking_last_heir_falls_less_often_than_his_attack_fails():
    """A failed attack need not kill him (the attacker retreats in round 4, 6.2), but hits go
    to the strongest block (6.4) and the enemy's heir may charge him (6.5): the square of the
    failure's chance."""
    h, g = fight(YORK)
    york, lancaster = _powers(g, A["Middlesex"], defending=LANCASTER)
    assert h == (1.0 - attack_chance(york, lancaster)) ** 2
    assert 0.0 < h < 1.0 - attack_chance(york, lancaster)
    weaker, _ = fight(YORK, ARMY[:1])
    assert 0.0 < weaker < h


def test_the_search_stakes_the_game_on_a_battle_where_the_last_heir_fights():
    h, g = fight(YORK)
    staked = get_agent("hard", 1, samples=1)
    plain = get_agent("hard", 1, samples=1, stake=0.0)
    p = 1 / (1 + math.exp(-plain.value(g, YORK)))
    q = 1 / (1 + math.exp(-staked.value(g, YORK)))
    assert h > 0.0
    assert abs(q - p * (1 - h)) < 1e-9


def test_6_4_tools_heir_falls_measures_what_battle_fall_prices():
    """``tools/heir_falls.py`` (the figures ``battle_fall`` cites): a lone heir against a far
    stronger stack falls almost always, one beside a far stronger stack of his own almost
    never (all of one block's hits go to the strongest block, 6.4, so his friends shield
    him); a charge by the enemy's heir (6.5) makes his fall likelier."""
    import random

    heir_falls = load_tool("heir_falls").heir_falls
    heir = (3, 1, 2)
    strong = [(4, 0, 3), (4, 0, 3), (4, 0, 3), (4, 0, 3)]
    rnd = random.Random(1)
    alone = heir_falls(rnd, ([heir], [(4, 0, 3)] + strong), 0, 0, False, 200)
    shielded = heir_falls(rnd, ([heir] + strong, [(1, 3, 1), (1, 3, 1)]), 0, 0, False, 200)
    weak = ([heir, (3, 1, 2)], [(3, 0, 3), (2, 1, 2)])
    plain = heir_falls(random.Random(2), weak, 0, 0, False, 2000)
    charged = heir_falls(random.Random(2), weak, 0, 0, True, 2000)
    assert alone > 0.9 and shielded < 0.05
    assert charged > plain
