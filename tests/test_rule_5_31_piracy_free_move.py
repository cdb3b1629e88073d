"""5.31 and the Piracy event: the free second port-to-port sea move never pays for an attack
(a Piracy attack costs its AP like any sea move, rulings.md)."""

from helpers import game_in_action, legal_texts

from richard3.components import YORK


def test_5_31_no_piracy_attack_on_the_free_port_to_port_move():
    pos = {"Warwick/Y": "Calais", "Kent/Y": "Calais", "Salisbury/Y": "Calais",
           "Oxford": "Sussex"}
    g = game_in_action(YORK, "piracy", positions=pos, clear=True)
    assert g.ap == 2
    assert "sea Salisbury/Y: Calais > Sussex" in legal_texts(g, YORK)      # an attack, 1 AP
    g.apply(YORK, "sea Warwick/Y: Calais > East Anglia")
    g.apply(YORK, "sea Kent/Y: Calais > Middlesex")
    assert g.ap == 0
    texts = legal_texts(g, YORK)
    assert "sea Salisbury/Y: Calais > Middlesex" in texts                   # the free move
    assert "sea Salisbury/Y: Calais > Sussex" not in texts                  # no AP left
