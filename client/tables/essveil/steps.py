"""The state the Essveil table draws while an action's animations play.

The engine applies an action at once and reports what happened as events. So
that the board tells the story in order, the table draws a *display copy* of the
state before the action and moves it forward one event at a time as the
animation queue reaches each event (:class:`Steps`): a played creature's On-Play
damage, a life total, a death, a draw or the Essence spent appear only when
their animation does. The steps mirror what each event reports and decide
nothing; when the queue ends the table shows the engine's own view again (and
:func:`tests.test_essveil_steps` checks that the last step equals it).
"""
from __future__ import annotations

from engine.core.match import event_view
from engine.essveil import match as EV
from engine.essveil.cards import C_ABILITY_COST, C_KW, E_AEGIS, INDEX, K_AEGIS
from engine.essveil.text import EVENTS

GUARD_PHASE_ENDS = ("fight", "damage", "aegis_spent", "heal", "game_over", "die", "vanish")


class Steps:
    """A display copy of ``before`` and the events of one action to walk it through.

    ``action`` is the action that made the events (the hand index of a PLAY);
    ``after`` the state when they are all applied (whether an attack waits for a
    Guard decision)."""

    def __init__(self, before, action, after=None):
        self.d = before.clone()
        self.action = tuple(action) if action else ()
        self.after = after
        self._spell = None        # a played spell: to the graveyard once it has resolved

    def state(self):
        """A snapshot of the display state as it is now (later steps don't change it)."""
        return self.d.clone()

    # ---------------------------------------------------------------- helpers
    def _rec(self, uid):
        """(board list, offset) of creature ``uid`` in the display state, or (None, -1)."""
        for b in self.d.boards:
            uids = b[0::EV.REC]
            if uid in uids:
                return b, uids.index(uid) * EV.REC
        return None, -1

    def _flag(self, uid, on=0, off=0):
        b, o = self._rec(uid)
        if b is not None:
            b[o + EV.R_FLAGS] = (b[o + EV.R_FLAGS] | on) & ~off

    def _spell_to_grave(self):
        if self._spell is not None:
            p, c = self._spell
            self.d.graves[p].append(c)
            self._spell = None

    # ---------------------------------------------------------------- one event
    def apply(self, e, last=False):
        """Move the display state forward by engine event ``e`` (``last``: the action's
        last event)."""
        try:
            self._apply(e, last)
        except (IndexError, KeyError, ValueError, TypeError):
            pass  # a display nicety: the engine's own view is shown when the queue ends

    def _apply(self, e, last):
        d = self.d
        g = d.g
        v = event_view(e, EVENTS)
        k = v.kind
        if g[EV.G_PHASE] == EV.PH_GUARD and k in GUARD_PHASE_ENDS:
            # the attack resolves (a Veilstep attacker, no Guard that can step in, or the decision made)
            g[EV.G_PHASE] = EV.PH_MAIN
            g[EV.G_ATTACKER] = g[EV.G_ATK_TARGET] = 0
        if k == "turn":
            p = v.player
            g[EV.G_ACTIVE] = p
            g[EV.G_TURN] = v.turn
            g[EV.G_PIERCE_USED] = 0
            g[EV.G_PHASE] = EV.PH_ATTUNE
        elif k == "refresh":
            p, back = v.player, v.back
            g[EV.SPENT[p]] -= back
            g[EV.RESERVE[p]] += back
            b = d.boards[p]
            for o in range(0, len(b), EV.REC):
                b[o + EV.R_FLAGS] &= ~(EV.F_TAPPED | EV.F_SICK | EV.F_GUARDED)
        elif k == "grow":
            b, o = self._rec(v.uid)
            if b is not None:
                b[o + EV.R_MIGHT] += v.n
                b[o + EV.R_END] += v.n
        elif k == "attune":
            p, n, how = v.player, v.n, v.how
            g[EV.RESERVE[p]] -= n
            g[EV.VEIL[p]] += n
            if how in ("flow", "deep"):
                g[EV.G_PHASE] = EV.PH_MAIN
            elif how == "pierce":
                g[EV.G_PIERCE_USED] = 1
        elif k == "draw":
            p, cid = v.player, v.card
            if d.decks[p]:
                d.decks[p].pop()
            d.hands[p].append(INDEX[cid] if cid else EV.HIDDEN)
        elif k == "play":
            p, cid = v.player, v.card
            hand = d.hands[p]
            h = self.action[1] if len(self.action) > 1 and self.action[0] == EV.PLAY else -1
            c = INDEX.get(cid, EV.HIDDEN)
            if 0 <= h < len(hand):
                hand.pop(h)
            elif c in hand:
                hand.remove(c)
            elif hand:
                hand.pop()
            card = EV.CARDS_BY_INDEX[c] if c >= 0 else None
            if card is not None and card.kind == "spell":
                self._spell = (p, c)
        elif k == "pay":
            p, ess = v.player, v.essence
            g[EV.VEIL[p]] -= ess
            g[EV.SPENT[p]] += ess
            g[EV.LIFE[p]] = v.now
        elif k == "enter":
            p, uid, cid = v.player, v.uid, v.card
            c = INDEX[cid]
            d.boards[p].extend((uid, c, 0, 0, 0, EV.F_SICK | (EV.F_AEGIS if C_KW[c] & K_AEGIS else 0), 0, 0))
            g[EV.G_NEXT_UID] = max(g[EV.G_NEXT_UID], uid + 1)
        elif k == "reanimate":
            p, c = v.player, INDEX[v.card]
            grave = d.graves[p]
            for i in range(len(grave) - 1, -1, -1):
                if grave[i] == c:
                    del grave[i]
                    break
        elif k == "equip":
            b, o = self._rec(v.target)
            if b is not None:
                b[o + EV.R_EQUIP] = INDEX[v.item]
        elif k == "ability":
            p, uid, cid = v.player, v.uid, v.card
            cost = C_ABILITY_COST[INDEX[cid]]
            self._flag(uid, on=EV.F_TAPPED)
            g[EV.VEIL[p]] -= cost
            g[EV.SPENT[p]] += cost
        elif k == "attack":
            uid, target = v.uid, v.target
            self._flag(uid, on=EV.F_TAPPED)
            if last and self.after is not None and self.after.phase() == "guard":
                g[EV.G_PHASE] = EV.PH_GUARD        # the defender decides on a Guard
                g[EV.G_ATTACKER] = uid
                g[EV.G_ATK_TARGET] = target
        elif k == "intercept":
            self._flag(v.uid, on=EV.F_TAPPED | EV.F_GUARDED)
            g[EV.G_ATK_TARGET] = v.uid
        elif k == "damage":
            tgt = v.target
            if tgt in (1, 2):
                g[EV.LIFE[tgt - 1]] = v.left
            else:
                b, o = self._rec(tgt)
                if b is not None:
                    b[o + EV.R_DMG] += v.n
        elif k == "aegis_spent":
            self._flag(v.uid, off=EV.F_AEGIS)
        elif k == "aegis":
            self._flag(v.uid, on=EV.F_AEGIS)
        elif k in ("venom", "destroy"):
            self._flag(v.uid, on=EV.F_DOOMED)
        elif k == "heal":
            g[EV.LIFE[v.player]] = v.life
        elif k == "buff":
            b, o = self._rec(v.uid)
            if b is not None:
                b[o + EV.R_MIGHT] += v.might
                b[o + EV.R_END] += v.endurance
        elif k == "silence":
            b, o = self._rec(v.uid)
            if b is not None:
                keep = EV.F_AEGIS if E_AEGIS[b[o + EV.R_EQUIP]] else 0
                b[o + EV.R_FLAGS] = (b[o + EV.R_FLAGS] | EV.F_SILENCED) & ~(EV.F_AEGIS & ~keep)
                b[o + EV.R_GKW] = 0
        elif k == "tap":
            self._flag(v.uid, on=EV.F_TAPPED)
        elif k in ("die", "vanish"):
            self._spell_to_grave()
            p, uid = v.player, v.uid
            b, o = self._rec(uid)
            if b is not None:
                c = b[o + EV.R_CARD]
                del b[o:o + EV.REC]
                if k == "die":
                    d.graves[p].append(c)
        elif k == "equipment_destroyed":
            d.graves[v.player].append(INDEX[v.card])
        elif k == "last_rites":
            self._spell_to_grave()
        elif k == "game_over":
            self._spell_to_grave()
            w = v.winner
            g[EV.G_WINNER] = EV.DRAW if w == -1 else w
            g[EV.G_REASON] = EV.REASONS.index(v.reason) if v.reason in EV.REASONS else EV.RS_LIFE
            g[EV.G_PHASE] = EV.PH_OVER
        if last:
            self._spell_to_grave()
            if g[EV.G_PHASE] == EV.PH_GUARD and self.after is not None and self.after.phase() != "guard":
                g[EV.G_PHASE] = EV.PH_MAIN          # an attack that did nothing (no Might) is over too
                g[EV.G_ATTACKER] = g[EV.G_ATK_TARGET] = 0
