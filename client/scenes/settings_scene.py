"""Settings: UI scale, fullscreen, animation speed, sound volume and mute, default AI
difficulty, hints, and each game's own switches (:func:`client.settings.game_settings`).
Changes apply at once and are saved (atomically) when closed."""
from __future__ import annotations

import pygame

from client.settings import ANIMATION_SPEEDS, DIFFICULTIES, UI_SCALES, Settings, game_settings
from client.ui.theme import PAL, draw_text, panel
from client.scenes.base import Scene
from client.ui.widgets import dropdown, handle_dropdown_event

BASE_ROWS = ("ui_scale", "fullscreen", "animation_speed", "volume", "ai_difficulty", "show_hints")
LABELS = {
    "ui_scale": ("Interface size", "Bigger text and buttons for large screens"),
    "fullscreen": ("Fullscreen", "Fill the screen (F11 anywhere)"),
    "animation_speed": ("Animation speed", "How fast moves play out; Instant skips them"),
    "volume": ("Sound", "Effects volume; Mute silences them (M)"),
    "ai_difficulty": ("Default AI difficulty", "Preselected in Play vs AI"),
    "show_hints": ("Show hints", "Explain gestures on the tables"),
}


def rows() -> tuple:
    """The settings shown, in order: the app's, then each game's own."""
    return BASE_ROWS + tuple(game_settings())


def labels(name: str) -> tuple[str, str]:
    """(label, tip) of setting ``name``."""
    gs = game_settings().get(name)
    return (gs.label, gs.tip) if gs is not None else LABELS[name]


class SettingsScene(Scene):
    #: the volume slider, once the rows are built
    volume_slider = None
    transparent = True

    def panel_rect(self):
        s = self.s
        r = pygame.Rect(0, 0, min(self.W - s(40), s(720)), min(self.H - s(40), s(620)))
        r.center = (self.W // 2, self.H // 2)
        return r

    def build(self):
        s = self.s
        st = self.app.settings
        r = self.panel_rect()
        self.row_rects = {}
        y = r.top + s(92)
        lw = int(r.width * 0.5)
        cx = r.left + s(36) + lw
        cw = r.right - s(36) - cx
        rh = s(44)
        bh = s(46)
        # the rows share what the panel has above its buttons (a large interface size in
        # a small window): closer together, never under the buttons
        room = r.bottom - s(24) - bh - s(10) - y
        shown = rows()
        gap = max(s(4), min(s(14), (room - len(shown) * rh) // max(1, len(shown))))
        if len(shown) * (rh + gap) > room:
            y = r.top + s(76)
            room += s(16)
            gap = max(2, (room - len(shown) * rh) // max(1, len(shown)))
        for key in shown:
            self.row_rects[key] = pygame.Rect(r.left + s(36), y, lw, rh)
            rect = (cx, y, cw, rh)
            if key == "ui_scale":
                dropdown(self, rect, [(f"{int(v * 100)} %", v) for v in UI_SCALES], st.ui_scale,
                         lambda v: self.set("ui_scale", v), name="ui_scale")
            elif key == "animation_speed":
                dropdown(self, rect, [(v.capitalize(), v) for v in ANIMATION_SPEEDS], st.animation_speed,
                         lambda v: self.set("animation_speed", v), name="animation_speed")
            elif key == "volume":
                self._volume_row(rect)
            elif key == "ai_difficulty":
                dropdown(self, rect, [(v.capitalize(), v) for v in DIFFICULTIES], st.ai_difficulty,
                         lambda v: self.set("ai_difficulty", v), name="ai_difficulty")
            else:
                val = getattr(st, key)
                self.button(rect, "On" if val else "Off", (lambda k=key: self.set(k, not getattr(st, k))),
                            name=key, tip=labels(key)[1], cls="@primary" if val else None,
                            key="f" if key == "fullscreen" else None)
            y += rh + gap
        bw = s(180)
        self.button((r.right - bw - s(36), r.bottom - bh - s(24), bw, bh), "Done", self.done,
                    key="escape", keys=("return",), tip="Save and close", cls="@primary", name="done")
        self.button((r.left + s(36), r.bottom - bh - s(24), bw + s(40), bh), "Reset to defaults", self.reset,
                    tip="Put every setting back to its default", name="reset")
        cw = s(150)
        self.button((r.centerx - cw // 2 + s(10), r.bottom - bh - s(24), cw, bh), "Credits",
                    lambda: self.push("credits", overlay=True), key="c",
                    tip="Who made the card pictures and fonts", name="credits")

    def _volume_row(self, rect):
        import pygame_gui
        s = self.s
        st = self.app.settings
        x, y, w, h = rect
        mw = s(96)
        self.volume_slider = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(x, y + s(6), w - mw - s(10), h - s(12)), int(round(st.volume * 100)), (0, 100),
            manager=self.ui, click_increment=10)
        self.widgets["volume"] = self.volume_slider
        self.button((x + w - mw, y, mw, h), "Muted" if st.muted else "Mute",
                    lambda: self.set("muted", not st.muted), name="muted", key="m",
                    tip="Sound off / on", cls="@primary" if st.muted else None)

    def on_ui_event(self, ev):
        import pygame_gui
        if ev.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and ev.ui_element is self.volume_slider:
            self.set_volume(ev.value / 100.0)
            return True
        return handle_dropdown_event(self, ev) or super().on_ui_event(ev)

    def set_volume(self, v):
        """The slider moved: new volume at once (a short sound lets the player judge it)."""
        st = self.app.settings
        st.volume = max(0.0, min(1.0, float(v)))
        st._clean()
        sound = getattr(self.app, "sound", None)
        if sound is not None and not st.muted:
            sound.play("play")

    def set(self, key, value):
        setattr(self.app.settings, key, value)
        self.app.settings._clean()
        self.app.apply_settings()
        self.app.save_settings()
        self.rebuild()

    def reset(self):
        keep = self.app.settings
        fresh = Settings()
        for k in rows() + ("muted",):
            setattr(keep, k, getattr(fresh, k))
        self.app.apply_settings()
        self.app.save_settings()
        self.rebuild()
        self.app.toast("Settings reset to defaults.")

    def done(self):
        self.app.save_settings()
        self.close()

    def draw(self, surf):
        s = self.s
        r = self.panel_rect()
        panel(surf, r, colour=PAL["panel"], border=PAL["gold"], radius=s(16))
        draw_text(surf, "Settings", (r.left + s(36), r.top + s(26)), s(32), PAL["gold"], title=True)
        for key, rr in self.row_rects.items():
            lab, tip = labels(key)
            draw_text(surf, lab, (rr.left, rr.top + s(2)), s(18), PAL["text"], bold=True)
            draw_text(surf, tip, (rr.left, rr.top + s(25)), s(13), PAL["muted"])
        self.draw_ui(surf)
