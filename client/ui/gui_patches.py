"""Where Cardhall reaches into pygame-gui's internals, all in one place.

pygame-gui is pinned below its next major version (pyproject.toml); these patches were
written against the versions in :data:`TESTED`. Each patch checks the seam it uses and
leaves pygame-gui as it is where the seam is missing; :func:`version_note` says when the
installed version is not one of those tested (the selftest prints it).

* :func:`gui_fonts_fall_back` — the widgets' fonts fall back for Chinese, Korean and emoji
  as our own drawing does.
* :func:`safe_entry_box_class` — a ``UITextEntryBox`` whose edits can't take a screen down.
"""
from __future__ import annotations

import pygame

from client.ui.theme import FONT_FILES, TITLE_FONT_FILE, _font_class

#: the pygame-gui versions these patches were written and tested against
TESTED = ("0.6.12", "0.6.13", "0.6.14")


def version_note() -> str:
    """Empty when the installed pygame-gui is one of :data:`TESTED`, else a sentence saying so."""
    try:
        from importlib.metadata import version
        v = version("pygame_gui")
    except Exception:  # noqa: BLE001 - metadata missing (a frozen build): nothing to say
        return ""
    return "" if v in TESTED else f"pygame-gui {v} is not one of the versions tested ({', '.join(TESTED)})"


def gui_fonts_fall_back() -> None:
    """pygame-gui's widgets (buttons, drop-downs, text boxes) draw with the same fallback:
    its font wrapper makes its ``pygame.font.Font`` from the module's name ``Font``, given
    our theme's paths — a name typed in Chinese reads in the box it is typed into. (A
    pygame-gui without that seam keeps its own fonts.)"""
    try:
        from pygame_gui.core import gui_font_pygame as gfp
    except ImportError:
        return
    base = _font_class()
    if getattr(gfp.Font, "_cardhall", False) or not isinstance(gfp.Font, type):
        return
    import os

    class _GuiFont(base):
        _cardhall = True

        def __init__(self, file, size, *a, **k):
            super().__init__(file, size, *a, **k)
            name = os.path.basename(file) if isinstance(file, str) else ""
            self.ch_file = name if name in FONT_FILES.values() or name == TITLE_FONT_FILE else ""
            self.ch_size = int(size)

        def render(self, text, antialias=True, color=(255, 255, 255), *more):
            return self._draw(text, antialias, color, *more)     # (the layout check reads widgets itself)

    gfp.Font = _GuiFont


_ENTRY_BOX = []
_FAULTS = (RuntimeError, IndexError, ValueError, AttributeError, TypeError)


def _visible(text: str) -> str:
    """``text`` less its invisible format characters (joiners, marks of direction)."""
    import unicodedata
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def _broken(text: str, most: int = 24) -> str:
    """``text`` with a space after every ``most`` letters of a word longer than that."""
    import re
    return re.sub(r"\S{%d}(?=\S)" % most, lambda m: m.group(0) + " ", text)


def safe_entry_box_class():
    """``UITextEntryBox`` that cannot take its screen down. pygame-gui 0.6.14 edits its text
    and its laid-out rows separately, and the rows lose step with the text: typing over a
    selection on any row but the first raised "Failed to insert text at index" (upstream
    issue 717; clicks here and there, then a letter, in the deck builder's Export box), and
    other edits "Row longer than layout". Here an edit over a selection is made on the text
    and the rows are laid out anew from it; any other edit that still raises is taken back
    to the text as pygame-gui left it (it changes the text before the rows), laid out anew,
    the cursor where the edit put it."""
    if _ENTRY_BOX:
        return _ENTRY_BOX[0]
    import pygame_gui

    base = pygame_gui.elements.UITextEntryBox

    class SafeTextEntryBox(base):
        def __init__(self, relative_rect, initial_text="", manager=None, **kw):
            super().__init__(relative_rect, initial_text, manager=manager, **kw)
            self._made = (pygame.Rect(relative_rect), manager, kw)

        def _renew(self, text: str) -> None:
            """Made anew in place (the same object: whoever holds it keeps it), when even
            laying its text out again raises: the old rows and scroll bar are gone."""
            rect, manager, kw = self._made
            focused, paste = self.is_focused, self.paste_text_enabled
            self.kill()
            base.__init__(self, rect, text, manager=manager, **kw)
            self.paste_text_enabled = paste
            if focused:
                manager.set_focus_set(self)

        def _relayout(self, text: str, cursor: int) -> None:
            try:
                self.set_text(text)
            except _FAULTS:
                # the text itself defeats the rows (a long word of mixed scripts with
                # joiners in it, wider than the box with its scroll bar): without its
                # invisible characters, then without its long words' unbroken length
                for t in (text, _visible(text), _broken(_visible(text)), ""):
                    try:
                        self._renew(t)
                        break
                    except _FAULTS:
                        continue
            cursor = max(0, min(len(self.html_text), cursor))
            self.edit_position = cursor
            self.select_range = [0, 0]
            if self.text_box_layout is not None:
                self.text_box_layout.set_cursor_position(cursor)
            self.redraw_from_text_block()

        def _selection(self):
            lo, hi = sorted(self.select_range)
            return (lo, hi) if hi > lo else None

        def process_event(self, event) -> bool:
            before = self.html_text
            sel = self._selection() if self.is_focused and self.is_enabled else None
            if sel is not None:
                typed = None
                if event.type == pygame.TEXTINPUT and not (
                        event.text == "v" and pygame.key.get_mods() & (pygame.KMOD_CTRL | pygame.KMOD_META)):
                    typed = event.text
                elif event.type == pygame.KEYDOWN and event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) \
                        and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                    typed = ""
                elif event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
                    typed = "\n"
                if typed is not None:
                    lo, hi = sel
                    self._relayout(before[:lo] + typed + before[hi:], lo + len(typed))
                    self._changed(before)
                    return True
            try:
                return super().process_event(event)
            except _FAULTS:
                self._relayout(self.html_text, self.edit_position)
                self._changed(before)
                return True

        def _changed(self, before: str) -> None:
            if self.html_text != before:
                pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, {
                    "text": self.html_text, "ui_element": self, "ui_object_id": self.most_specific_combined_id}))

    _ENTRY_BOX.append(SafeTextEntryBox)
    return SafeTextEntryBox
