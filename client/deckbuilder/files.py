"""The deck builder's deck files: autosave and its chip, open / new / copy / delete /
rename, and text import and export (a mixin of :class:`.scene.DeckBuilderScene`)."""
from __future__ import annotations

from pathlib import Path

from engine.core.deck import Deck
from engine.core.decktext import deck_to_text, import_deck_text
from engine.core.files import FileProblem, atomic_write_text, read_capped_bytes
from engine.core.text import count

from client.deckbuilder import clipboard, lastdeck, library
from client.deckbuilder.model import DeckModel

MAX_IMPORT_FILE = 64 * 1024

class DeckFiles:
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
        from client.storage import data_dir
        return data_dir() / "exports"

    def export_to_file(self, path=None):
        from client.deckbuilder.library import _slug
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
