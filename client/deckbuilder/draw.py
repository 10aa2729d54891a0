"""The deck builder's drawing: header, collection grid, deck list, chart, status line,
zoomed card, the dragged card and the dialogs' panels (a mixin of
:class:`.scene.DeckBuilderScene`)."""
from __future__ import annotations

from pathlib import Path

import pygame

from engine.core.text import count

from client.scenes import gamesinfo
from client.cards import card_surface
from client.ui.theme import PAL, draw_text, draw_wrapped, ellipsize, fit_font, fit_line, font, note_cut, panel, shade, wrap_lines

class DeckDraw:
    #: (card id, until) of a card flashed as refused
    flash = None
    #: the screen's rects by name, once laid out
    L = None
    #: the validation bar's words did not all fit
    status_overflow = False
    # ------------------------------------------------------------ drawing
    def _draw_header(self, surf):
        s = self.s
        head = self.L["head"]
        title = f"{gamesinfo.title(self.game)} · Deck builder"
        f = fit_font(title, self.head_title_right - head.left - s(10), s(30), title=True)
        img = f.render(title, True, shade(self.accent, 1.25))
        tr = surf.blit(img, img.get_rect(midleft=(head.left + s(4), head.centery)))
        room = pygame.Rect(tr.right + s(24), head.top, self.head_title_right - tr.right - s(36), head.height)
        if getattr(self.app.settings, "show_hints", True) and room.width > s(220):
            draw_wrapped(surf, "Drag or double-click a card to add it; right-click takes one out. "
                               "Enter / + and − / Del work on the selected card.",
                         room.inflate(0, -s(4)), s(13), PAL["dim"], max_lines=3)

    def _draw_grid(self, surf):
        s = self.s
        g, cols, cw, ch, gap = self.grid_geometry()
        coll = self.L["coll"]
        n = len(self.shown)
        total = len(self.spec.cards)
        info = f"{n} of {total} cards" if n != total else f"{total} cards"
        f = font(s(13))
        img = f.render(info, True, PAL["muted"])
        surf.blit(img, img.get_rect(bottomright=(coll.right - s(14), g.top - s(1))))
        self.grid_rects = []
        clip = surf.get_clip()
        surf.set_clip(g.inflate(s(8), s(4)))
        hov = self.hover[1] if self.hover and self.hover[0] == "coll" else None
        for i, c in enumerate(self.shown):
            r = self.card_rect(i)
            if r.bottom < g.top or r.top > g.bottom:
                continue
            self.grid_rects.append((r.clip(g), c.id))
            img = card_surface(self.game, c, cw)
            surf.blit(img, r)
            cnt = self.model.count(c.id)
            refused = self.model.add_refusal(c.id)
            if refused:
                veil = pygame.Surface(r.size, pygame.SRCALPHA)
                veil.fill((10, 12, 18, 120))
                surf.blit(veil, r)
            flash = self.flash
            if flash and flash[0] == c.id and flash[1] > self.app.now:
                pygame.draw.rect(surf, PAL["bad"], r.inflate(s(8), s(8)), max(3, s(4)), border_radius=s(10))
            elif c.id == hov:
                pygame.draw.rect(surf, PAL["gold_hi"], r.inflate(s(4), s(4)), max(2, s(2)), border_radius=s(8))
            elif c.id == self.sel:
                pygame.draw.rect(surf, PAL["info"], r.inflate(s(4), s(4)), max(2, s(2)), border_radius=s(8))
            if cnt:
                txt = f"×{cnt}"
                fb = font(s(15), True)
                ti = fb.render(txt, True, (30, 22, 8))
                pill = pygame.Rect(0, 0, ti.get_width() + s(14), s(20))
                pill.center = (r.centerx, r.bottom + s(2))
                pygame.draw.rect(surf, PAL["gold_hi"] if not refused else PAL["muted"], pill, border_radius=s(11))
                pygame.draw.rect(surf, (40, 28, 8), pill, max(1, s(1)), border_radius=s(11))
                surf.blit(ti, ti.get_rect(center=pill.center))
        surf.set_clip(clip)
        if not self.shown:
            draw_wrapped(surf, "No card matches the search and filters. “Clear filters” shows every card again.",
                         g.inflate(-s(60), -s(200)), s(18), PAL["muted"], align="center")
        # scroll bar
        ch_total = self.content_height()
        if ch_total > g.height:
            track = pygame.Rect(g.right + s(3), g.top, s(6), g.height)
            pygame.draw.rect(surf, PAL["bg2"], track, border_radius=s(3))
            h = max(s(30), int(g.height * g.height / ch_total))
            y = g.top + int((g.height - h) * self.scroll / max(1, ch_total - g.height))
            pygame.draw.rect(surf, PAL["line"], (track.left, y, track.width, h), border_radius=s(3))

    def _layout_deck(self):
        """Rows of the deck view in up to two columns: [(kind, text|cid, n, rect)]."""
        s = self.s
        area = self.L["dlist"]
        groups = self.facets.groups(self.model.counts)
        items = []
        for gi, (gtitle, secs) in enumerate(groups):
            items.append(("group", gtitle, 0, gi))
            for stitle, rows in secs:
                if not rows:
                    continue
                if stitle:
                    items.append(("section", f"{stitle} ({sum(n for _, n in rows)})", 0, gi))
                last_cost = None
                for cid, n in rows:
                    card = self.spec.cards[cid]
                    cost = self.facets.cost(card)
                    if not stitle and last_cost is not None and cost != last_cost:
                        items.append(("gap", "", 0, gi))
                    last_cost = cost
                    items.append(("row", cid, n, gi))
        H = {"group": s(26), "section": s(19), "row": s(20), "gap": s(4)}
        gap_col = s(14)
        cw = (area.width - gap_col) // 2
        heights = [H[k] for k, *_ in items]
        total = sum(heights)
        # split: Everdawn-like (2 groups that each fit) one group per column; else balanced halves
        split = None
        if len(groups) == 2:
            first = sum(h for h, it in zip(heights, items) if it[3] == 0)
            if first <= area.height and total - first <= area.height:
                split = next(i for i, it in enumerate(items) if it[3] == 1)
        if split is None:
            acc, split = 0, len(items)
            limit = area.height if total <= 2 * area.height else total / 2
            for i, h in enumerate(heights):
                if acc + h > limit and i > 0:
                    split = i
                    # don't leave a heading at the bottom of column 1
                    while split > 0 and items[split - 1][0] in ("group", "section"):
                        split -= 1
                    break
                acc += h
        out = []
        col_h = [0, 0]
        for i, (it, h) in enumerate(zip(items, heights)):
            col = 0 if i < split else 1
            if it[0] == "gap" and col_h[col] == 0:
                continue
            r = pygame.Rect(area.left + col * (cw + gap_col), area.top + col_h[col] - self.deck_scroll, cw, h)
            col_h[col] += h
            out.append((it[0], it[1], it[2], r))
        content = max(col_h)
        self.deck_scroll = max(0, min(self.deck_scroll, max(0, content - area.height)))
        self.deck_rows = [(r, cid) for kind, cid, n, r in out if kind == "row"]
        return out, content

    def _draw_deck(self, surf):
        s = self.s
        L = self.L
        m = self.model
        # name line + tag
        dn = L["dname"]
        tag, col = self.save_state()
        col = PAL.get(col, PAL["muted"])
        ft = font(s(13), True)
        ti = ft.render(tag, True, (20, 20, 24))
        chip = pygame.Rect(0, 0, ti.get_width() + s(16), s(22))
        chip.midright = (dn.right, dn.centery)
        size_txt = count(m.size, "card")
        fs = font(s(15))
        si = fs.render(size_txt, True, PAL["muted"])
        sr = si.get_rect(midright=(chip.left - s(10), dn.centery))
        # a long name (60 characters of wide letters) shrinks, then is cut with "…": it never
        # runs under the card count (Rename shows the whole name)
        fn, shown = fit_line(m.name, sr.left - dn.left - s(10), s(22), title=True, min_size=s(14),
                             where="deck name", designed=True)
        ni = fn.render(shown, True, PAL["text"])
        surf.blit(ni, ni.get_rect(midleft=(dn.left, dn.centery)))
        surf.blit(si, sr)
        pygame.draw.rect(surf, col, chip, border_radius=s(11))
        surf.blit(ti, ti.get_rect(center=chip.center))
        # rows
        area = L["dlist"]
        out, content = self._layout_deck()
        self.row_buttons = []
        clip = surf.get_clip()
        surf.set_clip(area.inflate(s(4), s(2)))
        hov = self.hover[1] if self.hover and self.hover[0] in ("deck", "plus", "minus") else None
        for kind, what, n, r in out:
            if r.bottom < area.top or r.top > area.bottom:
                continue
            if kind == "group":
                draw_text(surf, what, (r.left, r.bottom - s(4)), s(16), shade(self.accent, 1.2), bold=True,
                          anchor="bottomleft")
                pygame.draw.line(surf, shade(self.accent, 0.7), (r.left, r.bottom - s(2)), (r.right, r.bottom - s(2)),
                                 max(1, s(1)))
            elif kind == "section":
                draw_text(surf, what, (r.left + s(2), r.bottom - s(3)), s(13), PAL["muted"], bold=True,
                          anchor="bottomleft")
            elif kind == "row":
                self._draw_row(surf, r, what, n, what == hov)
        surf.set_clip(clip)
        if content > area.height:
            track = pygame.Rect(area.right + s(2), area.top, s(5), area.height)
            pygame.draw.rect(surf, PAL["bg2"], track, border_radius=s(3))
            h = max(s(24), int(area.height * area.height / content))
            y = area.top + int((area.height - h) * self.deck_scroll / max(1, content - area.height))
            pygame.draw.rect(surf, PAL["line"], (track.left, y, track.width, h), border_radius=s(3))
        if not m.counts:
            msg = ("Drag cards here from the collection, or double-click them."
                   if not m.read_only else "This starter deck is empty.")
            draw_wrapped(surf, msg, area.inflate(-s(40), -s(120)), s(17), PAL["muted"], align="center")

    def _draw_row(self, surf, r, cid, n, hovered):
        s = self.s
        card = self.spec.cards[cid]
        inner = r.inflate(0, -s(2))
        if hovered or cid == self.sel:
            pygame.draw.rect(surf, PAL["panel_hi"], inner, border_radius=s(5))
        col = self.facets.colour(card)
        cost = self.facets.cost(card)
        cx = inner.left + s(12)
        if cost is not None:
            pygame.draw.circle(surf, shade(col, 0.55), (cx, inner.centery), s(10))
            pygame.draw.circle(surf, col, (cx, inner.centery), s(10), max(1, s(2)))
            fi = font(s(12) if cost < 10 else s(10), True)
            ci = fi.render(str(cost), True, PAL["text"])
            surf.blit(ci, ci.get_rect(center=(cx, inner.centery)))
        else:
            pr = pygame.Rect(0, 0, s(12), s(12))
            pr.center = (cx, inner.centery)
            pygame.draw.rect(surf, col, pr, border_radius=s(3))
        cnt = f"×{n}"
        fc = font(s(14), True)
        cimg = fc.render(cnt, True, PAL["gold_hi"])
        right = inner.right - s(4)
        if hovered and not self.model.read_only:
            bs = s(18)
            plus = pygame.Rect(right - bs, inner.centery - bs // 2, bs, bs)
            minus = plus.move(-bs - s(4), 0)
            for rr, sign in ((minus, "minus"), (plus, "plus")):
                okc = PAL["line"] if sign == "minus" or not self.model.add_refusal(cid) else PAL["bg2"]
                pygame.draw.rect(surf, okc, rr, border_radius=s(4))
                draw_text(surf, "−" if sign == "minus" else "+", rr.center, s(15), PAL["text"], bold=True,
                          anchor="center")
                self.row_buttons.append((rr, cid, sign))
            right = minus.left - s(6)
        cr = cimg.get_rect(midright=(right, inner.centery))
        surf.blit(cimg, cr)
        name_w = cr.left - (cx + s(16)) - s(4)
        fn = fit_font(card.name, name_w, s(15), min_size=s(11))
        name = ellipsize(card.name, fn, name_w, where="deck list row")
        champion = getattr(card, "champion", False)
        ni = fn.render(name, True, PAL["gold_hi"] if champion else PAL["text"])
        nr = surf.blit(ni, ni.get_rect(midleft=(cx + s(16), inner.centery)))
        if champion and nr.right + s(70) < cr.left:
            draw_text(surf, "Champion", (nr.right + s(8), inner.centery), s(11), PAL["gold"], bold=True,
                      anchor="midleft")

    def _draw_chart(self, surf):
        s = self.s
        r = self.L["chart"]
        title, bars, legend = self.facets.chart(self.model.counts)
        pygame.draw.rect(surf, PAL["bg2"], r, border_radius=s(8))
        tr = draw_text(surf, title, (r.left + s(10), r.top + s(5)), s(13), PAL["muted"], bold=True)
        if not bars:
            return
        # legend: solid = first kind, outlined = second kind
        lx = tr.right + s(16)
        base = (170, 176, 190)
        fl = font(s(12))
        for k, word in enumerate(legend):
            sw = pygame.Rect(lx, tr.centery - s(5), s(10), s(10))
            if k == 0:
                pygame.draw.rect(surf, base, sw, border_radius=s(2))
            else:
                pygame.draw.rect(surf, shade(base, 0.55), sw, border_radius=s(2))
                pygame.draw.rect(surf, base, sw, max(1, s(1)), border_radius=s(2))
            li = fl.render(word, True, PAL["muted"])
            surf.blit(li, li.get_rect(midleft=(sw.right + s(5), sw.centery)))
            lx = sw.right + s(5) + li.get_width() + s(14)
        plot = pygame.Rect(r.left + s(10), r.top + s(38), r.width - s(20), r.height - s(38) - s(18))
        top = max(1, max(a + b for _, a, _, b in bars))
        n = len(bars)
        slot = plot.width / n
        bw = max(s(8), int(slot * 0.6))
        fv = font(s(11), True)
        for i, (label, a, col, b) in enumerate(bars):
            cx = int(plot.left + slot * (i + 0.5))
            ha = int(plot.height * a / top)
            hb = int(plot.height * b / top)
            y = plot.bottom
            if a:
                pygame.draw.rect(surf, col, (cx - bw // 2, y - ha, bw, ha), border_radius=s(2))
                y -= ha
            if b:
                pygame.draw.rect(surf, shade(col, 0.55), (cx - bw // 2, y - hb, bw, hb), border_radius=s(2))
                pygame.draw.rect(surf, col, (cx - bw // 2, y - hb, bw, hb), max(1, s(1)), border_radius=s(2))
                y -= hb
            if a + b:
                vi = fv.render(str(a + b), True, PAL["text"])
                surf.blit(vi, vi.get_rect(midbottom=(cx, y - s(1))))
            li = fl.render(label, True, PAL["muted"])
            surf.blit(li, li.get_rect(midtop=(cx, plot.bottom + s(2))))

    def status_lines(self):
        """The status line's text: [(text, colour, bold)] — the last refusal, then
        "Legal" or every problem the engine reports."""
        m = self.model
        probs = m.problems
        lines = []
        if self.message:
            lines.append((self.message[0], PAL["bad"] if self.message[1] == "error" else PAL["gold_hi"], True))
        if not probs:
            lines.append(("Legal: this deck can be played." if not m.read_only else
                          "Legal starter deck (read-only: your first change makes a copy you can edit).",
                          PAL["good"], True))
        else:
            head = "Draft, not offered for matches: " if not m.read_only else "Problems: "
            lines.append((head + "  •  ".join(probs), PAL["text"], False))
        return lines

    def toast_floor(self):
        """Toasts stay above the validation bar (and above a dialog when one is open)."""
        L = self.L
        return L["status"].top - self.s(8) if L and "status" in L else None

    def status_text(self) -> str:
        return "\n".join(t for t, _, _ in self.status_lines())

    def _draw_status(self, surf):
        s = self.s
        r = self.L["status"]
        m = self.model
        probs = m.problems
        if self.message and self.message[1] == "error":
            border = PAL["bad"]
        elif probs:
            border = PAL["gold"]
        else:
            border = PAL["good"]
        panel(surf, r, border=border, radius=s(12))
        icon_c = (r.left + s(26), r.centery)
        pygame.draw.circle(surf, border, icon_c, s(13))
        if border is PAL["good"]:
            pts = [(icon_c[0] - s(6), icon_c[1]), (icon_c[0] - s(2), icon_c[1] + s(5)), (icon_c[0] + s(6), icon_c[1] - s(5))]
            pygame.draw.lines(surf, (16, 20, 16), False, pts, max(2, s(3)))
        else:
            draw_text(surf, "!", icon_c, s(18), (20, 16, 12), bold=True, anchor="center")
        inner = pygame.Rect(r.left + s(50), r.top + s(6), r.width - s(62), r.height - s(12))
        lines = self.status_lines()
        f = font(s(15))
        lh = f.get_linesize()
        max_lines = max(1, inner.height // lh)
        out = []
        for text, col, bold in lines:
            fnt = font(s(15), bold)
            for ln in wrap_lines(text, fnt, inner.width):
                out.append((ln, col, bold))
        self.status_overflow = len(out) > max_lines
        if len(out) > max_lines:
            out = out[:max_lines]
            ln, col, bold = out[-1]
            suffix = " … (point here to see all)"
            fnt = font(s(15), bold)
            while ln and fnt.size(ln + suffix)[0] > inner.width:
                ln = ln[:-1]
            out[-1] = (ln.rstrip() + suffix, col, bold)
            # built to cut: pointing at the bar lists every problem
            note_cut("\n".join(t for t, _, _ in lines), out[-1][0], "validation bar", designed=True)
        y = inner.top + max(0, (inner.height - len(out) * lh) // 2)
        for ln, col, bold in out:
            surf.blit(font(s(15), bold).render(ln, True, col), (inner.left, y))
            y += lh

    def _draw_row_hint(self, surf):
        """When the status line is too short for every problem, pointing at it
        lists them all, one per line."""
        r = self.L["status"]
        if not self.status_overflow or not r.collidepoint(self.app.mouse):
            return
        s = self.s
        f = font(s(15))
        lh = f.get_linesize()
        items = [t for t, _, _ in self.status_lines()[:-1]] + list(self.model.problems)
        width = r.width - s(40)
        lines = []
        for it in items:
            for k, ln in enumerate(wrap_lines(it, f, width - s(20))):
                lines.append((k == 0, ln))
        box = pygame.Rect(r.left, 0, r.width, len(lines) * lh + s(20))
        box.bottom = r.top - s(6)
        panel(surf, box, radius=s(10), colour=PAL["bg"], border=PAL["gold"])
        y = box.top + s(10)
        for first, ln in lines:
            if first:
                pygame.draw.circle(surf, PAL["gold"], (box.left + s(16), y + lh // 2), s(4))
            surf.blit(f.render(ln, True, PAL["text"]), (box.left + s(28), y))
            y += lh

    def _zoom_card(self):
        if not self.hover or self.press is not None:
            return None, None
        where, cid = self.hover
        if where == "coll":
            for r, c in self.grid_rects:
                if c == cid:
                    return cid, r
        elif where == "deck":
            for r, c in self.deck_rows:
                if c == cid:
                    return cid, r
        return None, None

    def _draw_zoom(self, surf):
        cid, r = self._zoom_card()
        if cid is None:
            return
        s = self.s
        w = min(s(270), int(self.H * 0.55 / 1.4))
        img = card_surface(self.game, self.spec.cards[cid], w, big=True)
        zr = img.get_rect()
        if self.hover and self.hover[0] == "deck":
            r = pygame.Rect(self.L["deck"].left, r.top, 1, r.height)  # zoom beside the deck panel
            zr.right = r.left - s(12)
        elif r.right + s(12) + zr.width <= self.W - s(8):
            zr.left = r.right + s(12)
        else:
            zr.right = r.left - s(12)
        zr.top = r.top - s(20)
        info_h = s(60)
        zr.clamp_ip(pygame.Rect(s(8), s(8), self.W - s(16), self.H - s(16) - info_h))
        shadow = pygame.Surface((zr.width + s(12), zr.height + info_h + s(12)), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 110))
        surf.blit(shadow, (zr.left - s(2), zr.top + s(4)))
        surf.blit(img, zr)
        # under the zoom: type line and why it can't be added
        card = self.spec.cards[cid]
        info = pygame.Rect(zr.left, zr.bottom + s(4), zr.width, info_h - s(4))
        panel(surf, info, radius=s(8), alpha=235, colour=PAL["bg"])
        lines = [self.facets.type_label(card)]
        cnt = self.model.count(cid)
        why = self.model.add_refusal(cid)
        lines.append(f"In deck: {cnt}" + (f" — can't add more: {why}" if why else ""))
        draw_text(surf, lines[0], (info.left + s(8), info.top + s(4)), s(13), PAL["gold_hi"], bold=True)
        draw_wrapped(surf, lines[1], pygame.Rect(info.left + s(8), info.top + s(22), info.width - s(16), s(34)),
                     s(12), PAL["muted"] if not why else PAL["bad"], max_lines=2)

    def _draw_drag(self, surf):
        if self.drag is None:
            return
        src, cid = self.drag
        s = self.s
        img = card_surface(self.game, self.spec.cards[cid], s(96))
        ghost = img.copy()
        ghost.set_alpha(215)
        r = ghost.get_rect(center=self.drag_pos)
        surf.blit(ghost, r)
        where, _ = self.hit(self.drag_pos)
        target = self.L["deck"] if src == "coll" else self.L["coll"]
        over = (src == "coll" and where in ("deck", "plus", "minus")) or (src == "deck" and where == "coll")
        refusal = self.model.add_refusal(cid) if src == "coll" else None
        colour = (PAL["bad"] if refusal else PAL["good"]) if over else PAL["line"]
        pygame.draw.rect(surf, colour, target, max(2, s(3)), border_radius=s(14))
        hint = "Drop to add" if src == "coll" else "Drop to take one out"
        if refusal:
            hint = "Can't add: " + refusal
        f = font(s(13), True)
        lines = wrap_lines(hint, f, s(260))
        y = r.bottom + s(4)
        for ln in lines:
            ti = f.render(ln, True, PAL["text"])
            bg = ti.get_rect(midtop=(r.centerx, y)).inflate(s(10), s(4))
            pygame.draw.rect(surf, (10, 12, 18), bg, border_radius=s(5))
            surf.blit(ti, ti.get_rect(midtop=(r.centerx, y)))
            y += f.get_linesize()

    def _draw_modal(self, surf):
        s = self.s
        md = self.modal
        kind = md["kind"]
        r = md.get("rect")
        if r is None or kind == "file":
            return
        panel(surf, r, radius=s(16), border=shade(self.accent, 0.9))
        heads = {"library": f"{gamesinfo.title(self.game)} decks", "rename": "Rename deck",
                 "confirm": "Are you sure?", "import": "Import a deck from text",
                 "export": f"Export “{self.model.name}” as text", "report": md.get("title", "Import report")}
        title = heads.get(kind, "")
        f = fit_font(title, r.width - s(48), s(26), title=True)
        img = f.render(title, True, shade(self.accent, 1.25))
        surf.blit(img, (r.left + s(24), r.top + s(18)))
        if kind == "library":
            self._draw_library(surf, md)
        elif kind == "confirm":
            draw_wrapped(surf, md.get("text", ""), pygame.Rect(r.left + s(24), r.top + s(70), r.width - s(48), s(70)),
                         s(18), PAL["text"])
        elif kind == "rename":
            draw_text(surf, "Enter confirms, Esc cancels.", (r.left + s(24), r.top + s(118)), s(14), PAL["muted"])
        elif kind == "import":
            draw_wrapped(surf, "Paste or type a deck: a section line (optional), then lines like “3 Card Name”. "
                               "Unknown cards and lines over a limit are reported by line number; every valid "
                               "line is kept. The result is saved as a new deck.",
                         pygame.Rect(r.left + s(24), r.top + s(58), r.width - s(48), s(40)), s(14), PAL["muted"])
        elif kind == "export":
            draw_text(surf, "Plain text anyone can paste into Cardhall's Import.", (r.left + s(24), r.top + s(58)),
                      s(14), PAL["muted"])
        elif kind == "report":
            area = pygame.Rect(r.left + s(24), r.top + s(72), r.width - s(48), r.height - s(72) - s(80))
            y = area.top
            f = font(s(15))
            lh = f.get_linesize()
            lines = md.get("lines", [])
            shown = 0
            for p in lines:
                wl = wrap_lines(p, f, area.width - s(20))
                if y + lh * len(wl) > area.bottom - lh:
                    break
                pygame.draw.circle(surf, PAL["bad"] if "skipped" in p or "not" in p else PAL["gold"],
                                   (area.left + s(5), y + lh // 2), s(4))
                for ln in wl:
                    surf.blit(f.render(ln, True, PAL["text"]), (area.left + s(18), y))
                    y += lh
                shown += 1
            if shown < len(lines):
                draw_text(surf, f"… and {len(lines) - shown} more.", (area.left + s(18), y), s(15), PAL["muted"])
            draw_text(surf, "The valid lines were kept; the deck is open in the builder.",
                      (r.left + s(24), r.bottom - s(50)), s(14), PAL["muted"], anchor="midleft")

    def _draw_library(self, surf, md):
        s = self.s
        r = md["rect"]
        draw_text(surf, "Starter decks are read-only (Copy makes one you can edit) · a draft breaks a deck rule "
                        "and is not offered for matches", (r.left + s(24), r.top + s(70)), s(13), PAL["muted"],
                  anchor="midleft")
        for rr, kind_, text, e in md.get("rows", []):
            if kind_ == "head":
                draw_text(surf, text, (rr.left + s(2), rr.bottom - s(6)), s(16), shade(self.accent, 1.2), bold=True,
                          anchor="bottomleft")
                continue
            if kind_ == "note":
                draw_text(surf, text, (rr.left + s(10), rr.centery), s(14), PAL["muted"], italic=True,
                          anchor="midleft")
                continue
            current = e.path is not None and self.model.path is not None and Path(e.path) == Path(self.model.path)
            panel(surf, rr, radius=s(8), colour=PAL["panel_hi"] if current else PAL["bg2"],
                  border=shade(self.accent, 0.9) if current else PAL["line"], width=max(1, s(1)))
            if e.deck is None:
                from engine.core.sanitize import clean_file_name
                tag, col = "DAMAGED", PAL["bad"]
                name = clean_file_name(Path(e.path).name, 60)
                detail = str(e.problem)
            elif e.starter:
                tag, col = "STARTER", PAL["info"]
                name = e.deck.name
                detail = e.deck.description or count(e.deck.size, "card")
            elif e.problems:
                tag, col = "DRAFT", PAL["gold"]
                name = e.deck.name
                detail = f"{count(e.deck.size, 'card')} · " + e.problems[0] + (
                    f" (+{len(e.problems) - 1} more)" if len(e.problems) > 1 else "")
            else:
                tag, col = "LEGAL", PAL["good"]
                name = e.deck.name
                detail = f"{count(e.deck.size, 'card')} · ready to play"
            ft = font(s(12), True)
            ti = ft.render(tag, True, (20, 20, 24))
            chip = pygame.Rect(rr.left + s(10), rr.top + s(7), ti.get_width() + s(12), s(18))
            pygame.draw.rect(surf, col, chip, border_radius=s(9))
            surf.blit(ti, ti.get_rect(center=chip.center))
            btn_w = (s(108) * (3 if (e.deck is not None and not e.starter) else 2)) if e.deck is not None else 0
            text_w = rr.width - btn_w - (chip.right - rr.left) - s(24)
            fn = fit_font(name, text_w, s(16), bold=True, min_size=s(11))
            name = ellipsize(name, fn, text_w, where="deck library row")
            surf.blit(fn.render(name, True, PAL["text"]), (chip.right + s(10), rr.top + s(4)))
            fd = font(s(12))
            dw = rr.width - btn_w - s(24)
            # a draft's problems are built to cut: opening the deck lists every one in full
            d = ellipsize(detail, fd, dw, where="deck library row",
                          designed=e.deck is not None and bool(e.problems))
            surf.blit(fd.render(d, True, PAL["bad"] if e.deck is None else PAL["muted"]),
                      (rr.left + s(10), rr.top + s(27)))
        n = len(md.get("items", ()))
        if self.lib_scroll > 0 or md.get("shown", n) < n:
            draw_text(surf, "More below: the mouse wheel scrolls" if self.lib_scroll == 0 else
                      "The mouse wheel scrolls", (r.centerx, r.bottom - s(40)), s(13), PAL["muted"], anchor="center")
