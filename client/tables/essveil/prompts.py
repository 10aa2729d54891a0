"""Essveil table words (a mixin of :class:`client.tables.essveil.table.Table`): names in
sentences, log lines, the header's status line, the phase band's prompt, the
action buttons and the hand-off's reaction text.
"""
from __future__ import annotations

from engine.core.text import does, possessive
from engine.essveil import match as EV
from engine.essveil.cards import CARDS

from client.tables.essveil.common import card_of


class EssveilPrompts:
    def log_text(self, text) -> str:
        """A target that left play before the line was written is named from the state
        before the action (:meth:`perform` keeps its name)."""
        gone = self._target_name
        if gone and "a creature that is gone" in text:
            text = text.replace("a creature that is gone", gone)
        return text

    def action_buttons(self):
        if not self.human_to_move():
            return []
        m = self.match
        ph = m.phase()
        out = []
        if ph == "main":
            if EV.PIERCE_THE_VEIL in self.legal:
                out.append((f"Pierce the Veil (pay {EV.PIERCE_LIFE} Life)", EV.PIERCE_THE_VEIL, "p",
                            f"Once a turn: pay {EV.PIERCE_LIFE} Life to move 1 Essence from your Reserve to your Veil"))
            out.append(("End turn", EV.END_TURN, "space", "End your turn (Space or Enter)"))
        elif ph == "guard":
            for i, (uid, a) in enumerate(self.guard_options()[:3]):
                name = card_of(m.creature(uid)["card"]).name
                out.append((self._fitting(f"Intercept with {name}", f"Intercept: {name}", name),
                            a, str(i + 1), f"{name} takes the attack instead and taps ({i + 1})"))
            out.append((self._fitting("Let the attack through", "Let it through", primary=True),
                        EV.LET_IT_THROUGH, "space", "No Guard steps in: the attack goes on (Space)"))
        return out

    def _fitting(self, *labels, primary=False):
        """The first of ``labels`` that fits an action button (the longest that reads whole)."""
        r = self.actions_rect
        if r is None:
            return labels[0]
        from client.ui.theme import font
        f = font(self.s(18) if primary else self.s(17), primary)
        room = r.width - self.s(24)
        return next((x for x in labels if f.size(x)[0] <= room), labels[-1])

    def reaction_text(self, seat) -> str:
        m = self.match
        pa = m.pending_attack()
        if pa is None:
            return super().reaction_text(seat)
        a = m.creature(pa[0])
        who = CARDS[a["card"]].name if a and a["card"] in CARDS else "A creature"
        tgt = "you" if pa[1] == EV.player_target(seat) else (
            CARDS[m.creature(pa[1])["card"]].name if m.creature(pa[1]) else "your creature")
        return f"{who} attacks {tgt} — intercept with an untapped Guard or let it through."

    def opening_events(self, start):
        """The first player's turn 1 begins as the match is created."""
        p = start.first_player()
        reserve, veil, spent = start.essence(p)
        out = [("turn", p, 1), ("attune", p, veil + spent, "flow")]
        hand = start.hand_ids(p)
        if hand:        # ... and the Flow's draw (the newest card of the hand; masked for the other)
            out.append(("draw", p, hand[-1] or ""))
        return out

    def status_text(self):
        r = self.result()
        if r is not None and not self.anims.busy:
            return self.ending.result_text(r)
        v = self.shown if (self.anims.busy and self.shown is not None) else self.match
        tp = v.turn_player()
        ph = {"attune": "Attune", "main": "Main phase", "guard": "Guard?", "over": "Over"}.get(v.phase(), "")
        return f"Turn {v.turn()} · {possessive(self.names[tp], True)} turn · {ph}"

    #: a shorter form of a long prompt, for a band too narrow for it at its full size
    #: (the words never get smaller as the interface size grows)
    SHORT_PROMPTS = {
        "Drag cards onto your side or a target, creatures onto an enemy to attack. Space: end turn.":
            "Drag cards to play, creatures to attack. Space: end turn.",
        "Nothing you can afford: attack by dragging a creature onto an enemy. Space: end turn.":
            "Attack: drag a creature onto an enemy. Space: end turn.",
        "Use an ability (drag its tab), or Space: end the turn.": "Drag an ability's tab, or Space: end turn.",
    }

    def prompt_forms(self) -> tuple:
        """The prompt, then a shorter form of it where there is one."""
        text = self.prompt()
        short = self.SHORT_PROMPTS.get(text)
        return (text, short) if short else (text,)

    def prompt(self) -> str:
        said = self.layer.prompt()      # (a lesson's words while it is read)
        if said is not None:
            return said
        m = self.match
        if self.result() is not None and not self.anims.busy:
            return "The duel is over."
        if self.anims.busy:
            v = self.shown or m
            if self._chip == "refresh":
                return (f"{possessive(self.names[v.turn_player()], True)} Refresh: creatures untap, "
                        "spent Essence returns to the Reserve…")
            return f"{possessive(self.names[v.turn_player()], True)} turn…"
        if self.pick is not None:
            return self.pick["text"]
        p = m.to_move()
        if self.handoff.pending and p is not None:
            return f"Pass the screen to {self.names[p]}: the hand stays covered until they are back."
        ph = m.phase()
        name = self.names[p] if p is not None else "?"
        if not self.human_to_move():
            if ph == "guard":
                return does(name, "decide", "whether a Guard intercepts…")
            return {"attune": does(name, "attune") + "…", "main": does(name, "play") + "…"}.get(ph, "")
        if ph == "attune":
            return "Attune: choose Flow or Deep Attune (F / D)."
        if ph == "guard":
            atk, target = m.pending_attack()
            a = card_of(m.creature(atk)["card"]).name
            what = "you" if target == EV.player_target(p) else card_of(m.creature(target)["card"]).name
            n = len(self.guard_options())
            keys = "1" if n == 1 else f"1–{min(n, 3)}"
            return f"{a} attacks {what}! Click a lit Guard to intercept ({keys}), or Space: let it through."
        kinds = {k[0] for k in self.live_sources}
        if "hand" in kinds:
            return "Drag cards onto your side or a target, creatures onto an enemy to attack. Space: end turn."
        if "unit" in kinds:
            return "Nothing you can afford: attack by dragging a creature onto an enemy. Space: end turn."
        if "ability" in kinds:
            return "Use an ability (drag its tab), or Space: end the turn."
        return "Nothing more to do. Space: end the turn."

    @staticmethod
    def _why_not_playable(v, me, c, ready):
        """A word on an unlit hand card: what it is waiting for (the engine's reason shows on a drop)."""
        if c.cost > ready:
            return f"needs {c.cost}"
        if c.life_cost and v.life(me) - c.life_cost <= 0:
            return "needs Life"
        crs = v.creatures(me)
        if c.kind == "equipment" and not any(x["equipment"] is None for x in crs):
            return "needs a bearer"
        if c.kind == "creature" and len(crs) >= EV.MAX_CREATURES:
            return "side full"
        return ""
