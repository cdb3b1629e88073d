"""A game saved at any moment loads again (issue 28).

- The position of a real game (1483, York against hard) where the save check refused the
  engine's own save: Lancaster chooses which of its tied blocks takes York's hits (6.4).
- Seeded whole games, random and AI (normal against easy), saved and loaded after **every**
  action (``roundtrip.py``): the loaded game has the same JSON, the same legal actions and the
  same future. A short run here; ``bench/roundtrip.py`` runs the full count.
- hypothesis drives games towards battles (attacks, fire, charges, treachery, retreats,
  regroups, tied hits) and through the political turn, with the same round trip after every
  action.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from roundtrip import play_round_tripped, round_trip

from battle_setup import B, C, position

from richard3 import Game, new_game
from richard3.cards import player_one
from richard3.components import LANCASTER, YORK
from richard3.sequence import begin
from richard3.ids import BATTLE, CARDS, DEAD, MINOR, OFF, POLITICAL, PRISON, SUPPLY

from richard3.whereabouts import unknown

GAME_1483 = Path(__file__).parent / "data" / "1483-york-vs-hard.json"


def _replayed(path: Path, upto: int) -> Game:
    rec = json.loads(path.read_text())["record"]
    g = new_game(rec["scenario"], seed=int(rec["seed"]))
    for side, text in rec["actions"][:upto]:
        g.apply(side, text)
    return g


def test_6_4_a_save_made_while_tied_hits_are_chosen_loads_and_plays_on():
    g = _replayed(GAME_1483, 41)          # Lancaster has fired: 2 hits on York's tied blocks
    assert g.phase == BATTLE and g.pending and g.active_sides() == [1]
    assert [str(a) for a in g.legal_actions(1)] == ["hit Arundel", "hit Calais Mercenary"]
    h = round_trip(g, "tied hits")
    side = h.active_sides()[0]
    choice = str(h.legal_actions(side)[0])
    g.apply(side, choice)
    h.apply(side, choice)
    assert h.to_json() == g.to_json()


def test_every_state_of_the_kept_1483_game_saves_and_loads():
    rec = json.loads(GAME_1483.read_text())["record"]
    g = new_game(rec["scenario"], seed=int(rec["seed"]))
    for i, (side, text) in enumerate(rec["actions"]):
        g.apply(side, text)
        g = round_trip(g, f"after action {i + 1}")


def test_9_0_a_game_won_by_a_plague_in_the_action_phase_saves_and_loads():
    """1483: York's Plague kills Richmond, Lancaster's only heir, in the action phase: the game
    is over with York still the side acting; its save loads."""
    g = position({"Richmond": "Middlesex", "Gloucester": "South Yorks"}, king=YORK,
                 scenario="1483", strengths={"Richmond": 1})
    plague = C.card_event.index("plague")
    hand, deck = g.hands[YORK], g.deck
    if plague in deck:
        i = deck.index(plague)
        deck[i], hand[0] = hand[0], plague
    elif plague in g.hands[LANCASTER]:
        i = g.hands[LANCASTER].index(plague)
        g.hands[LANCASTER][i], hand[0] = hand[0], plague
    g.whereabouts = unknown(g)                  # the position was set by hand
    normal = next(c for c in g.hands[LANCASTER] if C.card_event[c] is None)
    g.apply(YORK, f"play {C.card_names[plague]}")
    g.apply(LANCASTER, f"play {C.card_names[normal]}")
    assert g.acting == YORK
    g.apply(YORK, "plague Middlesex")
    assert g.is_over and g.winner == YORK
    round_trip(g, "won by a plague")


def test_6_81_a_side_with_no_heir_in_play_has_no_pretender_and_its_save_loads():
    """1470: Prince Edward is dead, Exeter serves York, Henry VI is still a prisoner: after the
    supply phase Lancaster has living heirs but none in play to crown, so no PRETENDER until
    one comes into play; a save of the next game turn loads."""
    g = position({"Warwick/L": "Kent", "March": "Middlesex", "Exeter/Y": "Sussex"},
                 king=YORK, scenario="1470")
    g.loc[B["Prince Edward"]] = DEAD
    for h in C.heirs[LANCASTER]:
        if g.loc[h] == MINOR:
            g.loc[h] = DEAD
    g.loc[B["Exeter/L"]] = OFF
    g.loc[B["Henry VI"]], g.strength[B["Henry VI"]] = PRISON, C.max_str[B["Henry VI"]]
    g.crowned = [-1, B["March"]]
    g.heirs_lost = [1, 0]
    g.played = [g.hands[0].pop(), g.hands[1].pop()]     # turn 1's cards, played
    g.revealed, g.p1 = 1, player_one(g)[0]
    g.whereabouts = unknown(g)                  # the position was set by hand
    begin(g, SUPPLY)
    while g.phase == SUPPLY:
        side = g.active_sides()[0]
        legal = g.legal_actions(side)
        g.apply(side, next((a for a in legal if a.kind == "no_execute"), legal[0]))
    assert g.phase == CARDS and g.crowned[LANCASTER] == -1 and g.heirs_lost == [0, 0]
    round_trip(g, "no PRETENDER")


@pytest.mark.parametrize("scenario", ["1460", "1470", "1483"])
def test_random_whole_games_save_and_load_after_every_action(scenario):
    states = sum(play_round_tripped(scenario, seed) for seed in range(1, 5))
    assert states > 4 * 50


@pytest.mark.parametrize("scenario", ["1460", "1470", "1483"])
def test_ai_whole_games_save_and_load_after_every_action(scenario):
    assert play_round_tripped(scenario, 1, "normal", "easy") > 20


# ------------------------------------------------------------------ battles, by hypothesis
#: Action kinds a battle-seeking player prefers: attacks (a move into an enemy area is still a
#: "move"), every battle decision but pass, and the political turn's choices.
BATTLE_KINDS = {"fire": 3, "charge": 4, "treachery": 4, "treason": 4, "retreat": 3,
                "regroup": 3, "hit": 1, "move": 2, "sea": 2, "activate": 2, "home": 1}


def _battle_seeking_choice(g: Game, rnd: random.Random, attack: int):
    s = g.active_sides()[rnd.randrange(len(g.active_sides()))]
    legal = g.legal_actions(s)
    lanc, york = g.presence()
    enemy = york if s == 0 else lanc
    weights = []
    for a in legal:
        w = BATTLE_KINDS.get(a.kind, 1)
        if a.kind in ("move", "sea") and enemy[a[-1]]:
            w *= attack                      # an attack
        weights.append(w)
    return s, rnd.choices(legal, weights)[0]


def _drive(scenario: str, seed: int, attack: int, seen: set) -> None:
    """Play a battle-seeking game to its end with a round trip after every action, adding
    to ``seen`` the kinds of action taken and the phases met (for the coverage test)."""
    rnd = random.Random(seed)
    g = new_game(scenario, seed=seed)
    n = 0
    while not g.is_over and n < 20_000:
        s, action = _battle_seeking_choice(g, rnd, attack)
        tied = action.kind == "hit"
        g.apply(s, action)
        seen.add("tied hits" if tied else action.kind)
        seen.add(g.phase)
        g = round_trip(g, f"{scenario} seed {seed} after action {n}")
        n += 1
    assert g.is_over


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(["1460", "1470", "1483"]), seed=st.integers(0, 2**32 - 1),
       attack=st.integers(5, 40))
def test_games_driven_into_battles_save_and_load_after_every_action(scenario, seed, attack):
    _drive(scenario, seed, attack, set())


def test_the_battle_seeking_driver_reaches_every_kind_of_battle_decision():
    """The property above covers what it claims: over a few seeded games the driver meets tied
    hits, charges, treachery, retreats, regroups and the political turn (each round-tripped)."""
    wanted = {"tied hits", "fire", "charge", "treachery", "retreat", "regroup", POLITICAL}
    seen = set()
    for seed, scenario in enumerate(["1460", "1470", "1483"] * 4):
        _drive(scenario, seed, 20, seen)
        if wanted <= seen:
            break
    assert wanted <= seen
