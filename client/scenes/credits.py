"""Credits: who made what ships with Cardhall, and under which licence.
Opened from the title (key C) or from Settings (over it; Back returns there).

The card pictures' authors come from the vendored drawings themselves
(``assets/art/game-icons.json``), so the list is always the set that ships."""
from __future__ import annotations

import html
from collections import defaultdict

import pygame

from engine.core.text import count

from client.ui.theme import PAL, draw_text, shade
from client.scenes.base import Scene
from client.scenes.rules import ScrollingText
from client.scenes.title import draw_background

# Fonts in assets/fonts (see its README.md) and those pygame-gui loads itself.
FONTS = (
    ("Noto Sans (regular, bold, italic, bold italic)", "The Noto Project Authors",
     "SIL Open Font License 1.1", "assets/fonts/OFL-NotoSans.txt"),
    ("DejaVu Serif Bold (titles)", "the DejaVu fonts team, after Bitstream Vera",
     "Bitstream Vera licence; DejaVu changes in the public domain", "assets/fonts/LICENSE-DejaVu.txt"),
    ("Droid Sans Fallback (Chinese and Japanese characters)", "Google",
     "Apache License 2.0", "assets/fonts/LICENSE-Droid-Apache-2.0.txt"),
    ("Noto Sans CJK KR, cut to Hangul (Korean characters)", "Adobe and Google",
     "SIL Open Font License 1.1", "assets/fonts/OFL-NotoSansCJK.txt"),
    ("Noto Emoji (emoji, monochrome)", "Google",
     "SIL Open Font License 1.1", "assets/fonts/OFL-NotoEmoji.txt"),
    ("Fira Code (symbols in pygame-gui)", "The Fira Code Project Authors",
     "SIL Open Font License 1.1", "inside pygame-gui"),
)
# What the program is built from and carries inside the executable.
LIBRARIES = (
    ("Python", "Python Software Foundation", "PSF License"),
    ("pygame-ce", "the pygame community", "GNU LGPL 2.1"),
    ("SDL 2, SDL_image, SDL_mixer, SDL_ttf", "Sam Lantinga and the SDL contributors", "zlib licence"),
    ("FreeType", "The FreeType Project", "FreeType License"),
    ("pygame-gui", "Dan Lawrence and contributors", "MIT License"),
    ("python-i18n", "Daniel Perez", "MIT License"),
    ("platformdirs", "the platformdirs contributors", "MIT License"),
)


def drawing_credits():
    """[(author name, url, licence, licence url, [drawing names])], most drawings first,
    from the drawings that ship."""
    from client.cards import art
    by = defaultdict(list)
    for name, d in art.drawings().items():
        by[d.get("author", "")].append(name)
    out = []
    authors = art.authors()
    for slug, names in sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        a = authors.get(slug, {})
        out.append((a.get("name", slug or "unknown"), a.get("url", ""), a.get("licence", "CC BY 3.0"),
                    a.get("licence_url", "https://creativecommons.org/licenses/by/3.0/"), sorted(names)))
    return out


def credits_html(scale: float = 1.0, accent: str = "#f0c868") -> str:
    e = html.escape
    h2 = int(23 * scale)
    sub = int(15 * scale)

    def head(t):
        return f"<font pixel_size={h2} color={accent}><b>{e(t)}</b></font><br>"

    out = [head("Cardhall"),
           "Three card games — Everdawn, Evons and Essveil — their rules, artificial players and "
           "table: the Cardhall project.<br><br>",
           head("Card pictures"),
           "Every card's picture is a drawing from <b>game-icons.net</b> (https://game-icons.net), "
           "packaged on npm as @iconify-json/game-icons, licensed under <b>Creative Commons "
           "Attribution 3.0</b> (CC BY 3.0, https://creativecommons.org/licenses/by/3.0/). Cardhall "
           "tints each drawing in its card's colours, outlines it and paints it over its own "
           "backdrops (a mapping may also mirror one). Icons made by:<br><br>"]
    for name, url, lic, lic_url, names in drawing_credits():
        where = f" ({e(url)})" if url else ""
        out.append(f"<b>{e(name)}</b>{where} — {e(lic)}, {e(lic_url)} — {count(len(names), 'drawing')}:<br>"
                   f"<font pixel_size={sub}>{e(', '.join(names))}</font><br><br>")
    out.append(head("Fonts"))
    for fam, who, lic, where in FONTS:
        out.append(f"<b>{e(fam)}</b> — {e(who)} — {e(lic)} ({e(where)})<br>")
    out.append("<br>")
    out.append(head("Built with"))
    for lib, who, lic in LIBRARIES:
        out.append(f"<b>{e(lib)}</b> — {e(who)} — {e(lic)}<br>")
    return "".join(out)


class CreditsScene(ScrollingText, Scene):
    def enter(self):
        self.back_to = self.kwargs.get("back_to") or "title"
        super().enter()

    def build(self):
        import pygame_gui
        s = self.s
        w = min(self.W - s(80), s(980))
        r = pygame.Rect((self.W - w) // 2, s(84), w, self.H - s(84) - s(80))
        acc = "#%02x%02x%02x" % shade(PAL["gold"], 1.1)
        self.box = pygame_gui.elements.UITextBox(credits_html(self.app.scale, acc), r, manager=self.ui)
        self.widgets["text"] = self.box
        bw, bh = s(180), s(44)
        self.button(((self.W - bw) // 2, self.H - bh - s(20), bw, bh), "Back", self.back, key="escape",
                    tip="Back", name="back", cls="@primary")
        self.add_scroll_keys()

    def back(self):
        if self.kwargs.get("overlay"):  # opened over Settings: back to it
            self.close()
        else:
            self.go(self.back_to)

    def draw(self, surf):
        s = self.s
        draw_background(surf)
        draw_text(surf, "Credits", (self.W // 2, s(22)), s(36), shade(PAL["gold"], 1.2), title=True,
                  anchor="midtop", shadow=True)
        self.draw_ui(surf)
