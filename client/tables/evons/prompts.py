"""The Evons table's words: the status line, the prompt in the NOW panel, the choice
buttons' labels, the result's reason and the log's sentences."""
from __future__ import annotations

from engine.evons import match as EM
from engine.evons.cards import ABILITY_TITLES, CARD_ARROWS, NEIGHBOUR, cell_name
from engine.core.text import a, count, does, is_you, possessive

from client.tables.evons.common import card_obj


class EvonsPrompts:
    def auto_answer(self):
        """Phase 2 with nothing that can matter: every ability arrow left would only destroy
        one of your own cards (the engine's ``fire_matters``) — end the phase for you
        instead of asking ("Remove at B3" on your own just-flipped Witch cost a "Done
        firing" on most plays)."""
        m = self.match
        if m.phase() != "ability" or EM.A_DONE not in self.legal:
            return None
        fires = [a for a in self.legal if a[0] == EM.FIRE]
        if any(m.fire_matters(a) for a in fires):
            return None
        return EM.A_DONE

    def log_event_text(self, m, ev) -> str:
        v = m.event(ev) if ev else None
        if v is not None and v.kind == "damage" and v.acting is not None:   # Firestorm: one line each, with the split
            try:
                return self.storm_event_text(m, ev)
            except Exception:  # noqa: BLE001 - fall back to the engine's sentence
                pass
        return super().log_event_text(m, ev)

    def log_text(self, text) -> str:
        merged = self.storm_log_text(str(text))
        return merged if merged is not None else super().log_text(text)

    def rebuild_log(self, note=None, recent=40):
        self.storm_log_reset()
        super().rebuild_log(note, recent)

    def label_forms(self, a) -> tuple:
        """The label of a choice's button, then shorter forms for a narrow button:
        "Fight Tide Sprite (C2)", "Fight Tide Sprite", "Fight C2" (the cell alone always
        tells the choices apart)."""
        return tuple(dict.fromkeys(self.label_of(a, style) for style in ("full", "name", "cell")))

    def label_of(self, a, style="full") -> str:
        """A short button label for a choice (the engine's action_text is the long form);
        ``style`` "name" / "cell" names a card on the grid by its name or its cell only."""
        m = self.match
        k = a[0]

        def on(c):
            inst = m.at(c)
            if inst < 0 or style == "cell":
                return cell_name(c)
            if m.is_covered(inst):
                return f"covered card ({cell_name(c)})" if style == "full" else "covered card"
            co = card_obj(m, inst)
            name = co.name if co else "card"
            return f"{name} ({cell_name(c)})" if style == "full" else name
        try:
            if k == EM.FIRE:
                c0 = m.pos[m.acting()]
                ab = CARD_ARROWS[m.cardof[m.acting()]][a[1]]
                return f"{ABILITY_TITLES[ab]} at {on(NEIGHBOUR[c0][a[1]])}"
            if k == EM.CONFLICT:
                return f"Fight {on(NEIGHBOUR[m.pos[m.acting()]][a[1]])}"
            if k == EM.HIT:
                return f"1 damage to {on(a[1])}"
            if k == EM.PULL:
                return f"Pull {on(a[1])}"
            if k == EM.ORDER:
                return f"Next: {on(a[1])}"
            if k == EM.CELL:
                return f"Place on {cell_name(a[1])}"
            if k == EM.PICK:        # (a narrow button: the card's name alone)
                co = card_obj(m, a[1])
                return (f"Take {co.name}" if style == "full" else co.name) if co else "Take this card"
            if k == EM.DISCARD:
                co = card_obj(m, a[1])
                return (f"Discard {co.name}" if style == "full" else co.name) if co else "Discard"
        except (IndexError, TypeError):
            pass
        return m.action_text(a)

    # ================================================================ text
    def fit_button_label(self, labels, primary=False) -> str:
        """The first of ``labels`` that fits an action button uncut (the buttons' own
        measure: client/table/chrome.py), else the last."""
        from client.ui.theme import font
        r = self.actions_rect
        if r is None:
            return labels[0]
        f = font(self.s(18) if primary else self.s(17), primary)
        return next((t for t in labels if f.size(t)[0] <= r.width - self.s(24)), labels[-1])

    def opening_answer(self, seat) -> str:
        """What ``seat`` did with the opening hand, for the other player's screen:
        "kept 5 cards" / "took a mulligan and kept 5 cards" (the log's facts, no card named)."""
        s = self.session
        last, mulls = None, 0
        for i in range(len(s)):
            if s.turn_at(i) == 0 and s.actor(i) == seat:
                last = i
                mulls += s.record.actions[i][0] == EM.MULLIGAN
        if last is None:
            return ""
        kept = count(len(s.state_at(last + 1).hand(seat)), "card")
        if not mulls:
            return f"kept {kept}"
        took = a("mulligan") if mulls == 1 else count(mulls, "mulligan")
        return f"took {took} and kept {kept}"

    def handoff_reason(self, seat) -> str:
        """The opening hands say what is to be decided; the rest is the framework's."""
        m = self.match
        if m.phase() != "mulligan":
            return super().handoff_reason(seat)
        first = self.names[m.sc[EM.S_FIRST]]
        if m.sc[EM.S_FIRST] == seat:
            return f"{does(first, 'go', 'first')}. Your opening hand: keep it, or mulligan."
        return (f"{does(first, 'go', 'first')} ({self.opening_answer(1 - seat)}). "
                "Your opening hand: keep it, or mulligan.")

    def status_text(self):
        if self.mode == "replay" and self.replay is not None:
            return super().status_text()
        r = self.result()
        if r is not None and not self.anims.busy:
            return self.ending.result_text(r)
        v = self.shown if self.shown is not None else self.match
        tp = v.turn_player()
        if v.turn() == 0:
            first = self.names[v.sc[EM.S_FIRST]]
            return f"Opening hands: keep or mulligan · {does(first, 'go', 'first')}"
        s0, s1 = v.score(0), v.score(1)
        return f"Turn {v.turn()} · {self.names[tp]} to play · score {s0}–{s1}"

    def prompt_forms(self) -> tuple:
        """The prompt, then a shorter form of it for a panel too small for it at its
        100 % size (the words never get smaller as the interface size grows)."""
        said = self.layer.prompt()      # (a lesson's words alone while it is read)
        if said is not None:
            return (said,)
        text = self.prompt()
        m = self.match
        short = None
        if self.human_to_move() and not self.anims.busy and self.result() is None \
                and not self.handoff.pending:
            ph = m.phase()
            if ph == "main":
                short = "Your turn: drag a card onto a lit cell (C: active / covered). Space: pass."
            elif ph == "mulligan":
                short = ("Opening hand: Space keeps it; M shuffles it back for one card fewer."
                         if m.options().get("mulligan_variant") else
                         "Opening hand: click cards to put back, then M — or Space to keep.")
            elif ph == "ability":
                acting = card_obj(m, m.decision()["acting"])
                short = f"{acting.name if acting else 'The card'}: click a lit target to fire. Space: no more now."
            elif ph == "hit":
                short = text.split(". Click", 1)[0] + ". Click: +1, right-click: −1, Space: deal."
        return (text, short) if short and short != text else (text,)

    def prompt(self) -> str:
        said = self.layer.prompt()      # (a lesson's words while it is read)
        if said is not None:
            return said
        m = self.match
        if self.result() is not None:
            return "The game is over."
        if self.handoff.pending and m.to_move() is not None:
            name = self.names[m.to_move()]     # the other player is still at the screen
            return f"{possessive(name, True)} turn: pass the screen to {name}."
        if self.anims.busy:
            v = self.shown or m
            a = v.acting()
            if a >= 0 and card_obj(v, a) is not None:
                return f"{card_obj(v, a).name} is resolving…"
            return "Resolving…"
        if self.result() is not None:
            return "The game is over."
        p = m.to_move()
        if self.mode == "replay":
            return "Replay: Space plays or pauses, Left / Right step, PgUp / PgDn jump a turn."
        if not self.human_to_move():
            return f"{self.names[p]} {'are' if is_you(self.names[p]) else 'is'} deciding…" if p is not None else ""
        ph = m.phase()
        d = m.decision()
        acting = card_obj(m, d["acting"])
        aname = acting.name if acting else "The card"
        if ph == "mulligan":
            if m.options().get("mulligan_variant"):
                return "Opening hand: keep it (Space), or shuffle it all back and draw one card fewer (M)."
            return "Opening hand: click cards to put back, then Mulligan (M) — or keep this hand (Space)."
        if ph == "main":
            mode = "COVERED" if self.cov_default else "ACTIVE"
            return (f"Your turn: drag a card onto a lit cell. Cards play {mode} — click a card (or C for all) to "
                    "switch; hold Shift to drop covered. Space: pass.")
        if ph == "cell":
            return "Click a lit cell for the selected card, or take it back."
        if ph == "order":
            return "Several of your cards activate: click the one that goes next (or 1–9)."
        if ph == "ability":
            return f"{aname}: fire an ability — click a lit target or drag the card onto it. Space: no more now."
        if ph == "conflict":
            return f"{aname} has several conflicts: click the card it fights next (or 1–9)."
        if ph == "hit":
            return self.storm_prompt()
        if ph == "pull":
            return f"Magnetism: click the card to pull onto {cell_name(d['target'])}, or drag it there."
        if ph == "pick":
            ab = CARD_ARROWS[m.cardof[d["acting"]]][m.sc[EM.S_PDIR]] if d["acting"] >= 0 else 0
            where = cell_name(d["target"]) if d["target"] >= 0 else "the target"
            if ab == EM.RESURRECTION:
                return f"Resurrection: click the monster in the graveyard tray to bring back onto {where}."
            if ab == EM.GROWTH:
                return f"Growth: click the monster in your hand to put covered on {where}."
            return f"Block: click the Block card in your hand to place on {where}."
        if ph == "discard":
            return f"You hold {count(len(m.hand(p)), 'card')}: click one to discard (down to 8)."
        return ""
