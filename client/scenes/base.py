"""Scene: one screen of the program.

Life cycle: ``__init__(app, **kw)`` → :meth:`enter` → (:meth:`build` on enter and
after every resize / UI-scale change) → per frame :meth:`handle_event`,
:meth:`update`, :meth:`draw` → :meth:`leave`.

Tab / Shift+Tab move a keyboard focus ring over the buttons; Enter or Space
presses the focused one.

Each scene owns its own pygame-gui ``UIManager`` (``self.ui``) so an overlay's
buttons never receive clicks meant for the scene under it. Build widgets with
:meth:`button` (click action + keyboard shortcut + tooltip in one call); plain
keys go through :meth:`add_key`. ``self.s(x)`` scales a length by the current UI
scale; ``self.W``/``self.H`` are the window size.

Redrawing: the window is drawn only when something changed (see
:mod:`client.app`). Input, scene changes and resizes redraw by themselves. A
scene that changes *on its own* says so:

* :meth:`wake_in` — seconds until it next changes without input: ``0`` while it
  animates (drawn every frame), ``t`` to be updated then (its :meth:`update`
  calls :meth:`invalidate` if what it shows changed), None when it rests;
* :meth:`invalidate` — draw again now (``rect``: only that part);
* :meth:`redraw_at` — draw again at a time on ``self.app.now``'s clock (a
  message that expires, a delayed hover).

The base class covers its pygame-gui widgets (tooltips, the text cursor).
"""
from __future__ import annotations

import pygame
import pygame_gui

from client.ui.theme import PAL


def key_label(key: str) -> str:
    special = {"escape": "Esc", "return": "Enter", "space": "Space", "backspace": "Backspace",
               "delete": "Del", "tab": "Tab", "up": "Up", "down": "Down", "left": "Left", "right": "Right"}
    k = key.lower()
    if "+" in k:
        mods, _, base = k.rpartition("+")
        return "+".join(m.capitalize() for m in mods.split("+")) + "+" + key_label(base)
    return special.get(k, k.upper())


#: keys whose repeats (the key held down) act again: moving, scrolling, deleting
REPEATING_KEYS = frozenset((pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP,
                            pygame.K_PAGEDOWN, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_DELETE,
                            pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_KP_PLUS,
                            pygame.K_KP_MINUS))


class Scene:
    #: the text boxes given a dim hint (entry_hint)
    _hints = ()
    name = ""
    title = ""
    transparent = False  # overlays: the scene below is drawn first
    #: seconds between updates while resting, for a scene that watches something outside
    #: the event queue (a network session, a worker thread); None: only when woken
    poll_every = None
    dim_below = 150      # alpha of the veil over the scene below (overlays)

    def __init__(self, app, **kwargs):
        self.app = app
        self.kwargs = kwargs
        self.ui = None
        self._actions: dict = {}
        self._keys: dict = {}
        self.widgets: dict = {}
        self._focus = None  # button chosen with Tab (keyboard navigation)

    # ----------------------------------------------------------- geometry
    @property
    def W(self) -> int:
        return self.app.size[0]

    @property
    def H(self) -> int:
        return self.app.size[1]

    def s(self, x: float) -> int:
        return int(round(x * self.app.scale))

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, *self.app.size)

    # ----------------------------------------------------------- life cycle
    def enter(self) -> None:
        self.rebuild()

    def leave(self) -> None:
        if self.ui is not None:
            self.ui.clear_and_reset()
        self.ui = None

    def resume(self) -> None:
        """Called when an overlay above this scene is closed."""

    def typed_texts(self, keys) -> dict:
        """What the player has typed so far in the text boxes named ``keys`` (to keep over
        a rebuild: a refused join code stays there to be corrected, not wiped)."""
        out = {}
        for key in keys:
            w = self.widgets.get(key)
            if w is not None:
                try:
                    out[key] = w.get_text()
                except Exception:  # noqa: BLE001 - a widget already gone
                    pass
        return out

    def rebuild(self) -> None:
        """(Re)create the UI manager and all widgets for the current size/scale."""
        if self.ui is not None:
            self.ui.clear_and_reset()  # drop the old widgets now, not at some later GC
        self.ui = self.app.new_ui_manager()
        self._actions.clear()
        self._keys.clear()
        self.widgets.clear()
        self._focus = None
        self.build()
        self.ui.update(0.0)  # lay widgets out now, so they draw even before the first update
        self.invalidate()

    def build(self) -> None:
        """Create widgets. Override."""

    # ----------------------------------------------------------- widgets
    def button(self, rect, text, action, *, key=None, tip="", cls=None, name=None,
               enabled=True, keys=()):
        """A pygame-gui button whose click and keyboard shortcut both run ``action``.

        ``key`` is a pygame key name ("p", "escape", "f1", "ctrl+z"); it is shown in
        the tooltip. ``cls`` is a theme class ("@primary", "@danger", "@small").
        """
        import pygame_gui
        from pygame_gui.core import ObjectID
        tip_text = tip or text
        if key:
            tip_text = f"{tip_text}<br>shortcut: <b>{key_label(key)}</b>"
        b = pygame_gui.elements.UIButton(
            pygame.Rect(rect), text, manager=self.ui, tool_tip_text=tip_text,
            object_id=ObjectID(object_id=f"#{name}" if name else None, class_id=cls))
        self._fit_button_text(b, text)
        if not enabled:
            b.disable()
        self._actions[b] = action
        for k in ((key,) if key else ()) + tuple(keys):
            self.add_key(k, action, button=b)
        if name:
            self.widgets[name] = b
        return b

    def _fit_button_text(self, b, text) -> None:
        """A text wider than its button (a 40-letter player name in "Watch as …") ends in
        "…" rather than being clipped at both edges; the tooltip then starts with the whole
        text."""
        f = getattr(b, "font", None)
        # the room pygame-gui leaves the text (as client.devtools.layoutcheck measures it)
        pad = int(getattr(b, "text_horiz_alignment_padding", 0) or 0)
        if str(getattr(b, "text_horiz_alignment", "center")) == "center":
            pad = 0
        bw = getattr(b, "border_width", 0) or 0
        border = max(bw.values()) if isinstance(bw, dict) else int(bw)
        room = b.rect.width - 2 * pad - 2 * border
        try:
            wide = f is not None and "\n" not in text and f.size(text)[0] > room + 1
        except Exception:  # noqa: BLE001 - a font that cannot measure: leave the text
            return
        room -= self.s(8)                       # a cut text keeps a little air at its ends
        if not wide:
            return
        lo, hi = 1, len(text) - 1              # the longest start that fits with its "…"
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if f.size(text[:mid].rstrip() + "…")[0] <= room:
                lo = mid
            else:
                hi = mid - 1
        from client.ui.theme import note_cut
        short = text[:lo].rstrip() + "…"
        note_cut(text, short, "button")     # (the layout check still reports a cut of our own words)
        b.set_text(short)
        tip = getattr(b, "tool_tip_text", None)
        if tip and not tip.startswith(text):
            b.set_tooltip(f"{text}<br>{tip}")

    def label(self, rect, text, *, cls=None, name=None):
        import pygame_gui
        from pygame_gui.core import ObjectID
        lab = pygame_gui.elements.UILabel(pygame.Rect(rect), text, manager=self.ui,
                                          object_id=ObjectID(class_id=cls))
        if name:
            self.widgets[name] = lab
        return lab

    def add_key(self, key: str, action, *, button=None) -> None:
        self._keys[_parse_key(key)] = (action, button)

    def on_ui_event(self, ev) -> bool:
        """Handle a pygame-gui event (button presses). Override to add more."""
        import pygame_gui
        if ev.type == pygame_gui.UI_BUTTON_PRESSED and ev.ui_element in self._actions:
            self._actions[ev.ui_element]()
            return True
        return False

    # ----------------------------------------------------------- redrawing
    def invalidate(self, rect=None) -> None:
        """Something this scene shows changed: redraw the window (or only ``rect``)."""
        self.app.invalidate(rect)

    def redraw_at(self, when: float) -> None:
        """Redraw the window when ``self.app.now`` reaches ``when``."""
        self.app.redraw_at(when)

    def wake_in(self) -> float | None:
        """Seconds until this scene changes without input; 0 = animating, None = resting.
        Override (and include ``super().wake_in()``) when the scene moves on its own."""
        w = self._ui_wake()
        if self.poll_every is not None:
            w = self.poll_every if w is None else min(w, self.poll_every)
        return w

    def animating(self) -> bool:
        """True while the scene is drawn every frame."""
        return self.wake_in() == 0.0

    def _ui_wake(self, ui=None):
        ui = ui or self.ui
        if ui is None:
            return None
        best = None
        for el in self._ui_focus_entries(ui):
            left = getattr(el, "blink_cursor_time", 0.4) - getattr(el, "blink_cursor_time_acc", 0.0)
            best = max(0.02, left) if best is None else min(best, max(0.02, left))
        if ui.get_hovering_any_element():
            for el in ui.get_sprite_group().sprites():
                if getattr(el, "hovered", False) and getattr(el, "tool_tip_text", None) \
                        and getattr(el, "tool_tip", 1) is None:
                    left = getattr(el, "tool_tip_delay", 1.0) - getattr(el, "hover_time", 0.0) + 0.01
                    best = max(0.02, left) if best is None else min(best, max(0.02, left))
                    break
        return best

    def _ui_focus_entries(self, ui=None):
        import pygame_gui
        ui = ui or self.ui
        focus = ui.get_focus_set() if ui is not None else None
        return [w for w in (focus or ()) if isinstance(w, (pygame_gui.elements.UITextEntryLine,
                                                             pygame_gui.elements.UITextEntryBox))]

    @staticmethod
    def _ui_look(ui):
        """What the widgets show, cheaply: which images where (a change means redraw)."""
        group = ui.get_sprite_group()
        return [(id(b[0]), tuple(b[1]), b[2] and tuple(b[2])) for b in getattr(group, "visible", ())]

    # ----------------------------------------------------------- frame
    def process_event(self, ev) -> None:
        """Route one event: UI manager first, then shortcuts, then :meth:`handle_event`."""
        if self.ui is not None and self.ui.process_events(ev):
            return
        if ev.type >= pygame.USEREVENT and self.on_ui_event(ev):
            return
        if ev.type == pygame.KEYDOWN and getattr(ev, "repeat", False) and ev.key not in REPEATING_KEYS \
                and not self._text_focus():
            return  # a held key acts once (Esc, shortcuts, toggles); moving keys repeat
        if ev.type == pygame.KEYDOWN and not self._text_focus():
            if ev.key == pygame.K_TAB and self._move_focus(-1 if ev.mod & pygame.KMOD_SHIFT else 1):
                return
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self._focus is not None:
                b = self._focus
                if b.alive() and b.is_enabled and b in self._actions:
                    self._actions[b]()
                    return
            mods = ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT | pygame.KMOD_ALT)
            norm = (ev.key, _norm_mods(mods))
            if norm in self._keys:
                action, btn = self._keys[norm]
                if btn is None or btn.is_enabled:
                    action()
                return
        self.handle_event(ev)

    def _text_focus(self) -> bool:
        if self.ui is None:
            return False
        import pygame_gui
        focus = self.ui.get_focus_set()
        return any(isinstance(w, (pygame_gui.elements.UITextEntryLine,
                                  pygame_gui.elements.UITextEntryBox)) for w in (focus or ()))

    def _move_focus(self, step) -> bool:
        """Tab / Shift+Tab: move the keyboard focus over the enabled buttons
        (top-to-bottom, left-to-right); Enter or Space then presses it."""
        buttons = [b for b in self._actions if b.alive() and b.is_enabled and b.visible]
        if not buttons:
            return False
        buttons.sort(key=lambda b: (b.rect.top // 8, b.rect.left))
        if self._focus in buttons:
            i = (buttons.index(self._focus) + step) % len(buttons)
        else:
            i = 0 if step > 0 else len(buttons) - 1
        self._focus = buttons[i]
        return True

    def draw_focus(self, surface) -> None:
        b = self._focus
        if b is None or not b.alive():
            return
        r = b.rect.inflate(self.s(8), self.s(8))
        pygame.draw.rect(surface, PAL["gold_hi"], r, max(2, self.s(3)), border_radius=self.s(10))

    def handle_event(self, ev) -> None:
        """Mouse/keyboard events the UI did not consume. Override."""

    def update(self, dt: float) -> None:
        ui = self.ui
        if ui is not None:
            before = self._ui_look(ui)
            ui.update(dt)
            if self._ui_look(ui) != before:  # a tooltip came or went, a widget changed its look
                self.invalidate()
            for el in self._ui_focus_entries():  # the blinking text cursor
                self.invalidate(el.rect)

    def draw(self, surface) -> None:
        """Draw the scene's own graphics, then call :meth:`draw_ui`."""
        surface.fill(PAL["bg"])
        self.draw_ui(surface)

    def toast_floor(self):
        """The lowest y a toast may reach on this screen (None: the window's bottom).
        Dialogs (overlays with a panel) keep toasts above their panel."""
        if self.transparent and hasattr(self, "panel_rect"):
            try:
                return self.panel_rect().top - self.s(8)
            except (AttributeError, TypeError):
                return None
        return None

    def draw_ui(self, surface) -> None:
        if self.ui is not None:
            self.ui.draw_ui(surface)
            self.draw_hints(surface, self.ui)
        self.draw_focus(surface)

    # ----------------------------------------------------------- text box hints
    def entry_hint(self, entry, text: str) -> None:
        """``text`` as the hint of an empty text box, drawn dim (pygame-gui draws its own
        placeholder as bright as typed text, so "XXXXX-XXXXX" looked filled in). Gone while
        the box has text or the keyboard's focus."""
        entry.hint_text = text
        hints = [e for e in self._hints if e.alive() and e is not entry]
        hints.append(entry)
        self._hints = hints

    def draw_hints(self, surface, manager) -> None:
        for el in self._hints:
            if el.ui_manager is not manager or not el.alive() or not getattr(el, "visible", True) \
                    or el.is_focused or el.get_text():
                continue
            fnt = getattr(el, "font", None)
            if fnt is None:             # a box of several lines: the theme's font of its kind
                try:
                    fnt = self.ui.get_theme().get_font(el.combined_element_ids) if self.ui else None
                except (AttributeError, TypeError, ValueError):
                    fnt = None
            if fnt is None:
                continue
            img = fnt.render_premul(el.hint_text, pygame.Color(PAL["hint"]))
            bw = getattr(el, "border_width", 2)
            if isinstance(bw, dict):                # (per side in newer pygame-gui)
                bw = max((v for v in bw.values() if isinstance(v, int)), default=2)
            padding = getattr(el, "padding", None)
            px = padding[0] if isinstance(padding, tuple) and padding and isinstance(padding[0], int) else 8
            pad = max(self.s(8), px + bw)           # where typed text begins
            r = el.rect
            inner = r.inflate(-2 * pad, -2 * max(1, bw))
            if isinstance(el, pygame_gui.elements.UITextEntryLine):
                dest = img.get_rect(midleft=(inner.left, r.centery))
            else:                                   # a box of several lines: its first line
                dest = img.get_rect(topleft=(inner.left, r.top + pad))
            surface.blit(img, dest, area=pygame.Rect(0, 0, inner.width, img.get_height()))

    # ----------------------------------------------------------- navigation sugar
    def go(self, name: str, **kw):
        return self.app.scenes.switch(name, **kw)

    def push(self, name: str, **kw):
        return self.app.scenes.push(name, **kw)

    def close(self):
        return self.app.scenes.pop()


def _norm_mods(mods: int) -> int:
    out = 0
    if mods & pygame.KMOD_CTRL:
        out |= 1
    if mods & pygame.KMOD_SHIFT:
        out |= 2
    if mods & pygame.KMOD_ALT:
        out |= 4
    return out


def _parse_key(key: str):
    parts = key.lower().split("+")
    mods = 0
    for m in parts[:-1]:
        mods |= {"ctrl": 1, "shift": 2, "alt": 4}[m]
    return (pygame.key.key_code(parts[-1]), mods)
