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


def text_entry_box(rect, text, manager):
    """A pygame-gui multi-line text box that stays whole (:func:`client.ui.gui_patches.safe_entry_box_class`)."""
    from client.ui.gui_patches import safe_entry_box_class
    return safe_entry_box_class()(pygame.Rect(rect), text, manager=manager)
