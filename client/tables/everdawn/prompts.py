"""The Everdawn table's words: the status line, the prompt in the phase band, the
reaction hand-off text and the log's sentences."""
from __future__ import annotations

from engine.core.text import count, possessive
from engine.everdawn import match as EM

from client.tables.everdawn.anims import ClashAnim
from client.tables.everdawn.common import card_of

CHOICE_PROMPT = {
    EM.CH_PLACE: "Choose where {card} goes: click a lit slot",
    EM.CH_SET_OPP: "Choose an opposing creature to set: click it",
    EM.CH_SWAP_ITEM: "Training Camp: click the item to take off",
    EM.CH_SWAP_HAND: "Training Camp: click the item in your hand to put on",
    EM.CH_RELOCATE: "Road Sanctuary: click where the creature goes",
    EM.CH_REFORGE: "Reforge: choose the creature to take from your deck",
    EM.CH_SCOUT: "Scouting Report: choose the card to take",
    EM.CH_SCOUT_ORDER: "Scouting Report: choose the card to put back {where}",
    EM.CH_REDIRECT_ATTACK: "Resting Fortress: click the attacker to redirect",
    EM.CH_REDIRECT_LANE: "Resting Fortress: click the lane the attack now goes to",
    EM.CH_BOTTOM_CREATURES: "Defeated cards: choose the creature to put {low} of your creature deck",
    EM.CH_BOTTOM_SUPPORT: "Returned cards: choose the card to put {low} of your support deck",
}

class EverdawnPrompts:
    # ================================================================ text
    def opening_events(self, start):
        """The first player's turn 1 and set-up happen as the match is created."""
        p = start.first_player()
        out = [("turn", 1, p)]
        if start.is_set_up(p):
            out.append(("setup", p, [start.creature_at(p, s_) for s_ in EM.LANES],
                        [start.creature_at(p, s_) for s_ in EM.BENCH]))
        return out

    def log_event_text(self, m, ev) -> str:
        text = super().log_event_text(m, ev)
        v = m.event(ev)
        k = v.kind if ev else ""
        if k == "setup":
            return text.rstrip(".") + " — placed, not played: no “When played” effects."
        if k == "place" and m.sudden_death() and v.slot == 1:
            return text.rstrip(".") + " (placed, not played)."
        if k == "trigger" and v.when == "when_played" and text.endswith(": When played."):
            idle = self._idle_when_played(m, ev)
            if idle:
                return text[:-1] + " — " + idle + "."
        return text

    def _idle_when_played(self, m, ev) -> str:
        """Why a "When played" that adds a creature did nothing ("" when it did, or waits
        for a choice): read from the events after it in the same action."""
        from engine.everdawn.cards import CARDS_BY_CODE
        v = m.event(ev)
        code, p = v.card, v.player
        ops = [op for op, *_ in (CARDS_BY_CODE[code].effect if code >= 0 else ())]
        if not ops or ops[0] not in ("add_creature", "bench_creature"):
            return ""
        events = self._log_events or ()
        i = self._log_at
        if not events or not (0 <= i < len(events)) or events[i] is not ev:
            return ""
        for later in map(m.event, events[i + 1:]):
            if later.kind in ("trigger", "turn", "phase"):
                break
            if later.kind == "place" and later.player == p:
                return ""
        if m.phase() == "choice" and m.pending()[0] == EM.CH_PLACE and m.pending()[1] == p:
            return ""
        if not m.cdeck[p]:
            return "the creature deck is empty, nothing to add"
        where = "bench slots 2 and 3" if ops[0] == "bench_creature" else "bench slots 2 and 3 and the lanes"
        return f"nowhere to add a creature ({where} are full)"

    def reaction_text(self, seat) -> str:
        m = self.match
        ph = m.phase()
        tp = m.turn_player()
        if ph == "defender_spells":
            n = len(m.attacks())
            return (f"{self.names[tp]} declared {count(n, 'attack')} on you. Your spell window: "
                    "cast a combat spell into a lane, or pass.")
        if ph == "order":
            return "several attacks go into one of your creatures; choose the one it takes first."
        if ph == "choice":
            return m.prompt()
        return super().reaction_text(seat)

    def answer_words(self, seat) -> str:
        """Hot seat: what the other player did in ``seat``'s turn since ``seat`` last had
        the screen, for the short return ("cast Shield Wall into lane 2", "cast no combat
        spell", "chose to meet Blood Leech first")."""
        s = self.session
        n, other = len(s), 1 - seat
        i = n
        while i > 0 and s.actor(i - 1) == other and s.turn_at(i - 1) == self.match.turn():
            i -= 1
        m = s.state_at(i)
        parts, passed = [], False
        for k in range(i, n):
            a = tuple(s.record.actions[k])
            if a[0] == EM.CAST:
                t = m.action_text(a)
                parts.append(t[0].lower() + t[1:])
            elif a[0] == EM.ORDER:
                c = card_of(m.creature_at(seat, a[1]))
                parts.append(f"chose to meet {c.name} first" if c is not None else "chose the order of the attacks")
            elif a[0] == EM.CHOOSE:
                t = m.action_text(a)
                parts.append(t[0].lower() + t[1:])
            elif a[0] == EM.PASS:
                passed = True
            m.apply(a)
        if not parts:
            return "cast no combat spell" if passed else ""
        return ", then ".join(parts)

    def status_text(self):
        r = self.result()
        if r is not None and not self.anims.busy:
            return self.ending.result_text(r)
        m = self.shown if (self.anims.busy and self.shown is not None) else self.match
        tp = m.turn_player()
        sd = " · SUDDEN DEATH" if m.sudden_death() else ""
        return f"Turn {m.turn()} · {self.poss(tp)} turn{sd}"

    def prompt(self) -> str:
        said = self.layer.prompt()      # (a lesson's words while it is read)
        if said is not None:
            return said
        m = self.match
        if self.anims.busy:
            v = self.shown or m
            if any(isinstance(a, ClashAnim) for a in self.anims.active + self.anims.items):
                return "Combat: the clashes resolve one after another…"
            return f"{self.poss(v.turn_player())} {('Set Phase', 'Combat Phase', 'End Phase')[self.phase_chip(v)]}…"
        if self.result() is not None:
            return "The duel is over."
        if self.handoff.pending and m.to_move() is not None:
            name = self.names[m.to_move()]     # the other player is still at the screen
            return f"{possessive(name, True)} turn goes on: pass the screen to {name}."
        p = m.to_move()
        ph = m.phase()
        name = self.names[p] if p is not None else "?"
        if not self.human_to_move():
            what = {"set": "Set Phase", "declare": "declaring attacks", "defender_spells": "spell window",
                    "attacker_spells": "spell window", "order": "ordering attacks", "choice": "choosing"}.get(ph, "")
            return f"{name}: {what}…"
        if ph == "set":
            if (EM.REDRAW,) in self.legal:
                return "Nothing in your hand can be played: R redraws it (or play on)."
            if m.turn() == 1:
                return "Set Phase: drag to move, equip, set or cast. No combat on turn 1: Space ends it."
            return "Set Phase: drag to move, equip, set or cast. Space: combat."
        if ph == "declare":
            return "Declare attacks: drag a lane creature onto an opposing lane. Space: resolve."
        if ph == "defender_spells":
            return "You are attacked! Your spell window: drag a combat spell into a lane, or pass."
        if ph == "attacker_spells":
            return "Your spell window: drag a combat spell into an attacking lane, or pass."
        if ph == "order":
            return "Several attacks on one creature: click the attacker it takes first (or 1–3)."
        if ph == "choice":
            kind, _p, x, _y = m.pending()
            card = card_of(x).name if kind == EM.CH_PLACE and x >= 0 else "the creature"
            where = "on top" if _y <= 0 else "under it"
            low = "at the very bottom" if _y <= 0 else "above it at the bottom"
            return CHOICE_PROMPT.get(kind, "Make a choice").format(card=card, where=where, low=low) + \
                " (or keys 1–9)."
        return ""
