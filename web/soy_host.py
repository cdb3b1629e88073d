"""Sun of York's side of the page, in the engine's worker (issue 54): its game, its AI and its
saves, beside Richard III's (game_host.py). worker.py hands every call to this module's host
while a Sun of York game is held; the `sunofyork` package is imported only when such a game is
started or loaded (sunofyork() below), so a Richard III game never imports it.

The page gets, as from game_host, one JSON string per call:

- ``status()``: public facts only ("title": "sunofyork", who must decide, the winner);
- ``view(side)``: that side's observation (Game.observation: the enemy's face-down cards are
  counts), the printed facts of every card it names ("cards", keyed "SIDE:ID"; both decks are
  public), its legal actions as notations ("deploy 16 3": the verb and the ints of the action
  tuple) each with its words (narrate.describe_action), the log in English (Game.log_for), and
  what lies beside the field (weather, stream, bridge, Margaret of Anjou, King Henry VI), the
  deck note (the stand-in note, or which deck was loaded from a file: deck_note) and
  "rolls", the dice of the last action that rolled (rolls_of);
- ``act``, ``ai_step``: {"status", "view", "save"}, as game_host's answer();
- ``replay_open``, ``replay_view``, ``replay_close``: a finished battle (or campaign) stepped
  through, as game_host's (Timeline: the game rebuilt from its record, with its decks), from
  either side or both face up (table_view's ``both``).

A view holds "campaign" (campaign_part) in a campaign: what the campaign screen between battles
draws.

A save is {"format": "sunofyork-save", "version": 1, "title": "sunofyork", "controllers",
"scenario", "seed", "options", "record": every action, "state": Game.to_json() where the engine
has it, "decks": "standard" or both decks in full, as the engine's record has them}; a Richard
III save is refused here with a sentence, and game_host refuses this one. ``new_game`` takes
the deck files a player loaded (read_decks: checked by the engine's load_deck).

Pure Python, no browser import: tests/test_soy_host.py runs it directly.
"""

from __future__ import annotations

import hashlib
import json
import secrets

SAVE_FORMAT = "sunofyork-save"
SAVE_VERSION = 1
SIDES = ("Lancaster", "York")
#: The viewpoint of a replay with both sides face up.
BOTH = "both"
#: A replay keeps a copy of the game every SNAPSHOT actions.
SNAPSHOT = 16
LEVELS = ("easy", "normal", "hard", "expert")
LOG_TAIL = 200
#: The note shown wherever cards are (issue 54, item 6).
STAND_IN_NOTE = ("The decks are this project's own stand-ins for GMT's printed cards, made from "
                 "what the rulebook says.")

#: What to do, by the engine's phase name, in one line (rule numbers as the rulebook's).
PROMPTS = {
    "less random deployment": "Swap cards you do not want for new ones, then keep the rest "
                              "(4.0).",
    "deployment": "Deploy: tap a card you were dealt, then a lit rear position to place it "
                  "face-down; the rest stay in your hand (4.0).",
    "terrain": "Terrain: play terrain cards from your hand onto a position, or none (7.0).",
    "initiative": "Initiative: choose who takes the first steps this turn (6.1).",
    "morale": "Morale (6.2.1).",
    "leader commitment": "Leader commitment: commit leaders to the fight, then go on "
                         "(6.2.2).",
    "combat": "Combat: tap a unit, then a lit enemy position to declare an attack; then Roll "
              "(6.2.2).",
    "damage": "Damage: choose which of your units takes the next hit (6.2.2).",
    "movement": "Movement: spend cards as orders, tap a unit then a lit position to move it, "
                "or bring a card from your hand onto the field (6.2.3).",
    "discard": "Discard: discard cards you do not want, then draw up to your hand size "
               "(6.2.4).",
    "between battles": "Between battles: go on to the next battle of the campaign (9.3).",
}


def sunofyork():
    """The Sun of York engine, imported on first use (a Richard III game never imports it)."""
    import sunofyork as soy
    import sunofyork.narrate  # noqa: F401
    return soy


class SaveError(ValueError):
    """A save the page must refuse; the message is shown to the player as it is."""


def notation(action) -> str:
    """An action tuple as the page sends it back: "deploy 16 3"."""
    return " ".join(str(x) for x in action)


def parse_notation(text: str) -> tuple:
    verb, *rest = str(text).split()
    return (verb, *(int(x) for x in rest))


def make_agent(level: str, seed):
    """The engine's AI at ``level`` (sunofyork.ai.get_agent: random, easy, normal, hard,
    expert)."""
    from sunofyork.ai import get_agent  # only a Sun of York game loads its AI
    return get_agent(level, seed)


def agent_seed(seed: int, side: str) -> int:
    digest = hashlib.sha256(f"sunofyork-agent:{seed}:{side}".encode()).hexdigest()
    return int(digest[:15], 16)


def scenarios() -> list[dict]:
    """The 20 battles, the random one and the campaign, for the New game dialog: id, title
    (name and date) and summary line (who attacks, the weather, the special rules)."""
    soy = sunofyork()
    out = []
    for sid in soy.SCENARIO_IDS:
        sc = soy.load_scenario(sid)
        out.append({"id": sid, "name": sc.title, "history": sc.summary})
    out.append({"id": "campaign", "name": "Campaign: the battles in order (9.3)",
                "history": "Every battle of the campaign in order, until one side has nine "
                           "victories; nobles may die between battles."})
    return out


def page_data() -> dict:
    """What build.py writes into mpy.json's "sunofyork" section for the main thread."""
    return {"scenarios": scenarios(), "note": STAND_IN_NOTE}


def card_facts(card) -> dict:
    """A card's printed facts, for drawing it as a card."""
    out = {"kind": card.kind, "type": card.type, "name": card.name, "orders": card.orders}
    if card.kind == "unit":
        out.update(cls=card.unit_class, ability=card.ability, long=card.long_range,
                   cohesion=card.cohesion, veteran=card.veteran, move=card.move)
    elif card.kind == "leader":
        out.update(ability=card.ability, leadership=card.leadership, royal=card.royal,
                   loyal=card.loyal)
    return out


# The log's events that roll dice (the tuples of g.log; narrate.py says them in words): for each,
# (its dice, added to each, the most a die may show to succeed or None where no die alone
# decides, what the roll made in a word or two, whose card rolled (index of its id) or None).
def _plural(n, word):
    return f"{n} {word}" + ("" if n == 1 else "s")


ROLLS = {
    "attack": lambda e: (e[5], 0, e[4], _plural(e[6], "hit"), 2),        # 6.2.2
    "artillery": lambda e: (e[5], 0, 5, _plural(e[6], "hit"), 2),        # 8.0
    "morale": lambda e: (e[3], e[4], None, "passes" if e[5] else "fails", 2),  # 6.2.1
    "leader_check": lambda e: (e[3], 0, 5, "survives", 2),               # 6.2.1: a 6 kills
    "leader_killed": lambda e: (e[3], 0, 5, "falls", 2),
    "flank_roll": lambda e: ((e[4],), e[5], 3, "enters" if e[6] else "fails", 2),  # 6.2.3 B
    "confusion": lambda e: ((e[5],), e[6], 2, "confusion" if e[7] else "nothing", 2),  # 8.0
    "rallied": lambda e: ((e[3],), 0, None, f"rallies {e[3]}", 2),
    "treason": lambda e: ((e[4],), 0, None, "treason" if e[5] else "stays loyal", 2),
    "initiative_roll": lambda e: ((e[2],), e[3], None, f"initiative {e[2] + e[3]}", None),
    "margaret_roll": lambda e: ((e[2],), 0, None, "Margaret of Anjou", None),
    "elimination_roll": lambda e: ((e[2],), 0, None, _plural(e[3], "card") + " out", None),
    "noble_roll": lambda e: ((e[3],), e[4], None, "dies" if e[5] else "lives", None),
    "henry_roll": lambda e: ((e[1],), e[2], None, "King Henry VI", None),
    "prisoner_roll": lambda e: ((e[1],), e[2], None, "King Henry VI", None),
}


def rolled(e) -> bool:
    """Whether log event `e` rolled dice (a leader killed alone with the enemy rolls none)."""
    how = ROLLS.get(e[0])
    return how is not None and len(how(e)[0]) > 0


def rolls_of(g, events, side: int) -> list:
    """The dice rolled in `events` (events of g.log that `side` may see), each as {"kind",
    "side" (who rolled: "Lancaster", "York" or null), "card" (the card that rolled, by name,
    or ""), "made" (the result in a word or two: "2 hits", "passes"), "dice": [{"pips",
    "made": true (a hit, it enters, he survives), false, or null (no die alone decides)}],
    "text": the log's sentence}."""
    from sunofyork.narrate import sentence
    out = []
    for e in events:
        if not rolled(e):
            continue
        dice, add, need, made, at = ROLLS[e[0]](e)
        who = e[1] if e[0] not in ("henry_roll", "prisoner_roll") else None
        out.append({"kind": e[0], "side": SIDES[who] if who in (0, 1) else None,
                    "card": g.card(who, e[at]).name if at is not None else "", "made": made,
                    "dice": [{"pips": r, "made": None if need is None else r + add <= need}
                             for r in dice],
                    "text": sentence(g, e, side)})
    return out


def last_roll(log) -> tuple:
    """(start, end) of the last roll in `log` as a loaded game shows it: the last event that
    rolled and the events of the same kind just before it (one Roll's attacks, say), with
    what they caused between them."""
    ends = [i for i, e in enumerate(log) if rolled(e)]
    if not ends:
        return (0, 0)
    end = start = ends[-1]
    while start > 0 and log[start - 1][0] in (log[end][0], "leader_hit"):
        start -= 1
    return (start, end + 1)


class DeckFileError(ValueError):
    """A deck file the engine's loader refused; the message says which side's file and the
    loader's words (the card and the field)."""


def read_decks(decks) -> tuple | None:
    """(Lancaster, York) card tuples for new_game from the deck files a player loaded
    ({side: {"name", "text"}}, either side missing: that side's stand-in), or None when none
    was loaded. Raises DeckFileError naming the side and the loader's problem."""
    if not decks:
        return None
    soy = sunofyork()
    out = []
    for side in SIDES:
        file = decks.get(side)
        if not file:
            out.append(soy.standard_deck(SIDES.index(side)))
            continue
        name = str(file.get("name") or f"{side.lower()} deck")
        try:
            out.append(soy.load_deck(str(file.get("text") or ""), name, side=side))
        except ValueError as error:
            raise DeckFileError(f"The {side} deck file was not loaded, and no game was "
                                f"started: {error}") from None
    return tuple(out)


def deck_note(stand_in) -> str:
    """The note shown with the cards: the stand-in note, or which side's deck was loaded
    from a file (`stand_in`: the observation's [Lancaster, York] flags)."""
    if all(stand_in):
        return STAND_IN_NOTE
    said = [f"{side}: deck loaded from file" if not own else
            f"{side}: this project's stand-in deck, not GMT's printed cards"
            for side, own in zip(SIDES, stand_in)]
    return "; ".join(said) + "."


class SoyHost:
    """One Sun of York game and who plays each side ("human" or an AI level)."""

    def __init__(self):
        self.game = None
        self.controllers = {}
        self.agents = {}
        self.rolled = (0, 0)  # the log's events of the last action that rolled dice
        self.review = None     # the replay open (Timeline), and the viewpoints it allows
        self.review_viewpoints = ()

    # ----------------------------------------------------------------- starting, saves
    def new_game(self, scenario: str, seed, controllers: dict, options=0, decks=None) -> str:
        """A new battle (or campaign). `decks`: optional deck files a player loaded, as
        {"Lancaster"/"York": {"name": file name, "text": its TOML}}; each is checked by the
        engine's loader (sunofyork.load_deck) and a bad one raises DeckFileError with the
        loader's sentence, the game held before left as it was."""
        soy = sunofyork()
        seed = int(seed) if seed not in (None, "") else secrets.randbits(63)
        loaded = read_decks(decks)
        game = soy.new_game(str(scenario), seed=seed, options=int(options or 0), decks=loaded)
        self._set_controllers(controllers, seed)
        self.game = game
        self.rolled = (0, 0)
        return self.answer()

    def _set_controllers(self, controllers: dict, seed: int) -> None:
        ctl = {}
        for side in SIDES:
            who = controllers.get(side, "human")
            if who != "human" and who not in LEVELS:
                raise SaveError(f"unknown player for {side}: {who!r}")
            ctl[side] = who
        self.controllers = ctl
        self.agents = {side: make_agent(who, agent_seed(seed, side))
                       for side, who in ctl.items() if who != "human"}

    def save(self) -> str:
        g = self.game
        if g is None:
            raise SaveError("no game to save")
        data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "title": "sunofyork",
                "controllers": self.controllers, "scenario": g.scenario, "seed": g.seed,
                "options": g.options, "record": g.record}
        data["state"] = json.loads(g.to_json())
        data["decks"] = self._decks()
        return json.dumps(data, separators=(",", ":"))

    def _decks(self):
        """The decks as the engine's record has them: "standard" (the stand-ins) or both
        decks in full (a deck loaded from a file), so that a save or record replays with
        them."""
        from sunofyork.record import record_dict
        g = self.game
        if all(g.decks[s] == sunofyork().standard_deck(s) for s in (0, 1)):
            return "standard"
        return record_dict(g)["decks"]

    def record(self) -> str:
        g = self.game
        if g is None:
            raise SaveError("There is no game to export.")
        from sunofyork.record import record_json  # the engine, loaded with the game
        return record_json(g)

    def load(self, text: str) -> str:
        game, controllers = parse_save(text)
        self.game = game
        self.rolled = last_roll(game.log)
        self._set_controllers(controllers, game.seed if isinstance(game.seed, int) else 0)
        return self.answer()

    # ---------------------------------------------------------------------- status
    def _human(self, side: str) -> bool:
        return self.controllers.get(side) == "human"

    def status(self) -> str:
        return json.dumps(self._status())

    def _status(self) -> dict:
        g = self.game
        if g is None:
            return {"game": False}
        active = [SIDES[s] for s in g.active_sides()]
        humans = [s for s in active if self._human(s)]
        camp = g.campaign
        return {"game": True, "title": "sunofyork", "scenario": g.scenario,
                "controllers": self.controllers, "active": active, "humans": humans,
                "ai_pending": len(humans) < len(active), "over": g.is_over,
                "winner": SIDES[g.winner] if g.winner >= 0 else None,
                "reason": g.reason or None,
                "campaign": (camp["index"] + 1) if isinstance(camp, dict) else 1,
                "turn": g.turn}

    def answer(self, watcher: str = "") -> str:
        out = {"status": self._status(), "save": self.save(),
               "view": self._view(watcher) if watcher and self._shown_next(watcher) else None}
        return json.dumps(out)

    def _shown_next(self, side: str) -> bool:
        g = self.game
        humans = [SIDES[s] for s in g.active_sides() if self._human(SIDES[s])]
        return g.is_over or not humans or side in humans

    # ------------------------------------------------------------------------ views
    def view(self, side: str) -> str:
        return json.dumps(self._view(side))

    def _view(self, side: str) -> dict:
        g = self.game
        if side not in SIDES:  # "both" (a watched game): York's view, nothing more
            side = SIDES[1]
        s = SIDES.index(side)
        deciding = self._human(side) and s in g.active_sides()
        return dict(table_view(g, s, deciding, roll=self.rolled),
                    controllers=self.controllers)

    # ------------------------------------------------------------------------ replay
    def replay_open(self, text: str = "", side: str = "") -> str:
        """Open the replay of a battle (or campaign): `text`, a save or record file of a
        finished game, or "" for the game held here. As game_host.GameHost.replay_open:
        {"replay": {"steps", "turns", "viewpoints", "over", "winner", "reason", "scenario",
        "source", "balance": None, "swings": None}}, or {"replay": None, "unfinished": True}
        for a file whose game goes on. A game in progress is seen only from `side`, a human
        side of it; a finished one (or the AI's against itself) from either side or both."""
        sunofyork()
        from sunofyork.record import ReplayError, replay  # the engine, loaded just above
        if text:
            try:
                game = parse_save(text)[0] if json.loads(text).get("format") == SAVE_FORMAT \
                    else replay(text)
            except (ReplayError, AttributeError, ValueError) as exc:
                raise SaveError(f"This file cannot be replayed: {exc}") from None
            if not game.is_over:
                return json.dumps({"replay": None, "unfinished": True})
            viewpoints, source = (*SIDES, BOTH), "file"
        else:
            game, source = self.game, "game"
            if game is None or game.record is None:
                raise SaveError("There is no game with a record to replay.")
            if game.is_over or not any(self._human(x) for x in SIDES):
                viewpoints = (*SIDES, BOTH)
            elif self._human(side):
                viewpoints = (side,)
            else:
                raise SaveError("A game in progress is reviewed from a human player's side.")
        self.review = Timeline(game)
        self.review_viewpoints = viewpoints
        return json.dumps({"replay": {
            "steps": self.review.steps, "turns": self.review.turns,
            "viewpoints": list(viewpoints), "over": game.is_over,
            "scenario": self.review.title, "source": source,
            "winner": SIDES[game.winner] if game.winner >= 0 else None,
            "reason": game.reason or None, "balance": None, "swings": None,
            "game": "sunofyork"}})

    def replay_view(self, step: int, viewpoint: str, since: int = -1) -> str:
        """The replay's view at `step` (0..steps) from `viewpoint` (one replay_open allowed):
        table_view with no choices (both sides face up for "both"), and "replay": {"step",
        "turn"}. SaveError without a replay open, IllegalAction for a viewpoint not
        allowed, ValueError for a step out of range."""
        review = self.review
        if review is None:
            raise SaveError("No replay is open.")
        if viewpoint not in self.review_viewpoints:
            raise sunofyork().IllegalAction(f"this replay cannot be seen from {viewpoint!r}")
        step = int(step)
        g = review.game_at(step)
        both = viewpoint == BOTH
        view = table_view(g, 0 if both else SIDES.index(viewpoint), False, both)
        view["controllers"] = self.controllers
        view["replay"] = {"step": step, "turn": review.turn_at(step)}
        return json.dumps(view)

    def replay_close(self) -> str:
        """Close the replay (its copies of the game are freed)."""
        self.review, self.review_viewpoints = None, ()
        return json.dumps({"closed": True})

    # --------------------------------------------------------------------- deciding
    def act(self, side: str, *notations: str) -> str:
        soy = sunofyork()
        if not self._human(side):
            raise soy.IllegalAction(f"{side} is played by the AI")
        before, rolled = self.game.copy(), self.rolled
        try:
            for text in notations:
                self._apply(SIDES.index(side), parse_notation(text))
        except Exception:
            self.game, self.rolled = before, rolled
            raise
        return self.answer(side)

    def _apply(self, s: int, action) -> None:
        """Apply `action` of side `s`; if it rolled dice, they are the last roll shown."""
        g = self.game
        start = len(g.log)
        g.apply(s, action)
        if any(rolled(e) for e in g.log[start:]):
            self.rolled = (start, len(g.log))

    def undo(self, side: str) -> str:
        raise sunofyork().IllegalAction("Undo is not offered in Sun of York yet.")

    def ai_step(self, watcher: str = "") -> str:
        g = self.game
        for s in g.active_sides():
            name = SIDES[s]
            if not self._human(name):
                action = self.agents[name].choose(g.copy(), s)
                self._apply(s, action)
                break
        return self.answer(watcher)

    def hint(self, side: str) -> list:
        return []

    def odds(self, side: str):
        return None


def table_view(g, s: int, deciding: bool, both: bool = False, roll=None) -> dict:
    """The view of game ``g`` from side ``s`` (0/1): its observation, the printed facts of
    the cards it names, its choices in words when ``deciding``, its log, what lies beside the
    field (with the deck note, deck_note), the dice of the last roll ("rolls", rolls_of: the
    events ``roll`` (start, end) of g.log, or last_roll's where None, as a loaded game or a
    replay's step shows them), the campaign (campaign_part) and, once over, the summary.
    ``both``: every card face up (a finished game's replay): the field with both sides'
    face-down cards, the enemy's hand and dealt cards under "foe_hand", every roll seen."""
    from sunofyork.game import visible  # the engine, loaded by now
    from sunofyork.narrate import SPECTATOR, describe_action, sentence
    obs = g.observation(s)
    if both:
        other = g.observation(1 - s)
        obs["field"] = [[x for x in mine if x["side"] == s] + [x for x in theirs
                                                                 if x["side"] != s]
                        for mine, theirs in zip(obs["field"], other["field"])]
        obs["foe_hand"] = other["dealt"] + other["hand"]
        log = [sentence(g, ev, SPECTATOR) for ev in g.log]
    else:
        log = g.log_for(s)
    tail = log if g.is_over else log[-LOG_TAIL:]
    cards = {}

    def name(t, c):
        if c and 0 < c <= len(g.decks[t]):
            cards[f"{t}:{c}"] = card_facts(g.card(t, c))

    for p in obs["field"]:
        for x in p:
            if not x.get("hidden"):
                name(x["side"], x["card"])
    for c in obs["hand"] + obs["dealt"]:
        name(s, c)
    for c in obs.get("foe_hand", ()):
        name(1 - s, c)
    for t in (0, 1):
        for c in obs["discards"][t] + obs["beside"][t]:
            name(t, c)
    choices = []
    if deciding:
        for a in g.legal_actions(s):
            choices.append({"notation": notation(a), "verb": a[0],
                            "text": describe_action(g, s, a), "ints": list(a[1:])})
            for x in a[1:2]:
                name(s, x)
    obs = dict(obs, log=tail[-3:])
    sc = g.sc
    out = {
        "game": "sunofyork", "side": SIDES[s], "obs": obs, "cards": cards,
        "actions": [c["notation"] for c in choices], "choices": choices,
        "prompt": PROMPTS.get(obs["phase"], "") if deciding else "",
        "log_plain": tail, "log_count": len(log),
        "public": {"title": sc.title, "weather": g.weather, "attacker": g.attacker,
                   "stream": g.stream[:], "bridge": g.bridge[:],
                   "margaret_on": g.margaret_on[:], "henry": g.henry,
                   "columns": list(g.columns),
                   "note": deck_note(obs.get("stand_in") or (True, True))},
        "campaign": campaign_part(g, s), "can_undo": False,
        "rolls": rolls_of(g, [e for e in g.log[slice(*(roll or last_roll(g.log)))]
                              if both or visible(e, s)], SPECTATOR if both else s),
    }
    if both:
        out["viewpoint"] = "both"
    if g.is_over:
        out["summary"] = {"winner": SIDES[g.winner] if g.winner >= 0 else None,
                          "reason": g.reason, "turn": g.turn}
    return out


#: King Henry VI's state between battles (9.3.2), in words.
HENRY_WORDS = {"free": "in good spirits: he comes to the next battle",
               "at_next": "at the next battle (he rolled a 6)",
               "perturbed": "perturbed: he misses the next battle",
               "captured": "captured by York", "dead": "dead in captivity"}
#: A crowned king who is no leader card (King Henry VI is a card beside the field, 9.3.2).
KINGS = {"henry_vi": "King Henry VI"}
#: The royal leader cards whose use the campaign decides (9.3.3), by side.
ROYAL_KEYS = (("henry_vii",), ("edward_iv", "richard_iii", "simnel", "march", "gloucester"))


def campaign_part(g, s: int):
    """The campaign as side ``s`` may read it (9.3), or None outside a campaign: the
    victories ("wins" [Lancaster, York], "to_win" nine), the battles played with their
    winners, the last battle's rolls (the nobles' deaths, 9.3.1, and Henry VI's, 9.3.2), the
    nobles dead, King Henry VI's state, the crowned kings and which royal cards are leaders
    or Orders cards only now (9.3.3), and the next battle (None once the campaign is won)."""
    from sunofyork import campaign as camp  # the engine, loaded by now
    from sunofyork import load_scenario
    from sunofyork.narrate import sentence
    from sunofyork.state import BETWEEN
    c = g.campaign
    if c is None:
        return None

    def title(sid):
        return load_scenario(sid).title

    def leader(t, key):
        card = next((x for x in g.decks[t] if x.key == key), None)
        return card.name if card else KINGS.get(key, key.replace("_", " "))

    last = max((i for i, ev in enumerate(g.log) if ev[0] == "campaign_victory"), default=-1)
    rolls = []
    if last >= 0:
        for ev in g.log[last:]:
            if ev[0] == "noble_roll":
                t, key, r, mod, died = ev[1:6]
                rolls.append({"side": SIDES[t], "leader": leader(t, key), "roll": r,
                              "mod": mod, "total": r + mod, "died": died})
    royal = []
    for t, keys in enumerate(ROYAL_KEYS):
        for key in keys:
            card = next((x for x in g.decks[t] if x.key == key), None)
            if card is not None:
                barred = camp.bars(g, t, card.id)
                why = "" if not barred else "dead" if key in c["dead"][t] else \
                    "crowned: the king’s card leads instead" if key in camp.STAND_IN.values() else "not crowned"
                royal.append({"side": SIDES[t], "name": card.name, "leader": not barred,
                              "why": why})
    over = g.is_over
    order = c["order"]
    nxt = order[(c["index"] + 1) % len(order)]
    return {
        "wins": c["wins"][:], "to_win": camp.VICTORIES, "battle": title(c["battle"]),
        "between": g.phase == BETWEEN,
        "results": [{"battle": title(sid), "winner": SIDES[w]} for sid, w in c["results"]],
        "rolls": rolls,
        "henry": c["henry"], "henry_words": HENRY_WORDS.get(c["henry"], c["henry"]),
        "henry_rolls": [sentence(g, ev, s) for ev in g.log
                        if ev[0] in ("henry_roll", "prisoner_roll")],
        "dead": {SIDES[t]: [leader(t, k) for k in c["dead"][t]] for t in (0, 1)},
        "kings": {SIDES[t]: leader(t, c["kings"][t]) if c["kings"][t] else ""
                  for t in (0, 1)},
        "royal": royal,
        "next": None if over else {"id": nxt, "title": title(nxt)},
    }


class Timeline:
    """A game's record stepped through (the replay): step ``n`` is the game after its first
    ``n`` actions, reached from a copy kept every SNAPSHOT actions. ``turns``: one dict a turn
    of a battle played, {"start", "end" (the next one's start), "label"} ("Deployment",
    "Turn 3"; in a campaign the battle's name first)."""

    def __init__(self, game):
        soy = sunofyork()
        g = soy.new_game(game.scenario, seed=game.seed, options=game.options, decks=game.decks)
        self.actions = [(int(s), tuple(a)) for s, a in game.record]
        self.steps = len(self.actions)
        self.title = "the campaign" if g.campaign is not None else g.sc.title
        self._copies = [g.copy()]
        marks = [self._mark(g)]
        for n, (s, a) in enumerate(self.actions, 1):
            g.play(s, a)   # the record was checked by the game that made it, or by replay()
            marks.append(self._mark(g))
            if n % SNAPSHOT == 0:
                self._copies.append(g.copy())
        self.turns = []
        for n, (key, label) in enumerate(marks):
            if self.turns and self.turns[-1]["key"] == key:
                continue
            if self.turns:
                self.turns[-1]["end"] = n
            self.turns.append({"key": key, "start": n, "label": label})
        for t in self.turns:
            del t["key"]
        self.turns[-1]["end"] = self.steps

    @staticmethod
    def _mark(g):
        where = "Deployment" if g.turn == 0 else f"Turn {g.turn}"
        if g.campaign is None:
            return (g.turn,), where
        c = g.campaign
        return (c["index"], g.turn), f"{g.sc.name}: {where[0].lower()}{where[1:]}"

    def game_at(self, step: int):
        """The game after the first ``step`` actions (a copy); ValueError outside
        0..steps."""
        from roses.timeline import game_at  # the engine's wheel, loaded with the game
        return game_at(self._copies, self.actions, step, type(self._copies[0]).play, SNAPSHOT)

    def turn_at(self, step: int) -> int:
        """The index in ``turns`` of the turn being played at ``step``."""
        return max(i for i, t in enumerate(self.turns) if t["start"] <= step or i == 0)


def parse_save(text) -> tuple:
    """(Game, controllers) from a save; SaveError with a sentence for anything else."""
    soy = sunofyork()
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise SaveError("This file is not a Sun of York save (it is not JSON).") from None
    if not isinstance(data, dict):
        raise SaveError("This file is not a Sun of York save.")
    if data.get("format") == "richard3-save" or data.get("format") == "richard3-record":
        raise SaveError("This is a Richard III save, not a Sun of York one: load it from the "
                        "start screen as a Richard III game.")
    fmt = data.get("format")
    if fmt not in (SAVE_FORMAT, "sunofyork-record"):
        raise SaveError("This file is not a Sun of York save.")
    if fmt == SAVE_FORMAT:
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise SaveError("This save is damaged: its version number is not valid.")
        if version > SAVE_VERSION:
            raise SaveError(f"This save comes from a newer version of the game (save format "
                            f"{version}); this page reads format {SAVE_VERSION}.")
    scenario = data.get("scenario")
    if scenario not in (*soy.SCENARIO_IDS, "campaign"):
        raise SaveError(f"This save is damaged: it names scenario “{str(scenario)[:40]}”, "
                        f"which Sun of York does not have.")
    controllers = data.get("controllers") if fmt == SAVE_FORMAT else None
    if controllers is None:
        controllers = {side: "human" for side in SIDES}
    if not isinstance(controllers, dict) or any(
            controllers.get(s, "human") not in ("human", *LEVELS) for s in SIDES):
        raise SaveError("This save is damaged: it does not say who plays each side.")
    game = None
    if isinstance(data.get("state"), dict):
        try:
            game = soy.Game.from_json(json.dumps(data["state"]))
            game.active_sides()
        except Exception:  # noqa: BLE001 -- rebuilt from the record below
            game = None
    if game is None:
        actions = data.get("record") if fmt == SAVE_FORMAT else data.get("actions")
        try:
            from sunofyork.record import replay
            game = replay({"scenario": scenario, "seed": int(data["seed"]),
                           "options": int(data.get("options") or 0),
                           "decks": data.get("decks", "standard"),
                           "actions": [(int(s), tuple(a)) for s, a in actions]})
        except Exception:  # noqa: BLE001
            raise SaveError("This save is damaged: its record of moves does not replay, so "
                            "it cannot be loaded.") from None
    return game, controllers
