"""Small form helpers shared by the menu scenes (rows of label + control)."""
from __future__ import annotations

import pygame


def dropdown(scene, rect, options, current, on_change, *, name, tip=""):
    """A pygame-gui drop-down; ``options`` are (label, value) pairs. A label too long for
    the box (a deck named with 60 letters) is shown cut with "…" (pygame-gui would clip it
    mid-letter under the arrow); the full label still selects it (:func:`set_dropdown`)."""
    import pygame_gui
    from client.ui.theme import ellipsize, font
    rect = pygame.Rect(rect)
    f = font(scene.s(17))                       # the theme's drop-down font (assets/theme.json)
    room = max(1, rect.width - scene.s(10) - scene.s(34))   # its text padding and the arrow
    values, labels, cur = {}, [], None
    for lab, v in options:
        shown = base = ellipsize(lab, f, room, where="drop-down", designed=True, min_chars=1)
        k = 2
        while shown in values:                  # two long names cut alike stay apart
            shown = f"{base} ({k})"
            k += 1
        values[shown] = v
        labels.append(shown)
        if cur is None and v == current:
            cur = shown
    for lab, v in options:                      # the full labels too (set_dropdown, tests)
        values.setdefault(lab, v)
    labels = labels or ["—"]
    dd = pygame_gui.elements.UIDropDownMenu(labels, cur or labels[0], rect, manager=scene.ui)
    if tip:
        dd.selected_option_button.set_tooltip(tip) if hasattr(dd, "selected_option_button") else None
    scene.widgets[name] = dd
    scene._dropdowns = getattr(scene, "_dropdowns", {})
    scene._dropdowns[dd] = (values, on_change)
    return dd


def handle_dropdown_event(scene, ev) -> bool:
    import pygame_gui
    if ev.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
        return False
    entry = getattr(scene, "_dropdowns", {}).get(ev.ui_element)
    if entry is None:
        return False
    values, on_change = entry
    if ev.text in values:
        on_change(values[ev.text])
    return True


def set_dropdown(scene, name, label):
    """Select ``label`` in drop-down ``name`` as if the player picked it (tests, shortcuts)."""
    import pygame_gui
    dd = scene.widgets[name]
    values, on_change = scene._dropdowns[dd]
    if label not in values:
        raise KeyError(f"{label!r} not in {list(values)}")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=label, ui_element=dd,
                                         ui_object_id=dd.most_specific_combined_id))


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


def text_entry_box(rect, text, manager):
    """A pygame-gui multi-line text box (:func:`safe_entry_box_class`) that stays whole."""
    return safe_entry_box_class()(pygame.Rect(rect), text, manager=manager)


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
            before, cursor = self.html_text, self.edit_position
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
