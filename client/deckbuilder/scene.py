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
"""
from __future__ import annotations

from pathlib import Path

import pygame

from engine.core.deck import Deck
from engine.core.decktext import deck_to_text, import_deck_text
from engine.core.files import FileProblem, atomic_write_text, read_capped_bytes

from .. import gamesinfo
from ..cards import card_surface
from ..scenes.base import Scene
from ..scenes.widgets import dropdown, handle_dropdown_event
from engine.core.text import count

from ..ui import (GAME_ACCENT, PAL, draw_text, draw_wrapped, ellipsize, fit_font, font, note_cut, panel, shade,
                  wrap_lines)
from . import clipboard, lastdeck, library
from .facets import apply_filters, facets_for
from .model import DeckModel

AUTOSAVE_DELAY = 0.6
DOUBLE_CLICK = 0.45
MAX_IMPORT_FILE = 64 * 1024
#: the most text put in the import box: pygame-gui lays a text box out again on
#: every change, 8,000 characters take ~0.3 s, 64 K several seconds (a 60-card
#: deck list is under 3,000). A longer paste is imported straight away.
MAX_IMPORT_BOX = 8000


#: a filter's "everything" choice when the row is narrow
SHORT_ALL = {"All types": "Type", "Any morale": "Morale", "All combat types": "Combat", "Any keyword": "Keyword",
             "All elements": "Element", "Any cost": "Cost", "Any ability": "Ability", "All kinds": "Kind"}


class DeckBuilderScene(Scene):
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
            pygame.Rect(f1.left, f1.top, sw, f1.height), manager=self.ui, placeholder_text="Search (Ctrl+F)")
        for ph in ("Search names and rules text (Ctrl+F)", "Search names and text (Ctrl+F)"):
            if self.search_box.font.size(ph)[0] <= sw - s(16):  # the longest that reads whole
                self.search_box.placeholder_text = ph
                self.search_box.rebuild()
                break
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
        from ..ui import font as _font
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

    # ------------------------------------------------------------ files
    def save_now(self) -> bool:
        m = self.model
        if not m.dirty or m.read_only or (m.path is None and not m.counts):
            return False
        try:
            saved = library.save(m.deck())
        except (OSError, FileProblem, PermissionError) as e:
            if self.save_error is None:  # once per failure, not at every retry
                self.app.toast(f"Could not save {m.name}: {e}", "error")
            self.save_error = str(e)
            self.last_edit = self.app.now + 5.0  # try again in a few seconds, not every frame
            return False
        self.save_error = None
        m.adopt(saved)
        lastdeck.remember(saved)
        return True

    def save_state(self) -> tuple[str, str]:
        """The autosave indicator beside the deck name: (text, PAL colour name)."""
        m = self.model
        if m.read_only:
            return "Starter · read-only", "info"
        if self.save_error is not None and m.dirty:
            return "Not saved", "bad"
        if m.dirty:
            return "Saving…", "muted"
        if m.path is None:
            return "Not saved yet", "muted"
        if not m.legal:
            n = len(m.problems)
            return f"Draft saved · {n} to fix", "gold"
        return "Saved", "good"

    def save_now_toast(self):
        self._ensure_editable()
        self.model.dirty = True
        if self.save_now():
            tag = "" if self.model.legal else " as a draft (not offered for matches until it is legal)"
            self.app.toast(f"Saved {self.model.name}{tag}.", "good")

    def open_deck(self, deck: Deck):
        self.save_now()
        self.model = DeckModel(self.spec, deck)
        self.save_error = None
        lastdeck.remember(deck)
        self.deck_scroll = 0
        self.sel = None
        self.message = None
        self.close_modal()
        self.rebuild()

    def new_deck(self):
        self.save_now()
        name = library.unique_name(self.game, "New deck")
        self.open_deck(Deck(self.game, name, ()))

    def duplicate_deck(self):
        self.save_now()
        try:
            d = library.duplicate(self.model.deck())
        except (OSError, FileProblem) as e:
            self.app.toast(f"Could not copy the deck: {e}", "error")
            return
        self.open_deck(d)
        self.app.toast(f"Saved a copy: {d.name}.", "good")

    def ask_delete(self):
        if self.model.read_only or self.model.path is None:
            self.app.toast("This deck has no file to delete.", "info")
            return
        self.open_modal("confirm", text=f"Delete the deck “{self.model.name}”? Its file is removed for good.",
                        yes="Delete", on_yes=self.delete_deck)

    def delete_deck(self):
        name = self.model.name
        d = self.model.deck()
        gone = library.delete(d)
        self.model.dirty = False
        self.open_deck(Deck(self.game, library.unique_name(self.game, "New deck"), ()))
        if gone or d.path is None:
            self.app.toast(f"Deleted {name}.", "good")
        else:
            self.app.toast(f"{name} could not be deleted (its file is read-only or already gone).", "error")

    def do_rename(self, text):
        text = " ".join(text.split())
        if not text:
            self.say("A deck needs a name.", "error", toast=True)
            return
        m = self.model
        if m.path is None:
            m.name = library.unique_name(self.game, text)
            m.dirty = True
            m.revision += 1
            self.save_now()
        else:
            self.save_now()
            try:
                d = library.rename(m.deck(), text)
            except (OSError, FileProblem, ValueError, PermissionError) as e:
                self.app.toast(f"Could not rename: {e}", "error")
                return
            m.adopt(d)
        self.close_modal()
        self.rebuild()

    def back(self):
        self.save_now()
        self.go("game_menu", game=self.game)

    # ------------------------------------------------------------ import / export
    def export_text(self) -> str:
        return deck_to_text(self.spec, self.model.deck())

    def copy_export(self):
        ok = clipboard.copy_text(self.export_text())
        self.app.toast("Deck copied to the clipboard." if ok else
                       "Deck copied (inside Cardhall only: the system clipboard is not available).", "good")

    def exports_dir(self) -> Path:
        from ..storage import data_dir
        return data_dir() / "exports"

    def export_to_file(self, path=None):
        from .library import _slug
        default = f"{self.game}_{_slug(self.model.name)}.txt"
        path = Path(path) if path else self.exports_dir() / default
        if path.is_dir():  # a folder was picked: the deck goes inside it
            path = path / default
        elif path.suffix == "":
            path = path.with_suffix(".txt")
        try:
            atomic_write_text(path, self.export_text())
        except OSError as e:
            from engine.core.sanitize import clean_file_name
            self.app.toast(f"Could not write {clean_file_name(path.name)}: {e.strerror or e}", "error")
            return None
        self.app.toast(f"Saved the deck as text: {path}", "good", 6)
        return path

    def import_from_file(self, path):
        try:
            data = read_capped_bytes(path, MAX_IMPORT_FILE)
            text = data.decode("utf-8-sig")
        except FileProblem as e:
            self.app.toast(str(e), "error")
            return None
        except UnicodeDecodeError:
            self.app.toast(f"{Path(path).name}: not a text file.", "error")
            return None
        from engine.core.sanitize import clean_name
        return self.do_import_text(text, default_name=clean_name(Path(path).stem.replace("_", " ")) or "Imported deck")

    def do_import_text(self, text, default_name="Imported deck", *, save=True):
        """Import deck text as a new deck (saved), open it, and show the report."""
        from engine.core.sanitize import clean_text
        # typed, pasted or read from a file: anything may be in it (the parser reads 64 K at most)
        text = clean_text(str(text)[:clipboard.MAX_PASTE], newlines=True)
        res = import_deck_text(self.spec, text, name=default_name)
        if not res.deck.cards:
            self.open_modal("report", title="Nothing imported", lines=res.problems or ["No cards found."])
            return res
        self.save_now()
        d = res.deck
        d = Deck(d.game, library.unique_name(self.game, d.name), d.cards, clean_text(d.description, 500, newlines=True))
        self.model = DeckModel(self.spec, d)
        self.model.dirty = save
        self.save_now()
        self.deck_scroll = 0
        n = sum(n for _, n in d.cards)
        if res.problems:
            self.open_modal("report", title=f"Imported “{d.name}”: {count(n, 'card')}, "
                                            f"{count(len(res.problems), 'problem')}",
                            lines=res.problems)
        else:
            self.close_modal()
            self.rebuild()
            self.app.toast(f"Imported {d.name} ({n} cards).", "good")
        return res

    # ------------------------------------------------------------ modal dialogs
    def open_modal(self, kind, **kw):
        self.modal = {"kind": kind, **kw}
        self.lib_scroll = 0
        self.press = self.drag = None
        self.rebuild()

    def close_modal(self):
        if self.modal is not None:
            self.modal = None
            self.mui = None
            self.rebuild()

    def mbutton(self, rect, text, action, *, name=None, cls=None, tip="", enabled=True):
        import pygame_gui
        from pygame_gui.core import ObjectID
        b = pygame_gui.elements.UIButton(pygame.Rect(rect), text, manager=self.mui, tool_tip_text=tip or None,
                                         object_id=ObjectID(class_id=cls))
        if not enabled:
            b.disable()
        self.modal_actions[b] = action
        if name:
            self.widgets[name] = b
        return b

    def modal_rect(self, w, h):
        r = pygame.Rect(0, 0, min(self.s(w), self.W - self.s(40)), min(self.s(h), self.H - self.s(40)))
        r.center = (self.W // 2, self.H // 2)
        return r

    def build_modal(self):
        import pygame_gui
        self.mui = self.app.new_ui_manager()
        self.modal_actions = {}
        for b in list(self._actions):
            b.disable()
        for name, w in list(self.widgets.items()):
            if name.startswith("filter_") or name in ("sort", "search"):
                w.disable()
        md, s = self.modal, self.s
        kind = md["kind"]
        bh = s(42)
        if kind == "library":
            r = md["rect"] = self.modal_rect(900, 620)
            entries = library.library(self.game)
            md["entries"] = entries
            starters = [e for e in entries if e.starter]
            mine = [e for e in entries if not e.starter and e.deck is not None]
            bad = [e for e in entries if e.deck is None]
            items = []
            for title, group, empty in (
                    ("Starter decks", starters, ""),
                    ("Your decks", mine, "None yet: Copy a starter deck, or start a New deck."),
                    ("Damaged files: left as they are, never overwritten", bad, "")):
                if group or empty:
                    items.append(("head", title, None))
                    items.extend(("entry", "", e) for e in group)
                    if not group:
                        items.append(("note", empty, None))
            md["items"] = items
            heights = {"head": s(30), "note": s(30), "entry": s(50)}
            top = r.top + s(86)
            bottom = r.bottom - s(78)
            md["per"] = 1
            # scroll so that everything after the first shown item fits if possible
            self.lib_scroll = max(0, min(self.lib_scroll, len(items) - 1))
            while self.lib_scroll > 0 and sum(heights[k] for k, _, _ in items[self.lib_scroll - 1:]) <= bottom - top:
                self.lib_scroll -= 1
            md["rows"] = []
            y = top
            shown = 0
            for kind_, text, e in items[self.lib_scroll:]:
                h = heights[kind_]
                if y + h > bottom:
                    break
                shown += 1
                if kind_ != "entry":
                    md["rows"].append((pygame.Rect(r.left + s(20), y, r.width - s(40), h), kind_, text, None))
                    y += h
                    continue
                i = entries.index(e)
                rr = pygame.Rect(r.left + s(20), y, r.width - s(40), h - s(6))
                md["rows"].append((rr, "entry", "", e))
                y += h
                bw = s(100)
                x = rr.right - s(8) - bw
                by = rr.top + (rr.height - s(34)) // 2
                if e.deck is None:
                    continue
                if not e.starter:
                    self.mbutton((x, by, bw, s(34)), "Delete", (lambda e=e: self.ask_delete_entry(e)),
                                 name=f"lib_delete_{i}", cls="@danger")
                    x -= bw + s(8)
                self.mbutton((x, by, bw, s(34)), "Copy", (lambda e=e: self.copy_entry(e)), name=f"lib_copy_{i}",
                             cls="@small", tip="Save a copy you can edit")
                x -= bw + s(8)
                self.mbutton((x, by, bw, s(34)), "Open", (lambda e=e: self.open_deck(e.deck)), name=f"lib_open_{i}",
                             cls="@primary")
            md["shown"] = shown
            self.mbutton((r.left + s(20), r.bottom - bh - s(18), s(160), bh), "New deck", self.new_deck,
                         name="lib_new")
            self.mbutton((r.right - s(20) - s(140), r.bottom - bh - s(18), s(140), bh), "Close", self.close_modal,
                         name="lib_close")
        elif kind == "rename":
            r = md["rect"] = self.modal_rect(560, 210)
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(r.left + s(24), r.top + s(70), r.width - s(48), s(40)), manager=self.mui)
            entry.set_text_length_limit(60)
            entry.set_text(self.model.name)
            entry.focus()
            self.widgets["rename_entry"] = entry
            md["entry"] = entry
            self.mbutton((r.right - s(24) - s(140), r.bottom - bh - s(18), s(140), bh), "Rename",
                         lambda: self.do_rename(entry.get_text()), name="rename_ok", cls="@primary")
            self.mbutton((r.right - s(24) - s(290), r.bottom - bh - s(18), s(140), bh), "Cancel", self.close_modal,
                         name="rename_cancel")
        elif kind == "confirm":
            r = md["rect"] = self.modal_rect(560, 220)
            self.mbutton((r.right - s(24) - s(140), r.bottom - bh - s(18), s(140), bh), md.get("yes", "Yes"),
                         lambda: (self.close_modal(), md["on_yes"]()), name="confirm_yes", cls="@danger")
            self.mbutton((r.right - s(24) - s(290), r.bottom - bh - s(18), s(140), bh), "Cancel", self.close_modal,
                         name="confirm_no")
        elif kind == "import":
            r = md["rect"] = self.modal_rect(760, 560)
            box = pygame_gui.elements.UITextEntryBox(
                pygame.Rect(r.left + s(24), r.top + s(104), r.width - s(48), r.height - s(104) - bh - s(40)),
                md.get("text", ""), manager=self.mui,
                placeholder_text="Paste a deck here: a section line, then lines like “3 Card Name”.")
            box.paste_text_enabled = False  # Ctrl+V goes through paste_into_import (capped)
            self.widgets["import_box"] = box
            md["box"] = box
            y = r.bottom - bh - s(18)
            self.mbutton((r.left + s(24), y, s(170), bh), "Paste", self.paste_into_import, name="import_paste",
                         tip="Put the clipboard's text in the box")
            self.mbutton((r.left + s(24) + s(180), y, s(170), bh), "Open file…", self.pick_import_file,
                         name="import_file", tip="Read a .txt deck file")
            self.mbutton((r.right - s(24) - s(170), y, s(170), bh), "Import",
                         lambda: self.do_import_text(box.get_text()), name="import_ok", cls="@primary",
                         tip="Make a new deck from the text")
            self.mbutton((r.right - s(24) - s(300), y, s(120), bh), "Cancel", self.close_modal, name="import_cancel")
        elif kind == "export":
            r = md["rect"] = self.modal_rect(760, 560)
            box = pygame_gui.elements.UITextEntryBox(
                pygame.Rect(r.left + s(24), r.top + s(86), r.width - s(48), r.height - s(86) - bh - s(40)),
                self.export_text(), manager=self.mui)
            self.widgets["export_box"] = box
            y = r.bottom - bh - s(18)
            self.mbutton((r.left + s(24), y, s(220), bh), "Copy to clipboard", self.copy_export,
                         name="export_copy", cls="@primary")
            self.mbutton((r.left + s(24) + s(230), y, s(170), bh), "Save to file…", self.pick_export_file,
                         name="export_file")
            self.mbutton((r.right - s(24) - s(140), y, s(140), bh), "Close", self.close_modal, name="export_close")
        elif kind == "report":
            lines = md.get("lines", [])
            f = font(s(15))
            need = sum(len(wrap_lines(p, f, self.modal_rect(820, 520).width - s(68))) for p in lines)
            h = min(520, 190 + int(need * f.get_linesize() / max(0.5, self.app.scale)))
            r = md["rect"] = self.modal_rect(820, h)
            self.mbutton((r.right - s(24) - s(140), r.bottom - bh - s(18), s(140), bh), "OK", self.close_modal,
                         name="report_ok", cls="@primary")
        elif kind == "file":
            # a pygame-gui file dialog for import / export
            r = md["rect"] = self.modal_rect(720, 520)
            start = md.get("start")
            dlg = pygame_gui.windows.UIFileDialog(
                r, self.mui, window_title=md.get("title", "Choose a file"), initial_file_path=str(start),
                allow_existing_files_only=md.get("must_exist", False), allowed_suffixes={".txt", ""})
            md["dialog"] = dlg

    def ask_delete_entry(self, e):
        self.open_modal("confirm", text=f"Delete the deck “{e.deck.name}”? Its file is removed for good.",
                        yes="Delete", on_yes=lambda: self.delete_entry(e))

    def delete_entry(self, e):
        if self.model.path is not None and e.path is not None and Path(self.model.path) == Path(e.path):
            self.model.dirty = False
            self.delete_deck()
        else:
            if library.delete(e.deck):
                self.app.toast(f"Deleted {e.deck.name}.", "good")
            else:
                self.app.toast(f"{e.deck.name} could not be deleted (its file is read-only or already gone).",
                               "error")
        self.open_modal("library")

    def copy_entry(self, e):
        try:
            d = library.duplicate(e.deck)
        except (OSError, FileProblem) as err:
            self.app.toast(f"Could not copy: {err}", "error")
            return
        self.open_deck(d)
        self.app.toast(f"Saved a copy: {d.name}.", "good")

    def paste_into_import(self):
        box = self.modal.get("box") if self.modal else None
        text = clipboard.paste_text()
        if not text:
            self.app.toast("The clipboard has no text.", "info")
            return
        if len(text) > MAX_IMPORT_BOX:  # too long to show: read it at once
            self.app.toast(f"The clipboard holds {len(text):,} characters; reading it as a deck list.", "info")
            self.do_import_text(text)
            return
        if box is not None:
            box.set_text(text)

    def pick_import_file(self):
        folder = self.exports_dir()
        try:
            has_txt = folder.is_dir() and any(folder.glob("*.txt"))
        except OSError:
            has_txt = False
        start = folder if has_txt else Path.home()
        self.open_modal("file", purpose="import", title="Import a deck from a text file",
                        start=str(start) + "/", must_exist=True)

    def pick_export_file(self):
        from .library import _slug
        self.exports_dir().mkdir(parents=True, exist_ok=True)
        self.open_modal("file", purpose="export", title="Save the deck as text",
                        start=str(self.exports_dir() / f"{self.game}_{_slug(self.model.name)}.txt"))

    def file_picked(self, path):
        purpose = self.modal.get("purpose")
        self.modal = None
        if purpose == "export":
            self.export_to_file(path)
            self.close_modal()
            self.rebuild()
        else:
            self.rebuild()
            self.import_from_file(path)

    def modal_event(self, ev):
        import pygame_gui
        kind = self.modal["kind"]
        if ev.type == pygame.MOUSEWHEEL and kind == "library":
            n = len(self.modal.get("items", ()))
            self.lib_scroll = max(0, min(self.lib_scroll - ev.y, max(0, n - 1)))
            self.rebuild()
            return
        if kind == "import" and ev.type == pygame.KEYDOWN and ev.key == pygame.K_v \
                and ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.paste_into_import()
            return
        if self.mui is not None and self.mui.process_events(ev):
            return
        if ev.type == pygame_gui.UI_BUTTON_PRESSED and ev.ui_element in self.modal_actions:
            self.modal_actions[ev.ui_element]()
            return
        if ev.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and kind == "rename":
            self.do_rename(ev.text)
            return
        if ev.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and kind == "file":
            self.file_picked(ev.text)
            return
        if ev.type == pygame_gui.UI_WINDOW_CLOSE and kind == "file":
            purpose = self.modal.get("purpose")
            self.open_modal("import" if purpose == "import" else "export")
            return
        if ev.type == pygame.KEYDOWN:
            focus = self.mui.get_focus_set() if self.mui else None
            typing = any(isinstance(w, pygame_gui.elements.UITextEntryBox) for w in (focus or ()))
            if ev.key == pygame.K_ESCAPE:
                self.close_modal()
            elif ev.key == pygame.K_RETURN and not typing and kind in ("report", "library"):
                self.close_modal()

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
        if ev.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and ev.ui_element is getattr(self, "search_box", None):
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
            flash = getattr(self, "flash", None)
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
        fn = fit_font(m.name, sr.left - dn.left - s(10), s(22), title=True)
        ni = fn.render(m.name, True, PAL["text"])
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
        L = getattr(self, "L", None)
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
        if not getattr(self, "status_overflow", False) or not r.collidepoint(self.app.mouse):
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
        entries = md.get("entries", [])
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
