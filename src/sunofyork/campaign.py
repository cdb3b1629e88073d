"""9.3 The Wars of the Roses campaign: the battles in sequence, the first to nine victories (or
sudden death), the nobles' deaths (9.3.1), King Henry VI's state (9.3.2) and the crowning of
kings (9.3.3), carried from battle to battle in ``g.campaign`` (a dict, saved with the game):

- ``order``: the battles in order; ``index``: the one being fought (round again past the last:
  docs/sunofyork-rulings.md); ``wins``: [Lancaster, York]; ``results``: one entry a battle.
- ``dead``: [[keys], [keys]] the leaders dead; ``injured``: the leaders injured last battle.
- ``henry``: "free" (in good spirits), "perturbed", "at_next" (6: at the next battle),
  "captured" or "dead".
- ``kings``: [Lancaster's crowned card key, York's] ("henry_vi" / "henry_vii"; "" /
  "edward_iv" / "richard_iii" / "simnel").
- ``ready``: who has seen the campaign screen between battles.
"""

from __future__ import annotations

from .cards import HENRY_VI
from .scenario import CAMPAIGN_ORDER
from .state import BETWEEN, OVER

VICTORIES = 9
SUDDEN_DEATH_LEAD = 3
#: 9.3.3: the noble card that stands in for a king not yet crowned, where a scenario places him
STAND_IN = {"edward_iv": "march", "richard_iii": "gloucester"}
#: the royal leader cards that wait for their predecessor (9.3.3)
YORK_LINE = ("edward_iv", "richard_iii", "simnel")


def start(g) -> None:
    g.campaign = {"order": list(CAMPAIGN_ORDER), "index": 0, "wins": [0, 0], "results": [],
                  "dead": [[], []], "injured": [[], []], "henry": "free",
                  "kings": ["henry_vi", ""], "ready": [0, 0], "battle": ""}


def _key(g, side: int, cid: int) -> str:
    return g.decks[side][cid - 1].key


def bars(g, side: int, cid: int) -> bool:
    """Whether the campaign keeps leader card ``cid`` off the field (it stays an Orders card):
    dead (9.3.1), a king not yet crowned, or a noble card whose man has been crowned
    (9.3.3)."""
    c = g.campaign
    key = _key(g, side, cid)
    if not key:
        return False
    if key in c["dead"][side]:
        return True
    king = c["kings"][side]
    if side == 1:
        if key in YORK_LINE and key != king:
            return True
        if key == "march" and king in YORK_LINE:
            return True
        if key == "gloucester" and king in ("richard_iii", "simnel"):
            return True
    else:
        if key == "henry_vii" and king != "henry_vii":
            return True
    return False


def stand_in(g, side: int, key: str) -> str:
    """9.3.3: who takes a barred leader's place in a scenario's deployment: the noble card of
    a king not yet crowned, the king for his own noble card once crowned, the current king
    for Lambert Simnel (docs/sunofyork-rulings.md); "" for nobody."""
    if side == 1:
        if key in STAND_IN:
            return STAND_IN[key]
        if key == "march":
            return "edward_iv"
        if key == "gloucester":
            return "richard_iii"
        if key == "simnel":
            return g.campaign["kings"][1]
    return ""


def henry_available(g) -> bool:
    """King Henry VI comes to a battle unless captured, dead or perturbed (9.3.2)."""
    return g.campaign["henry"] in ("free", "at_next")


def margaret_available(g) -> bool:
    """Margaret of Anjou only until Henry VI is killed (9.3.2)."""
    return g.campaign["henry"] != "dead"


def beside(g, side: int) -> tuple:
    """9.3.2: on a 6 of the last roll "Henry is at the next battle": King Henry VI is put
    beside the field at setup with the scenario's own cards, before the shuffle and the deal,
    even where the scenario does not place him (docs/sunofyork-rulings.md)."""
    if side == 0 and g.campaign["henry"] == "at_next":
        return (HENRY_VI,)
    return ()


def before_battle(g, ev: list) -> None:
    """9.3: a battle of the campaign is laid out (its setup has put King Henry VI beside the
    field where 9.3.2 brings him, ``beside``): both players must see the campaign's state
    again after it."""
    g.campaign["ready"] = [0, 0]


def battle_over(g, winner: int) -> None:
    """A battle of the campaign is won: the victory counted, the nobles' rolls (9.3.1), Henry
    VI's roll (9.3.2), the crowns (9.3.3); then the campaign ends or waits between battles."""
    c = g.campaign
    loser = 1 - winner
    c["wins"][winner] += 1
    ev = [("campaign_victory", winner, c["battle"], tuple(c["wins"]))]
    henry_lives = c["henry"] != "dead"
    injured = [[_key(g, s, x) for x in g.fallen[s]] for s in (0, 1)]
    for s in (0, 1):
        for key in sorted(set(g.present[s])):
            if key in c["dead"][s]:
                continue
            hurt = key in injured[s]
            mod = (-1 if hurt else 0) if s == winner else (-3 if hurt else -2)
            if henry_lives:
                mod += 1
            r = g.roll()
            died = r + mod < 1
            ev.append(("noble_roll", s, key, r, mod, died))
            if died:
                _dies(g, s, key, ev)
    c["injured"] = injured
    # 9.3.2 Henry VI after each battle
    if c["henry"] not in ("captured", "dead"):
        present = g.henry == 1
        mod = (-1 if present else 0) + (-1 if loser == 0 else 0)
        r = g.roll()
        t = r + mod
        state = "captured" if t <= 1 else "perturbed" if t == 2 else "free" if t <= 5 \
            else "at_next"
        c["henry"] = state
        ev.append(("henry_roll", r, mod, state))
    _crown(g, ev)
    c["results"].append([c["battle"], winner])
    done = _campaign_winner(g)
    if done >= 0:
        g.winner = done
        g.reason = "campaign"
        g.phase = OVER
        ev.append(("campaign_won", done, tuple(c["wins"])))
    # logged after the events of the action that won the battle (Game.play)
    c["news"] = ev
    if done >= 0:
        return
    g.phase = BETWEEN
    c["ready"] = [0, 0]


def _dies(g, side: int, key: str, ev: list) -> None:
    c = g.campaign
    c["dead"][side].append(key)
    if side == 1 and key == "simnel":
        c["sudden"] = 0
    if side == 0 and key == "henry_vii":
        c["sudden"] = 1
    if side == 1 and key == c["kings"][1]:
        nxt = YORK_LINE.index(key) + 1
        c["kings"][1] = YORK_LINE[nxt] if nxt < len(YORK_LINE) else ""
        ev.append(("crowned", 1, c["kings"][1]))


def _crown(g, ev: list) -> None:
    """9.3.3: Edward IV crowned once the Duke of York is dead and Henry VI captured; Henry VII
    once Henry VI is dead."""
    c = g.campaign
    if not c["kings"][1] and "duke_of_york" in c["dead"][1] and c["henry"] in ("captured", "dead"):
        c["kings"][1] = "edward_iv"
        ev.append(("crowned", 1, "edward_iv"))
    if c["henry"] == "dead" and c["kings"][0] == "henry_vi":
        c["kings"][0] = "henry_vii"
        ev.append(("crowned", 0, "henry_vii"))


def _campaign_winner(g) -> int:
    """9.3: nine victories; or sudden death (Lambert Simnel's or Henry VII's) with a lead of
    three victories."""
    c = g.campaign
    for s in (0, 1):
        if c["wins"][s] >= VICTORIES:
            return s
    s = c.get("sudden", -1)
    if s >= 0 and c["wins"][s] - c["wins"][1 - s] >= SUDDEN_DEATH_LEAD:
        return s
    return -1


def legal_between(g, side: int) -> list:
    return [("next",)]


def apply_between(g, side: int, a: tuple, ev: list) -> str:
    """A player has seen the campaign's state; once both have, the prisoner's roll (9.3.2) and
    the id of the next battle to lay out (round again from the first after the last); ""
    while one still has to look."""
    c = g.campaign
    c["ready"][side] = 1
    if not all(c["ready"]):
        return ""
    c["index"] += 1
    if c["henry"] == "captured" and c["kings"][1]:
        mod = -1 if c["wins"][1] >= 4 else 0
        r = g.roll()
        t = r + mod
        c["henry"] = "dead" if t <= 3 else "captured" if t == 4 else "perturbed" if t == 5 \
            else "free"
        ev.append(("prisoner_roll", r, mod, c["henry"]))
        _crown(g, ev)
    return c["order"][c["index"] % len(c["order"])]


def public(g) -> dict:
    c = g.campaign
    return {k: (v[:] if isinstance(v, list) else v) for k, v in c.items()}
