"""Small form helpers shared by the menu scenes (rows of label + control)."""
from __future__ import annotations

import pygame


def dropdown(scene, rect, options, current, on_change, *, name, tip=""):
    """A pygame-gui drop-down; ``options`` are (label, value) pairs."""
    import pygame_gui
    labels = [lab for lab, _ in options] or ["—"]
    cur = next((lab for lab, v in options if v == current), labels[0])
    dd = pygame_gui.elements.UIDropDownMenu(labels, cur, pygame.Rect(rect), manager=scene.ui)
    if tip:
        dd.selected_option_button.set_tooltip(tip) if hasattr(dd, "selected_option_button") else None
    scene.widgets[name] = dd
    values = dict(options)
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
