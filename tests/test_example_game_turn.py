"""The rulebook's Example Game Turn (1460, game turn 1), played through the API."""

from helpers import A, B, game_at_card_phase
from richard3.components import LANCASTER, YORK
from richard3.ids import NA


def test_example_game_turn_1460_turn_1():
    g = game_at_card_phase("1460", lancaster=(3, 3, 3, 2, 2, 2, 4), york=(3, 3, 4, 4, 4, 4, 2))
    g.apply(YORK, "play 3")
    g.apply(LANCASTER, "play 3")
    # Cards are tied, but the PRETENDER (York) is Player 1 on ties.
    assert g.p1 == YORK and g.acting == YORK and g.ap == 3
    # York: Warwick and Salisbury sea move Calais to East Anglia, port to port for 1 AP;
    # recruit Norfolk and the Norwich levy in East Anglia.
    g.apply(YORK, "sea Warwick/Y: Calais > East Anglia")
    g.apply(YORK, "sea Salisbury/Y: Calais > East Anglia")
    assert g.ap == 2
    g.apply(YORK, "recruit Norfolk: East Anglia")
    g.apply(YORK, "recruit Norwich (levy): East Anglia")
    assert g.ap == 0
    g.apply(YORK, "end")
    # Lancaster: Oxford and Beaumont move to Middlesex; the Bombard is recruited there.
    assert g.acting == LANCASTER
    g.apply(LANCASTER, "activate Essex")
    g.apply(LANCASTER, "move Oxford: Essex > Middlesex")
    g.apply(LANCASTER, "activate Lincoln")
    g.apply(LANCASTER, "move Beaumont: Lincoln > Leicester > Middlesex")
    g.apply(LANCASTER, "recruit Bombard/L: Middlesex")
    assert g.ap == 0
    in_middlesex = {g.name(b) for b in range(len(g.loc)) if g.loc[b] == A["Middlesex"]}
    assert in_middlesex == {"Henry VI", "Oxford", "Beaumont", "Bombard/L"}
    in_east_anglia = {g.name(b) for b in range(len(g.loc)) if g.loc[b] == A["East Anglia"]}
    assert in_east_anglia == {"Warwick/Y", "Salisbury/Y", "Norfolk", "Norwich (levy)"}
    g.apply(LANCASTER, "end")
    # No battles were created; nobody has supply problems; the next game turn starts.
    assert not any(g.attacker[a] >= 0 for a in range(NA))
    assert g.turn == 2 and g.phase == 1  # CARDS
    assert all(g.strength[B[b]] > 0 for b in ("Oxford", "Beaumont", "Norfolk"))
