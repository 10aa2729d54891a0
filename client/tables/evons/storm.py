"""Evons Firestorm in one gesture: the player splits all the points first, then deals them.

While the engine asks where each point of a Firestorm goes (phase "hit", one
``HIT`` action per point), the table keeps a *plan*: cell -> points. Click a
target to add a point, right-click to take one off, number keys type the amount
for the selected target, Tab / the "Next target" button selects the next one
(every target is reachable by click and by button), A / "All to …" puts every
point on it, Space / "Deal" plays the plan as its ``HIT`` actions. A target never
gets more than it takes to destroy it. The log tells one line per Firestorm with
the split (:meth:`StormMixin.storm_log_text` merges the engine's per-point lines).
"""
from __future__ import annotations

import pygame

from engine.evons import match as EM
from engine.core.text import count
from engine.evons.cards import cell_name

from client.table.kit.parts import pill

from client.table.kit.log import LogEntry
from client.ui.theme import PAL

STORM_MARK = "\x00storm\x00"
DEAL, ALL, NEXT, PLUS, CLEAR = "__storm_deal__", "__storm_all__", "__storm_next__", "__storm_plus__", \
    "__storm_clear__"


class StormMixin:
    storm: dict
    storm_sel = None
    _storm_key = None

    # ---------------------------------------------------------------- state
    def storm_active(self) -> bool:
        return self.session is not None and self.human_to_move() and self.match.phase() == "hit"

    def storm_targets(self) -> list[int]:
        return [a[1] for a in self.legal if a[0] == EM.HIT]

    def storm_left(self) -> int:
        return int(self.match.decision().get("points_left", 0))

    def storm_cap(self, c) -> int:
        """Points that destroy the card on ``c`` (more would be wasted)."""
        m = self.match
        inst = m.at(c)
        if inst < 0:
            return 0
        if m.is_covered(inst):
            return 1
        try:
            return max(1, m.current_def(inst))
        except Exception:  # noqa: BLE001 - a hidden card: one point at a time
            return self.storm_left()

    def storm_sync(self):
        """Keep the plan valid: a new Firestorm starts empty; targets gone are dropped."""
        if not self.storm_active():
            self.storm.clear()
            self.storm_sel = None
            self._storm_key = None
            return
        m = self.match
        d = m.decision()
        key = (m.turn(), d.get("acting"), d.get("target"))
        if key != self._storm_key:
            self._storm_key = key
            self.storm.clear()
            self.storm_sel = None
        targets = self.storm_targets()
        for c in [c for c in self.storm if c not in targets]:
            del self.storm[c]
        if self.storm_sel not in targets:
            self.storm_sel = targets[0] if targets else None
        left = self.storm_left()
        while sum(self.storm.values()) > left and self.storm:
            c = next(reversed(self.storm))
            self.storm[c] -= 1
            if self.storm[c] <= 0:
                del self.storm[c]

    def storm_set(self, c, n):
        self.storm_sync()
        if c not in self.storm_targets():
            return
        others = sum(v for k, v in self.storm.items() if k != c)
        n = max(0, min(int(n), self.storm_cap(c), self.storm_left() - others))
        if n:
            self.storm[c] = n
        else:
            self.storm.pop(c, None)
        self.storm_sel = c
        self.refresh(update_shown=False)

    def storm_add(self, c, n=1):
        self.storm_set(c, self.storm.get(c, 0) + n)

    def storm_all(self, c):
        """Every point to ``c`` (as many as it takes to destroy it)."""
        self.storm.clear()
        self.storm_set(c, self.storm_left())

    def storm_next(self):
        t = self.storm_targets()
        if t:
            i = t.index(self.storm_sel) if self.storm_sel in t else -1
            self.storm_sel = t[(i + 1) % len(t)]
            self.refresh(update_shown=False)

    def storm_deal(self):
        """Play the plan: one engine ``HIT`` per point, target by target."""
        self.storm_sync()
        plan = list(self.storm.items())
        if not plan:
            self.app.toast("Click a target to give it a point first (or press A: all to the selected one).")
            return
        self.storm.clear()
        for c, n in plan:
            for _ in range(n):
                if (EM.HIT, c) in self.match.legal_actions() and self.human_to_move():
                    self.perform((EM.HIT, c))

    # ---------------------------------------------------------------- words
    def storm_name(self, m, c) -> str:
        inst = m.at(c)
        if inst < 0:
            return cell_name(c)
        if m.is_covered(inst):
            return f"a covered card ({cell_name(c)})"
        co = m.card(inst)
        return f"{co.name if co else 'a card'} ({cell_name(c)})"

    def storm_split_text(self) -> str:
        m = self.match
        return ", ".join(f"{n} to {self.storm_name(m, c)}" for c, n in self.storm.items())

    def storm_prompt(self) -> str:
        left = self.storm_left()
        planned = sum(self.storm.values())
        head = f"Firestorm: {count(left, 'point')} to split"
        if planned:
            head += f" ({planned} placed)"
        return head + ". Click adds 1, right-click removes, a number key types it, A: all to one, Space: deal."

    def storm_buttons(self):
        """The action bar while splitting: deal, all to the selected, +1 to it, next target."""
        self.storm_sync()
        sel = self.storm_sel
        m = self.match
        out = []
        if sel is not None:
            name = self.storm_name(m, sel)
            if len(self.storm_targets()) > 1:
                out.append((("Next target", "Next"), NEXT, "n", "Select the next target (N)"))
            forms = tuple(dict.fromkeys((name, name.rsplit(" (", 1)[0], cell_name(sel))))
            out.append((tuple(f"+1 to {n}" for n in forms), PLUS, None,
                        f"One more point to the selected target, {name}"))
            out.append((tuple(f"All to {n}" for n in forms), ALL, "a", f"Every point to the selected target, {name}"))
        planned = sum(self.storm.values())
        if planned:       # last: the primary button at the bottom (the split itself is on the targets)
            pts = count(planned, "point")
            on = [c for c, n in self.storm.items() if n]
            to = self.storm_name(m, on[0]) if len(on) == 1 else count(len(on), "target")
            short = to.rsplit(" (", 1)[0] if len(on) == 1 else to
            label = tuple(dict.fromkeys((f"Deal {pts} to {to}", f"Deal {pts} to {short}", f"Deal {pts}",
                                         f"Deal {planned}")))
            out.append((label, DEAL, "space", "Deal: " + self.storm_split_text()))
        else:
            out.append((("Deal (split the points first)", "Deal (split first)", "Deal"), DEAL,
                        "space", "Click targets to give them points, then deal"))
        return out

    def storm_click_action(self, action) -> bool:
        if action == DEAL:
            self.storm_deal()
        elif action == ALL and self.storm_sel is not None:
            self.storm_all(self.storm_sel)
        elif action == PLUS and self.storm_sel is not None:
            self.storm_add(self.storm_sel)
        elif action == NEXT:
            self.storm_next()
        elif action == CLEAR:
            self.storm.clear()
            self.refresh(update_shown=False)
        else:
            return False
        return True

    def storm_event(self, ev) -> bool:
        """Mouse and keys while splitting. True when used."""
        if not self.storm_active() or self.busy():
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3):
            for rr, action, _c, _l in self.spots:
                if action[0] == EM.HIT and rr.collidepoint(ev.pos):
                    c = action[1]
                    if ev.button == 1:
                        self.storm_all(c) if pygame.key.get_mods() & pygame.KMOD_SHIFT else self.storm_add(c)
                    else:
                        self.storm_add(c, -1)
                    return True
            return False
        if ev.type == pygame.KEYDOWN and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            if pygame.K_0 <= ev.key <= pygame.K_9 and self.storm_sel is not None:
                self.storm_set(self.storm_sel, ev.key - pygame.K_0)
                return True
            if ev.key in (pygame.K_KP_PLUS, pygame.K_PLUS, pygame.K_EQUALS) and self.storm_sel is not None:
                self.storm_add(self.storm_sel)
                return True
            if ev.key in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_BACKSPACE) and self.storm_sel is not None:
                self.storm_add(self.storm_sel, -1)
                return True
        return False

    def draw_storm(self, surf):
        """Each planned amount on its target, the selected target ringed, "destroys" when enough."""
        if not self.storm_active() or self.busy():
            return
        self.storm_sync()
        s = self.s
        for c in self.storm_targets():
            rr = self.cell_rect(c)
            if c == self.storm_sel:
                pygame.draw.rect(surf, PAL["gold_hi"], rr.inflate(s(8), s(8)), max(2, s(3)), border_radius=s(9))
            n = self.storm.get(c, 0)
            if n:
                pill(surf, f"−{n}", (rr.centerx, rr.centery - s(6)), s(18), PAL["bad"], border=PAL["bad"], alpha=250)
                if n >= self.storm_cap(c):
                    pill(surf, "destroys", (rr.centerx, rr.centery + s(16)), s(11), PAL["gold_hi"])  # not on its numbers

    # ---------------------------------------------------------------- log: one line per Firestorm
    def storm_log_reset(self):
        self._storm_acc = {}
        self._storm_entry = None

    def storm_event_text(self, m, ev):
        """For the engine's per-point ``("damage", inst, cell, 1, acting)``: the whole
        split so far, marked to replace this Firestorm's line in the log."""
        acc = self.__dict__.setdefault("_storm_acc", {})
        v = m.event(ev)
        inst, c, acting = v.inst, v.cell, v.acting
        key = (m.turn(), acting)
        split = acc.setdefault(key, {})
        if not split and len(acc) > 8:
            for k in list(acc)[:-8]:
                del acc[k]
        name = self.storm_name_inst(m, inst, c)
        n, _nm = split.get(inst, (0, name))
        split[inst] = (n + v.n, name)
        src = m.card(acting)
        who = f"{src.name}'s Firestorm" if src is not None else "Firestorm"
        text = f"{who}: " + ", ".join(f"{k} damage to {nm}" for k, nm in split.values()) + "."
        return f"{STORM_MARK}{key[0]}:{key[1]}{STORM_MARK}{text}"

    def storm_name_inst(self, m, inst, c):
        if m.is_covered(inst):
            return f"a covered card ({cell_name(c)})"
        co = m.card(inst)
        return f"{co.name if co else 'a card'} ({cell_name(c)})"

    def storm_log_text(self, text):
        """Merge a marked Firestorm line into that Firestorm's entry (or start it).
        Returns what the log should add ("" when merged)."""
        if not text.startswith(STORM_MARK):
            return None
        _, key, sentence = text.split(STORM_MARK, 2)
        cur = self._storm_entry
        # this Firestorm's line, even with its own results told under it ("X is destroyed"):
        # the split grows in that one line, never a second line repeating the first
        if cur is not None and cur[0] == key and any(e is cur[1] for e in self.log.entries[-12:]):
            cur[1].text = sentence
            cur[1]._cache.clear()
            self.log._dirty = True
            return ""
        m = self.match
        entry = LogEntry(sentence, m.turn(), m.turn_player(), "event")
        self.log.entries.append(entry)
        self.log.scroll = 0
        self.log._dirty = True
        self._storm_entry = (key, entry)
        return ""
