"""Settings: UI scale, fullscreen, animation speed, default AI difficulty, Everdawn
turn clock, hints. Changes apply at once and are saved (atomically) when closed."""
from __future__ import annotations

import pygame

from ..settings import ANIMATION_SPEEDS, DIFFICULTIES, UI_SCALES, Settings
from ..ui import PAL, draw_text, panel
from .base import Scene
from .widgets import dropdown, handle_dropdown_event

ROWS = ("ui_scale", "fullscreen", "animation_speed", "ai_difficulty", "everdawn_turn_clock", "show_hints")
LABELS = {
    "ui_scale": ("Interface size", "Bigger text and buttons for large screens"),
    "fullscreen": ("Fullscreen", "Fill the screen (F11 anywhere)"),
    "animation_speed": ("Animation speed", "How fast moves play out; Instant skips them"),
    "ai_difficulty": ("Default AI difficulty", "Preselected in Play vs AI"),
    "everdawn_turn_clock": ("Everdawn turn clock", "2 min a turn + 5 min bank; 3rd timeout forfeits"),
    "show_hints": ("Show hints", "Explain gestures on the tables"),
}


class SettingsScene(Scene):
    transparent = True

    def panel_rect(self):
        s = self.s
        r = pygame.Rect(0, 0, min(self.W - s(40), s(720)), min(self.H - s(40), s(560)))
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
        gap = s(14)
        for key in ROWS:
            self.row_rects[key] = pygame.Rect(r.left + s(36), y, lw, rh)
            rect = (cx, y, cw, rh)
            if key == "ui_scale":
                dropdown(self, rect, [(f"{int(v * 100)} %", v) for v in UI_SCALES], st.ui_scale,
                         lambda v: self.set("ui_scale", v), name="ui_scale")
            elif key == "animation_speed":
                dropdown(self, rect, [(v.capitalize(), v) for v in ANIMATION_SPEEDS], st.animation_speed,
                         lambda v: self.set("animation_speed", v), name="animation_speed")
            elif key == "ai_difficulty":
                dropdown(self, rect, [(v.capitalize(), v) for v in DIFFICULTIES], st.ai_difficulty,
                         lambda v: self.set("ai_difficulty", v), name="ai_difficulty")
            else:
                val = getattr(st, key)
                self.button(rect, "On" if val else "Off", (lambda k=key: self.set(k, not getattr(st, k))),
                            name=key, tip=LABELS[key][1], cls="@primary" if val else None,
                            key="f" if key == "fullscreen" else None)
            y += rh + gap
        bw, bh = s(180), s(46)
        self.button((r.right - bw - s(36), r.bottom - bh - s(24), bw, bh), "Done", self.done,
                    key="escape", keys=("return",), tip="Save and close", cls="@primary", name="done")
        self.button((r.left + s(36), r.bottom - bh - s(24), bw + s(40), bh), "Reset to defaults", self.reset,
                    tip="Put every setting back to its default", name="reset")

    def on_ui_event(self, ev):
        return handle_dropdown_event(self, ev) or super().on_ui_event(ev)

    def set(self, key, value):
        setattr(self.app.settings, key, value)
        self.app.settings._clean()
        self.app.apply_settings()
        self.app.save_settings()
        self.rebuild()

    def reset(self):
        keep = self.app.settings
        fresh = Settings()
        for k in ROWS:
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
            lab, tip = LABELS[key]
            draw_text(surf, lab, (rr.left, rr.top + s(2)), s(18), PAL["text"], bold=True)
            draw_text(surf, tip, (rr.left, rr.top + s(25)), s(13), PAL["muted"])
        self.draw_ui(surf)
