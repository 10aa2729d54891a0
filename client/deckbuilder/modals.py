"""The deck builder's dialogs (deck list, import, export, rename, confirm, report):
their widgets and events (a mixin of :class:`.scene.DeckBuilderScene`)."""
from __future__ import annotations

from pathlib import Path

import pygame

from engine.core.files import FileProblem

from client.ui.widgets import text_entry_box
from client.ui.theme import font, wrap_lines
from client.deckbuilder import clipboard, library
from client.storage import decks_left_out

#: the most text put in the import box: pygame-gui lays a text box out again on
#: every change, 8,000 characters take ~0.3 s, 64 K several seconds (a 60-card
#: deck list is under 3,000). A longer paste is imported straight away.
MAX_IMPORT_BOX = 8000

class DeckModals:
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
                if title == "Your decks" and decks_left_out(self.game):
                    items.append(("note", decks_left_out(self.game), None))
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
            box = text_entry_box(
                pygame.Rect(r.left + s(24), r.top + s(104), r.width - s(48), r.height - s(104) - bh - s(40)),
                md.get("text", ""), self.mui)
            self.entry_hint(box, "Paste a deck here: a section line, then lines like “3 Card Name”.")
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
            box = text_entry_box(
                pygame.Rect(r.left + s(24), r.top + s(86), r.width - s(48), r.height - s(86) - bh - s(40)),
                self.export_text(), self.mui)
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
        from engine.core.files import writable_folder, write_problem
        from client.deckbuilder.library import _slug
        folder = self.exports_dir()
        try:
            writable_folder(folder)
        except OSError as e:      # the picker opens all the same: another folder may be chosen
            self.app.toast(write_problem(e, folder, "Exports cannot go to their usual folder") +
                           " Pick another folder.", "error", 8)
            folder = Path.home()
        self.open_modal("file", purpose="export", title="Save the deck as text",
                        start=str(folder / f"{self.game}_{_slug(self.model.name)}.txt"))

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
