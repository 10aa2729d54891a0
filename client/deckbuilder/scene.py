"""The deck builder screen.

Left: the game's whole card pool as cards, with a search box (names and rules
text), filters (type, cost / morale, element / combat type, keyword), sorting,
and a zoomed card under the mouse. Right: the deck, grouped the way the game
thinks of it, with counts, a small chart and the engine's verdict. Bottom: the
status line ("Legal" or each problem, and why an addition was refused).

Mouse: drag a card from the collection onto the deck to add it, drag a deck row
back to the collection to take one copy out; double-click a card to add it,
right-click to take one out (double-/right-click a deck row to take one out, the
row's + / − too). Keys: arrows pick a card, Enter / + add, − / Delete remove,
Ctrl+F search, Ctrl+Z / Ctrl+Y undo / redo, Ctrl+N new deck, F2 rename,
Ctrl+D duplicate, Ctrl+O decks, Ctrl+I import, Ctrl+E export, Esc back.

Changes are saved automatically (atomic writes) a moment after each edit and
when leaving; an illegal deck is saved as a *draft* (marked, never offered for
matches). Starter decks are read-only: the first change makes a copy. The chip
beside the deck name follows the autosave ("Saving…", "Saved", "Draft saved ·
N to fix", "Not saved"), and the builder reopens the deck last edited for the
game (:mod:`.lastdeck`).

The scene is split along its seams: this module holds the life cycle, layout,
filters, editing and input; :mod:`.files` the deck files, import and export;
:mod:`.modals` the dialogs; :mod:`.draw` the drawing.
"""
from __future__ import annotations

import pygame

from engine.core.deck import Deck
from engine.core.decktext import deck_to_text

from client.scenes import gamesinfo
from client.scenes.base import Scene
from client.ui.widgets import dropdown, handle_dropdown_event
from client.ui.theme import GAME_ACCENT, PAL, panel
from client.deckbuilder import lastdeck, library
from client.deckbuilder.draw import DeckDraw
from client.deckbuilder.facets import apply_filters, facets_for
from client.deckbuilder.files import DeckFiles
from client.deckbuilder.modals import DeckModals
from client.deckbuilder.model import DeckModel

AUTOSAVE_DELAY = 0.6
DOUBLE_CLICK = 0.45


#: a filter's "everything" choice when the row is narrow
SHORT_ALL = {"All types": "Type", "Any morale": "Morale", "All combat types": "Combat", "Any keyword": "Keyword",
             "All elements": "Element", "Any cost": "Cost", "Any ability": "Ability", "All kinds": "Kind"}


class DeckBuilderScene(DeckFiles, DeckModals, DeckDraw, Scene):
    #: the search box, once built
    search_box = None
    title = "Deck builder"

    # ------------------------------------------------------------ screenshots
    @classmethod
    def demo_kwargs(cls, app, game, seed):
        """seed 1: a starter deck; 2: a draft with problems; 3: the deck list;
        4: an import report; 5: export."""
        sp = gamesinfo.spec(game)
        if sp is None:
            return {}
        starters = sp.starter_decks()
        if not starters:
            return {}
        d = starters[0]
        if seed == 2:
            cards = list(d.cards)
            cards = [(c, n) for c, n in cards[1:-3]] + [(cards[-1][0], cards[-1][1] + 4)]
            d = Deck(d.game, "Work in progress", tuple(cards), d.description)
            return {"deck": d}
        if seed == 3:
            return {"deck": d, "modal": "library"}
        if seed == 4:
            import re
            text = re.sub(r"\n\d+ ", "\n9 ", deck_to_text(sp, d), count=1) + "3 Moonlit Unicorn\n12x\n"
            return {"deck": d, "import_text": text}
        if seed == 5:
            return {"deck": d, "modal": "export"}
        return {"deck": d}

    # ------------------------------------------------------------ life cycle
    def enter(self):
        self.game = self.kwargs.get("game") or gamesinfo.default_game()
        self.spec = gamesinfo.spec(self.game)
        self.facets = facets_for(self.spec)
        self.accent = GAME_ACCENT.get(self.game, PAL["gold"])
        self.choices: dict = {}
        self.search = ""
        self.sort_index = 0
        self.scroll = 0
        self.deck_scroll = 0
        self.hover = None          # ("coll" | "deck", cid, rect)
        self.sel = None            # selected card id (keyboard)
        self.press = None          # (where, cid, pos) on mouse down
        self.drag = None           # (where, cid) while dragging
        self.drag_pos = (0, 0)
        self.last_down = (None, None, -10.0)
        self.message = None        # (text, kind, until)
        self.modal = None          # {"kind": ..., ...}
        self.mui = None
        self.modal_actions: dict = {}
        self.lib_scroll = 0
        self.last_edit = 0.0
        self.grid_rects: list = []
        self.deck_rows: list = []
        self.row_buttons: list = []
        self.save_error = None     # why the last autosave failed (the chip says "Not saved")
        deck = self.kwargs.get("deck")
        if deck is None:           # the deck last edited for this game (a missing / damaged note: a new deck)
            deck = lastdeck.recall(self.game, self.spec)
        self.model = DeckModel(self.spec, deck)
        self.refilter()
        super().enter()
        if self.kwargs.get("import_text"):
            self.do_import_text(self.kwargs["import_text"], save=False)
        elif self.kwargs.get("modal"):
            self.open_modal(self.kwargs["modal"])

    def leave(self):
        self.save_now()
        lastdeck.remember(self.model.deck())
        self.mui = None
        super().leave()

    # ------------------------------------------------------------ layout
    def layout(self):
        s = self.s
        m = s(14)
        head = pygame.Rect(m, m, self.W - 2 * m, s(46))
        status_h = s(62)
        top = head.bottom + s(10)
        bottom = self.H - m - status_h - s(8)
        lw = int((self.W - 3 * m) * 0.6)
        coll = pygame.Rect(m, top, lw, bottom - top)
        deck = pygame.Rect(coll.right + m, top, self.W - coll.right - 2 * m, bottom - top)
        status = pygame.Rect(m, bottom + s(8), self.W - 2 * m, status_h)
        pad = s(12)
        f1 = pygame.Rect(coll.left + pad, coll.top + pad, coll.width - 2 * pad, s(36))
        f2 = f1.move(0, s(44))
        grid = pygame.Rect(coll.left + pad, f2.bottom + s(24), coll.width - 2 * pad - s(10),
                           coll.bottom - f2.bottom - s(24) - pad)
        dname = pygame.Rect(deck.left + pad, deck.top + pad, deck.width - 2 * pad, s(32))
        dbtn = pygame.Rect(deck.left + pad, dname.bottom + s(6), deck.width - 2 * pad, s(34))
        chart = pygame.Rect(deck.left + pad, deck.bottom - pad - s(96), deck.width - 2 * pad, s(96))
        dlist = pygame.Rect(deck.left + pad, dbtn.bottom + s(10), deck.width - 2 * pad - s(8),
                            chart.top - dbtn.bottom - s(18))
        return dict(head=head, coll=coll, deck=deck, status=status, f1=f1, f2=f2, grid=grid, dname=dname,
                    dbtn=dbtn, chart=chart, dlist=dlist)

    def build(self):
        s = self.s
        L = self.L = self.layout()
        head = L["head"]
        # header buttons (right side)
        bw, bh, gap = s(112), s(40), s(10)
        x = head.right
        for text, act, key, tip, name, cls in (
                ("Back", self.back, "escape", "Back to the game menu (your deck is saved)", "back", None),
                ("Export", lambda: self.open_modal("export"), "ctrl+e", "Deck as text: clipboard or file",
                 "export", None),
                ("Import", lambda: self.open_modal("import"), "ctrl+i",
                 "A deck from text: clipboard or file", "import", None),
                ("Decks", lambda: self.open_modal("library"), "ctrl+o",
                 "Your decks, the starter decks and damaged files", "decks", "@primary")):
            x -= bw
            self.button((x, head.top + (head.height - bh) // 2, bw, bh), text, act, key=key, tip=tip, name=name,
                        cls=cls)
            x -= gap
        self.head_title_right = x
        # filters: row 1 search + sort + clear; row 2 the filters
        f1, f2 = L["f1"], L["f2"]
        import pygame_gui
        sw = f1.width - s(150) - s(120) - 2 * s(8)
        self.search_box = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(f1.left, f1.top, sw, f1.height), manager=self.ui)
        hint = "Search (Ctrl+F)"
        for ph in ("Search names and rules text (Ctrl+F)", "Search names and text (Ctrl+F)"):
            if self.search_box.font.size(ph)[0] <= sw - s(16):  # the longest that reads whole
                hint = ph
                break
        self.entry_hint(self.search_box, hint)
        if self.search:
            self.search_box.set_text(self.search)
        self.widgets["search"] = self.search_box
        self.add_key("ctrl+f", self.focus_search)
        sorts = [(f"Sort: {lab}", i) for i, (lab, _) in enumerate(self.facets.sorts)]
        dropdown(self, (f1.left + sw + s(8), f1.top, s(150), f1.height), sorts, self.sort_index, self.set_sort,
                 name="sort")
        self.button((f1.right - s(120), f1.top, s(120), f1.height), "Clear filters", self.clear_filters,
                    tip="Show every card again", name="clear_filters", cls="@small")
        n = len(self.facets.filters)
        # each filter as wide as its longest choice needs (so "All combat types" is never cut)
        from client.ui.theme import font as _font
        fnt = _font(s(17))
        filters = list(self.facets.filters)
        room = f2.width - (n - 1) * s(8)

        def needs(fs):
            return [max(fnt.size(t)[0] for t in [all_label] + [lab for lab, _ in options]) + s(48)
                    for _key, all_label, options in fs]
        need = needs(filters)
        if sum(need) > room:  # narrow: "All combat types" becomes "Combat" (the facet's name)
            filters = [(k, SHORT_ALL.get(a, a), o) for k, a, o in filters]
            need = needs(filters)
        extra = max(0, room - sum(need)) // max(1, n)
        widths = ([w + extra for w in need] if sum(need) <= room else
                  [max(s(60), room * w // max(1, sum(need))) for w in need])
        x = f2.left
        for i, (key, all_label, options) in enumerate(filters):
            opts = [(all_label, None)] + [(lab, j) for j, (lab, _) in enumerate(options)]
            dropdown(self, (x, f2.top, widths[i], f2.height), opts, self.choices.get(key),
                     (lambda v, key=key: self.set_filter(key, v)), name=f"filter_{key}")
            x += widths[i] + s(8)
        # deck buttons
        db = L["dbtn"]
        items = (("New", self.new_deck, "ctrl+n", "Start an empty deck", "new"),
                 ("Rename", lambda: self.open_modal("rename"), "f2", "Give this deck a new name", "rename"),
                 ("Duplicate", self.duplicate_deck, "ctrl+d", "Save a copy of this deck", "duplicate"),
                 ("Undo", self.undo, "ctrl+z", "Take back the last change", "undo"),
                 ("Delete", self.ask_delete, None, "Delete this deck (asks first)", "delete"))
        w = (db.width - (len(items) - 1) * s(8)) // len(items)
        for i, (text, act, key, tip, name) in enumerate(items):
            enabled = True
            if name in ("delete", "rename") and (self.model.read_only or self.model.path is None):
                enabled = name == "rename" and not self.model.read_only
            self.button((db.left + i * (w + s(8)), db.top, w, db.height), text, act, key=key, tip=tip,
                        name=name, cls="@danger" if name == "delete" else "@small", enabled=enabled)
        self.add_key("ctrl+y", self.redo)
        self.add_key("ctrl+shift+z", self.redo)
        self.add_key("ctrl+s", self.save_now_toast)
        for k in ("return", "=", "shift+=", "insert"):
            self.add_key(k, self.add_selected)
        self._keys[(pygame.K_KP_PLUS, 0)] = (self.add_selected, None)
        self._keys[(pygame.K_KP_MINUS, 0)] = (self.remove_selected, None)
        self._keys[(pygame.K_PLUS, 0)] = (self.add_selected, None)
        self._keys[(pygame.K_PLUS, 2)] = (self.add_selected, None)
        self._keys[(pygame.K_KP_ENTER, 0)] = (self.add_selected, None)
        for k in ("-", "delete", "backspace"):
            self.add_key(k, self.remove_selected)
        for k, d in (("left", (-1, 0)), ("right", (1, 0)), ("up", (0, -1)), ("down", (0, 1))):
            self.add_key(k, (lambda d=d: self.move_sel(*d)))
        self.add_key("pageup", lambda: self.scroll_grid(-3))
        self.add_key("pagedown", lambda: self.scroll_grid(3))
        if self.modal is not None:
            self.build_modal()

    # ------------------------------------------------------------ collection
    def refilter(self):
        self.shown = apply_filters(self.facets, self.spec.cards.values(), self.choices, self.search,
                                   self.sort_index)
        self.scroll = 0
        if self.sel is not None and all(c.id != self.sel for c in self.shown):
            self.sel = None

    def set_filter(self, key, v):
        if v is None:
            self.choices.pop(key, None)
        else:
            self.choices[key] = v
        self.refilter()

    def set_sort(self, v):
        self.sort_index = v
        self.refilter()

    def clear_filters(self):
        self.choices.clear()
        self.search = ""
        self.refilter()
        self.rebuild()

    def set_search(self, text):
        self.search = text
        self.refilter()

    def focus_search(self):
        self.search_box.focus()

    def grid_geometry(self):
        s = self.s
        g = self.L["grid"]
        gap = s(14)
        cols = max(3, (g.width + gap) // (s(118) + gap))
        cw = (g.width - (cols - 1) * gap) // cols
        ch = int(round(cw * 1.4))
        return g, cols, cw, ch, gap

    def content_height(self):
        g, cols, cw, ch, gap = self.grid_geometry()
        rows = (len(self.shown) + cols - 1) // cols
        return rows * (ch + gap) - gap if rows else 0

    def track_rect(self):
        g = self.L["grid"]
        return pygame.Rect(g.right + self.s(1), g.top, self.s(10), g.height)

    def scroll_to_track(self, y):
        g = self.L["grid"]
        content = self.content_height()
        room = max(0, content - g.height)
        thumb = max(self.s(30), int(g.height * g.height / max(1, content)))
        t = (y - g.top - thumb / 2) / max(1, g.height - thumb)
        self.scroll = int(round(room * max(0.0, min(1.0, t))))

    def scroll_grid(self, rows):
        g, cols, cw, ch, gap = self.grid_geometry()
        self.scroll = max(0, min(self.scroll + rows * (ch + gap), max(0, self.content_height() - g.height)))

    def card_rect(self, i):
        g, cols, cw, ch, gap = self.grid_geometry()
        r, c = divmod(i, cols)
        return pygame.Rect(g.left + c * (cw + gap), g.top + r * (ch + gap) - self.scroll, cw, ch)

    def rect_of_card(self, cid):
        """Where card ``cid`` is drawn in the collection (tests), scrolling it into view."""
        for i, c in enumerate(self.shown):
            if c.id == cid:
                r = self.card_rect(i)
                g = self.L["grid"]
                if r.top < g.top or r.bottom > g.bottom:
                    self.scroll = max(0, min(r.top + self.scroll - g.top, max(0, self.content_height() - g.height)))
                    r = self.card_rect(i)
                return r
        return None

    def rect_of_row(self, cid):
        self._layout_deck()
        for r, c in self.deck_rows:
            if c == cid:
                return r
        return None

    # ------------------------------------------------------------ editing
    def _ensure_editable(self) -> bool:
        if self.model.read_only:
            self.model.read_only = False
            self.model.path = None
            old = self.model.name
            self.model.name = library.unique_name(self.game, f"{old} copy")
            self.say(f"{old} is a starter deck: your changes go into a copy, “{self.model.name}”.", "info")
            self.rebuild()
        return True

    def add(self, cid, n=1) -> bool:
        self._ensure_editable()
        card = self.spec.cards.get(cid)
        ok, why = self.model.try_add(cid, n)
        if why:
            self.say(f"Can't add {card.name if card else cid}: {why}", "error")
            self.flash = (cid, self.app.now + 0.8)
            self.redraw_at(self.flash[1])
        if ok:
            self.sel = cid
            self.edited()
        return ok

    def remove(self, cid, n=1) -> bool:
        if self.model.count(cid) <= 0:
            return False
        self._ensure_editable()
        ok = self.model.remove(cid, n)
        if ok:
            self.edited()
        return ok

    def add_selected(self):
        if self.sel:
            self.add(self.sel)

    def remove_selected(self):
        if self.sel:
            self.remove(self.sel)

    def move_sel(self, dx, dy):
        if not self.shown:
            return
        g, cols, cw, ch, gap = self.grid_geometry()
        ids = [c.id for c in self.shown]
        i = ids.index(self.sel) if self.sel in ids else -1
        if i < 0:
            i = 0
        else:
            i = max(0, min(len(ids) - 1, i + dx + dy * cols))
        self.sel = ids[i]
        self.rect_of_card(self.sel)

    def undo(self):
        if self.model.undo():
            self.edited()
        else:
            self.say("Nothing to undo.", "info")

    def redo(self):
        if self.model.redo():
            self.edited()

    def edited(self):
        self.last_edit = self.app.now
        self.message = None if self.message and self.message[1] != "info" else self.message

    def say(self, text, kind="info", *, toast=False, seconds=5.0):
        self.message = (text, kind, self.app.now + seconds)
        self.redraw_at(self.message[2])
        if toast:
            self.app.toast(text, kind)

    # ------------------------------------------------------------ events
    def process_event(self, ev):
        if ev.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.modal is None:
            # drags start on the scene's own drawing, not on widgets
            if self.drag is not None or self.press is not None:
                self.app.mouse = getattr(ev, "pos", self.app.mouse)
                self.handle_event(ev)
                return
        if self.modal is not None:
            if self.modal.get("kind") == "confirm" and ev.type == pygame.KEYDOWN and ev.key == pygame.K_RETURN:
                on_yes = self.modal["on_yes"]
                self.close_modal()
                on_yes()
                return
            self.modal_event(ev)
            return
        import pygame_gui
        if ev.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and ev.ui_element is self.search_box:
            self.set_search(ev.text)
            return
        if ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and handle_dropdown_event(self, ev):
            return
        if ev.type == pygame.KEYDOWN and self._text_focus():
            if ev.key in (pygame.K_ESCAPE, pygame.K_RETURN):
                self.search_box.unfocus()
                return
        super().process_event(ev)

    def on_ui_event(self, ev):
        return handle_dropdown_event(self, ev) or super().on_ui_event(ev)

    def hit(self, pos):
        """("coll" | "deck" | "plus" | "minus", cid) under ``pos``, or (area, None)."""
        L = self.L
        for r, cid, sign in self.row_buttons:
            if r.collidepoint(pos):
                return (sign, cid)
        if L["grid"].collidepoint(pos):
            for r, cid in self.grid_rects:
                if r.collidepoint(pos):
                    return ("coll", cid)
            return ("coll", None)
        if L["dlist"].collidepoint(pos):
            for r, cid in self.deck_rows:
                if r.collidepoint(pos):
                    return ("deck", cid)
            return ("deck", None)
        if L["deck"].collidepoint(pos):
            return ("deck", None)
        if L["coll"].collidepoint(pos):
            return ("coll", None)
        return (None, None)

    def handle_event(self, ev):
        if ev.type == pygame.MOUSEMOTION:
            self.drag_pos = ev.pos
            if self.press is not None and self.press[0] == "track":
                self.scroll_to_track(ev.pos[1])
                return
            if self.press is not None and self.drag is None:
                px, py = self.press[2]
                if abs(ev.pos[0] - px) + abs(ev.pos[1] - py) > self.s(8):
                    self.drag = (self.press[0], self.press[1])
        elif ev.type == pygame.MOUSEBUTTONDOWN:
            if ev.button == 1 and self.track_rect().collidepoint(ev.pos) \
                    and self.content_height() > self.L["grid"].height:
                self.scroll_to_track(ev.pos[1])
                self.press = ("track", None, ev.pos)
                return
            where, cid = self.hit(ev.pos)
            if ev.button == 1:
                if where in ("plus", "minus"):
                    (self.add if where == "plus" else self.remove)(cid)
                    return
                if cid is None:
                    return
                lw, lc, lt = self.last_down
                if lw == where and lc == cid and self.app.now - lt <= DOUBLE_CLICK:
                    self.last_down = (None, None, -10.0)
                    self.press = None
                    if where == "coll":
                        self.add(cid)
                    else:
                        self.remove(cid)
                    return
                self.last_down = (where, cid, self.app.now)
                self.press = (where, cid, ev.pos)
                self.sel = cid
            elif ev.button == 3 and cid is not None:
                self.remove(cid)
                self.sel = cid
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            drag, self.drag, self.press = self.drag, None, None
            if drag is None:
                return
            src, cid = drag
            where, _ = self.hit(ev.pos)
            if src == "coll" and where in ("deck", "plus", "minus"):
                self.add(cid)
            elif src == "deck" and where == "coll":
                self.remove(cid)
        elif ev.type == pygame.MOUSEWHEEL:
            where, _ = self.hit(self.app.mouse)
            if where == "coll":
                self.scroll_grid(-ev.y)
            elif where in ("deck", "plus", "minus"):
                self.deck_scroll = max(0, self.deck_scroll - ev.y * self.s(48))

    # ------------------------------------------------------------ frame
    def wake_in(self):
        best = super().wake_in()
        if self.mui is not None:  # a dialog's widgets: tooltips, the text cursor
            w = self._ui_wake(self.mui)
            if w is not None:
                best = w if best is None else min(best, w)
        if self.model.dirty:  # the autosave (the title shows it)
            w = max(0.0, self.last_edit + AUTOSAVE_DELAY - self.app.now)
            best = w if best is None else min(best, w)
        return best

    def update(self, dt):
        super().update(dt)
        if self.mui is not None:
            before = self._ui_look(self.mui)
            self.mui.update(dt)
            if self._ui_look(self.mui) != before:
                self.invalidate()
            for el in self._ui_focus_entries(self.mui):
                self.invalidate(el.rect)
        if self.model.dirty and self.app.now - self.last_edit >= AUTOSAVE_DELAY:
            self.save_now()
            self.invalidate()
        if self.message and self.message[2] < self.app.now:
            self.message = None
        if self.modal is None:
            m = self.model
            for name, want in (("delete", not m.read_only and m.path is not None), ("rename", not m.read_only)):
                w = self.widgets.get(name)
                if w is not None and w.is_enabled != want:
                    w.enable() if want else w.disable()
        if self.drag is None and self.modal is None:
            where, cid = self.hit(self.app.mouse)
            self.hover = (where, cid) if cid is not None and where in ("coll", "deck", "plus", "minus") else None
        else:
            self.hover = None

    def draw(self, surf):
        s = self.s
        L = self.L
        surf.fill(PAL["bg"])
        self._draw_header(surf)
        panel(surf, L["coll"], radius=s(14))
        panel(surf, L["deck"], radius=s(14))
        self._draw_grid(surf)
        self._draw_deck(surf)
        self._draw_chart(surf)
        self._draw_status(surf)
        self.draw_ui(surf)
        if self.modal is None:
            self._draw_row_hint(surf)
            self._draw_zoom(surf)
            self._draw_drag(surf)
        else:
            veil = pygame.Surface(self.app.size, pygame.SRCALPHA)
            veil.fill((6, 8, 12, 170))
            surf.blit(veil, (0, 0))
            self._draw_modal(surf)
            if self.mui is not None:
                self.mui.draw_ui(surf)
                self.draw_hints(surf, self.mui)
