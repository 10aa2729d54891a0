"""``python -m client --layout-check``: is every text on every screen readable?

Renders every scene, and mid-game positions of every table (fixed seeds: an early
position and the busiest one a seeded game reaches; for Evons also the deepest activation
chain seeded games reach), at 1024×640, 1280×720 and
1920×1080, each at interface size 100 %, 150 % and 200 %, plus every card's hover
zoom. Every text the client draws goes through one path (``client.ui.theme.font(...)``
fonts: ``_Font.render``), which tells the :class:`Recorder` what was drawn; the
surfaces the client draws on are followed to where they land on the window. Reported,
one line per problem:

* ``small``    text below the size floor (9 px at 1280×720 and larger, 8 px at 1024×640);
* ``cut``      a text shortened with "…" (or wrapped text with no room for its last
  lines, a text box's placeholder wider than the box): every shortening goes through
  ``client.ui.theme.ellipsize`` / ``note_cut``, and only places built to cut (``designed=True``:
  a list row whose whole text is in a tooltip or the panel beside it) are not reported;
* ``overlap``  two texts overlapping; ``covered``: a text drawn over afterwards
  (a badge, a marker, another text) so it no longer reads;
* ``outside``  text outside the window, or across the edge of the panel it is on;
* ``too wide`` a text drawn at the size ``client.ui.theme.fit_text`` / ``fit_font`` gave up at,
  still wider than the room it was fitted to (it spills over what is beside it);
* ``glyph``    a character the font does not have (drawn as an empty box);
* ``grammar``  a sentence a native speaker would not write ("1 cards", "a armour",
  "You goes", doubled spaces, a lone "(s)", "Player 1" on a screen where the
  players are "You" and the AI): :func:`engine.core.text.grammar_problems`;
* widgets (pygame-gui buttons and labels): text wider than the widget, too small,
  or with characters the font lacks.

The last line is ``N problems``; the exit status is 1 when N > 0.
"""
from __future__ import annotations

import math
import operator
import os
import sys
import tempfile
import weakref

from client.devtools import layoutcheck_scale as scale_check
from client.tables import game_package

SIZES = ((1024, 640), (1280, 720), (1920, 1080))
SCALES = (1.0, 1.5, 2.0)
QUICK_SIZES = ((1280, 720),)
QUICK_SCALES = (1.0, 2.0)


def floor_for(size) -> int:
    return 9 if size[0] >= 1280 and size[1] >= 720 else 8


# ---------------------------------------------------------------- glyphs
_MISSING: dict = {}
_NOTDEF: dict = {}


def missing_chars(fnt, text: str) -> str:
    """The characters of ``text`` that ``fnt`` draws as its empty box."""
    import pygame
    key_f = (getattr(fnt, "ch_file", "") or id(fnt), getattr(fnt, "ch_bold", False))
    out = []
    for ch in set(text):
        if ch in " \n\t" or ord(ch) < 0x7F:
            continue
        k = (key_f, ch)
        miss = _MISSING.get(k)
        if miss is None and getattr(fnt, "ch_file", ""):   # one of ours: its file's table, or the fallback's
            from client.ui.theme import has_glyph
            miss = _MISSING[k] = not has_glyph(fnt, ch)
        if miss is None:
            nd = _NOTDEF.get(key_f)
            if nd is None:
                nd = _NOTDEF[key_f] = pygame.image.tobytes(
                    pygame.font.Font.render(fnt, "\ue000", True, (255, 255, 255)), "RGBA")
            img = pygame.font.Font.render(fnt, ch, True, (255, 255, 255))
            miss = _MISSING[k] = pygame.image.tobytes(img, "RGBA") == nd
        if miss:
            out.append(ch)
    return "".join(sorted(out))


# ---------------------------------------------------------------- records
class Text:
    __slots__ = ("text", "size", "rect", "full", "snap", "where", "order")

    def __init__(self, text, size, rect, full, where, order):
        self.text, self.size, self.rect, self.full, self.where, self.order = text, size, rect, full, where, order
        self.snap = None


def _grey(surf, rect):
    import pygame
    try:
        sub = surf.subsurface(rect)
    except ValueError:
        return None
    g = pygame.transform.grayscale(sub)
    return pygame.image.tobytes(g, "RGB")[0::3]


def _unreadable(a: bytes, b: bytes) -> bool:
    """True when ``b`` (the pixels now) no longer shows what ``a`` (just after the
    text was drawn) showed: not the same picture up to a uniform tint or dimming."""
    n = len(a)
    if n < 6 or len(b) != n:
        return False
    sa, sb = sum(a), sum(b)
    va = sum(map(operator.mul, a, a)) - sa * sa / n
    if va < n * 36:  # (contrast under 6 levels) nothing to lose
        return False
    vb = sum(map(operator.mul, b, b)) - sb * sb / n
    if vb <= n * 1.0:
        return True
    cov = sum(map(operator.mul, a, b)) - sa * sb / n
    r = cov / math.sqrt(va * vb)
    slope = cov / va
    return r < 0.85 or slope < 0.28


class Recorder:
    """Collects what was drawn and the problems found (see the module text)."""

    def __init__(self):
        import pygame
        self.images = weakref.WeakKeyDictionary()  # rendered text image -> (text, size)
        self.problems: list[str] = []
        self._seen: set = set()
        self.context = ""
        self.order = 0
        self.designed_cuts = 0
        self.overflows: dict = {}  # (text, size) -> the width fit_text could not fit it in
        self.said: list = []  # every text drawn for the screen being checked
        self._linted: set = set()
        rec = self

        class TrackSurface(pygame.Surface):
            """A surface that keeps the texts blitted onto it (and panels drawn on it)."""

            def __init__(self, *a, **kw):
                super().__init__(*a, **kw)
                self.texts: list = []
                self.panels: list = []
                self.label = ""
                self.checked = False

            def blit(self, source, dest=(0, 0), area=None, special_flags=0):
                r = super().blit(source, dest, area, special_flags)
                rec.on_blit(self, source, dest, area, r)
                return r

            def blits(self, blit_sequence, doreturn=1):
                out = []
                for item in blit_sequence:
                    out.append(self.blit(*item))
                return out if doreturn else None

            def fill(self, color, rect=None, special_flags=0):
                r = super().fill(color, rect, special_flags)
                if rect is None:
                    self.texts.clear()
                    self.panels.clear()
                return r

        self.TrackSurface = TrackSurface

    # ------------------------------------------------------------ hooks (client.ui.theme)
    def surface(self, size, flags=0):
        return self.TrackSurface(size, flags)

    def rendered(self, fnt, img, text):
        if not text.strip():
            return
        self.images[img] = (text, int(getattr(fnt, "ch_size", 0) or fnt.get_height()))
        self.sentence(text)
        miss = missing_chars(fnt, text)
        if miss:
            self.problem(f"glyph: {text[:40]!r}: the font has no {' '.join(repr(c) for c in miss)}")

    def sentence(self, text):
        """Lint one text as drawn (a line, or a whole wrapped paragraph)."""
        from engine.core.text import grammar_problems
        self.said.append(text)
        key = (self.context, text)
        if key in self._linted:
            return
        self._linted.add(key)
        for finding in grammar_problems(text):
            if (self.context, finding) in self._linted:
                continue  # the paragraph and its line say the same thing once
            self._linted.add((self.context, finding))
            self.problem(f"grammar: {text[:60]!r}: {finding}".replace("\n", "\\n"))

    def names_check(self, names):
        """On a screen whose players are "You" and another, no text says "Player 1"."""
        import re
        if not names or "You" not in names or any(re.match(r"Player [12]$", str(n)) for n in names):
            return
        for text in self.said:
            m = re.search(r"\bPlayer [12]\b", text)
            if m:
                self.problem(f"grammar: {text[:60]!r}: “{m.group(0)}” where the players are "
                             f"{' and '.join(map(str, names))}")

    def cut(self, full, shown, where, designed=False):
        if designed:
            self.designed_cuts += 1  # built to cut, the whole text shown elsewhere
            return
        self.problem(f"cut: {where} {full[:48]!r} shown as …{shown[-28:]!r}")

    def too_wide(self, text, size, width):
        """``client.ui.theme.fit_text`` found no size that fits ``width`` (None: it fits): drawing
        ``text`` at ``size`` is a problem (seen in :meth:`on_blit`, so a caller that shortens
        it instead is fine)."""
        key = (str(text), int(size))
        if width is None:      # fitted after all (a caller that tried a narrower room first)
            self.overflows.pop(key, None)
        else:
            self.overflows[key] = width

    def panel(self, surf, rect):
        import pygame
        if isinstance(surf, self.TrackSurface):
            surf.panels.append((pygame.Rect(rect), self.order))
            self.order += 1

    # ------------------------------------------------------------ following blits
    def on_blit(self, dst, src, dest, area, r):
        import pygame
        if r.width <= 0 or r.height <= 0:
            return
        if isinstance(dest, pygame.Rect):
            dx, dy = dest.topleft
        else:
            dx, dy = int(dest[0]), int(dest[1])
        ax, ay = (area[0], area[1]) if area is not None else (0, 0)
        info = self.images.get(src)
        if info is not None:
            tight = src.get_bounding_rect()
            if tight.width == 0:
                return
            room = self.overflows.get(info) if self.overflows else None
            if room is not None:
                self.problem(f"too wide: {info[0][:40]!r} is {src.get_width()} px at {info[1]} px (the smallest "
                             f"size tried) in {max(0, room)} px, in {dst.label or 'an off-screen surface'}")
            full = tight.move(dx - ax, dy - ay)
            self._add(dst, info[0], info[1], full.clip(r), full, dst.label)
            return
        if isinstance(src, self.TrackSurface):
            if src.texts:
                if not src.checked:
                    self.verify(src, src.label or "an off-screen surface", floor=None)
                for t in src.texts:
                    full = t.full.move(dx - ax, dy - ay)
                    self._add(dst, t.text, t.size, t.rect.move(dx - ax, dy - ay).clip(r), full,
                              t.where or src.label)
            return
        # an opaque picture over the whole surface (a veil under an overlay): what was
        # below is no longer meant to be read
        if src.get_width() >= dst.get_width() and src.get_height() >= dst.get_height() and dx <= 0 and dy <= 0:
            dst.texts.clear()
            dst.panels.clear()

    def _add(self, dst, text, size, rect, full, where):
        if rect.width <= 0 or rect.height <= 0:
            return
        # the same words drawn again on top of themselves: an outline or a shadow
        for t in dst.texts[-10:]:
            if t.text == text and t.rect.colliderect(rect):
                t.rect.union_ip(rect)
                t.full.union_ip(full)
                t.snap = _grey(dst, t.rect)
                return
        self.said.append(text)
        t = Text(text, size, rect, full, where, self.order)
        self.order += 1
        t.snap = _grey(dst, rect)
        dst.texts.append(t)

    # ------------------------------------------------------------ checks
    def problem(self, msg):
        line = f"{self.context}: {msg}" if self.context else msg
        key = line
        if key in self._seen:
            return
        self._seen.add(key)
        self.problems.append(line)

    def verify(self, surf, where, floor):
        """Check the texts on ``surf`` (its pixels now are the final picture)."""
        surf.checked = True
        bounds = surf.get_rect()
        texts = surf.texts
        flagged = set()
        for i, t in enumerate(texts):
            w = t.where or where
            if floor is not None and t.size < floor:
                self.problem(f"small: {t.text[:40]!r} at {t.size} px (floor {floor}) in {w}")
            if not bounds.contains(t.full):
                self.problem(f"outside: {t.text[:40]!r} runs outside {'the window' if floor else w}")
            for p, order in surf.panels:
                if order < t.order and p.colliderect(t.rect) and not p.contains(t.rect):
                    # the text sits on this panel (drawn after it) but crosses its edge
                    inter = p.clip(t.rect)
                    if inter.width * inter.height * 2 >= t.rect.width * t.rect.height:
                        self.problem(f"outside: {t.text[:40]!r} crosses the edge of its panel in {w}")
                        break
            for u in texts[i + 1:]:
                if u.text != t.text and t.rect.colliderect(u.rect):
                    inter = t.rect.clip(u.rect)
                    if inter.width >= 3 and inter.height >= 3:
                        self.problem(f"overlap: {t.text[:30]!r} and {u.text[:30]!r} in {w}")
                        flagged.add(i)
                        break
        for i, t in enumerate(texts):
            if i in flagged or t.snap is None:
                continue
            now = _grey(surf, t.rect)
            if now is not None and _unreadable(t.snap, now):
                self.problem(f"covered: {t.text[:40]!r} is drawn over in {t.where or where}")


# ---------------------------------------------------------------- pygame-gui widgets
def check_widgets(rec, scene, size, floor):
    import pygame
    import pygame_gui
    ui = getattr(scene, "ui", None)
    if ui is None:
        return
    win = pygame.Rect(0, 0, *size)
    from client.ui.theme import font as ui_font
    for el in ui.get_sprite_group().sprites():
        if not getattr(el, "visible", True):
            continue
        if not isinstance(el, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel,
                               pygame_gui.elements.UITextBox, pygame_gui.elements.UITextEntryLine)):
            continue
        if isinstance(el, pygame_gui.elements.UITextEntryLine):
            # a text box: what it shows (its text, or the placeholder while empty) fits its width
            text = str(el.get_text() or getattr(el, "hint_text", "") or getattr(el, "placeholder_text", "") or "")
            fnt = getattr(el, "font", None)
            if text.strip():
                rec.sentence(text)
                if fnt is not None and not el.get_text() and fnt.size(text)[0] > el.rect.width - 12:
                    rec.problem(f"cut: text box {text[:40]!r} is wider than its {el.rect.width} px")
            continue
        if isinstance(el, pygame_gui.elements.UITextBox):
            text = _strip_html(getattr(el, "html_text", "") or "")
        else:
            text = str(getattr(el, "text", "") or "")
        if not text.strip():
            continue
        fnt = getattr(el, "font", None)
        pt = int(getattr(fnt, "point_size", 0) or 0)
        short = text[:40]
        rec.sentence(text)
        if pt and pt < floor:
            rec.problem(f"small: widget {short!r} at {pt} px (floor {floor})")
        inner = getattr(fnt, "_GUIFontPygame__internal_font", None)  # the widget's own font file
        miss = missing_chars(inner if isinstance(inner, pygame.font.Font) else ui_font(max(pt, 10)), text)
        if miss:
            rec.problem(f"glyph: widget {short!r}: the font has no {' '.join(repr(c) for c in miss)}")
        if isinstance(el, pygame_gui.elements.UITextBox):
            continue
        r = el.rect
        if el.ui_container is ui.get_root_container() and not win.contains(r):
            rec.problem(f"outside: widget {short!r} runs outside the window")
        if fnt is not None and "\n" not in text:
            pad = int(getattr(el, "text_horiz_alignment_padding", 0) or 0)
            if str(getattr(el, "text_horiz_alignment", "center")) == "center":
                pad = 0  # pygame-gui pads only left- or right-aligned text
            bw = getattr(el, "border_width", 0) or 0
            border = max(bw.values()) if isinstance(bw, dict) else int(bw)
            room = r.width - 2 * pad - 2 * border
            if fnt.size(text)[0] > room + 1:
                rec.problem(f"cut: widget {short!r} is wider than its {r.width} px")


def _strip_html(s):
    import html
    import re
    return html.unescape(re.sub(r"<[^>]*>", "", s.replace("<br>", "\n")))


# ---------------------------------------------------------------- what to render
def busy_session(game, seed, moves=160):
    """A seeded game played with random legal moves; the session at the busiest
    position (most text on the table for seat 0) where seat 0 is to move."""
    from engine.core.harness import starter_pair
    from engine.core.rng import Rng
    from engine.core.session import MatchSession
    decks = starter_pair(game, seed)
    meta = {"mode": "ai", "ai": "easy", "human": 0, "names": ["You", "AI (easy)"]}
    session = MatchSession.new(game, decks, seed, None, meta)
    rng = Rng(seed)
    best, best_n = 0, -1
    actions = []
    for _ in range(moves):
        m = session.match
        if m.result() is not None:
            break
        if m.to_move() == 0:
            n = len(str(m.view(0)))
            if n > best_n:
                best, best_n = len(actions), n
        legal = m.legal_actions()
        a = legal[rng.randrange(len(legal))]
        actions.append(a)
        session.apply(a)
    out = MatchSession.new(game, decks, seed, None, meta)
    for a in actions[:best]:
        out.apply(a)
    return out


_EXTRA: dict = {}


def _extra_session(game: str, name: str):
    """A game's own layout position ``name`` (its package's ``LAYOUT_POSITIONS``: name ->
    a function giving a session), searched once a run; a fresh copy each time."""
    from engine.core.session import MatchSession
    if (game, name) not in _EXTRA:
        _EXTRA[(game, name)] = game_package(game).LAYOUT_POSITIONS[name]()
    s = _EXTRA[(game, name)]
    out = MatchSession.new(game, s.record.decks, s.record.seed, None, dict(s.meta))
    for a in s.actions:
        out.apply(a)
    return out


def targets(games, quick=False):
    """(label, scene name, game, seed, extra kwargs) for every screen to render."""
    from client.scenes import SCENES
    out = []
    for name, info in SCENES.items():
        if name == "table":
            continue
        if info.needs_game:
            for g in (games[:1] if quick and name not in ("game_over",) else games):
                out.append((f"{name}[{g}]", name, g, 1, None))
        else:
            out.append((name, name, None, 1, None))
    for g in games:
        out.append((f"table[{g}] early", "table", g, 1, None))
        out.append((f"table[{g}] busy", "table", g, 7, "busy"))
        for extra in getattr(game_package(g), "LAYOUT_POSITIONS", {}):
            out.append((f"table[{g}] {extra}", "table", g, 1, ("position", extra)))
    out += tutorial_targets(games)
    if quick:
        keep = {"title", "settings", f"setup[{games[0]}]"}
        out = [t for t in out if t[0] in keep or t[1] in ("table", "game_over")]
    return out


def tutorial_targets(games):
    """Every screen of every lesson of Learn to play (its instruction, then its explanation)."""
    out = []
    for g in games:
        try:
            from client.table.tutorial import course, lesson_screens
            c = course(g)
        except Exception:  # noqa: BLE001 - a game without lessons (yet), or a bad file: its own test says so
            continue
        for les in c.lessons:
            for i, what in enumerate(lesson_screens(les)):
                out.append((f"tutorial[{g}] {les.id} {i} {what}", "tutorial", g, 1, ("tutorial", les.id, i)))
    return out


def render_target(app, rec, label, name, game, seed, extra, size, frames=3):
    from client.devtools.headless import open_scene
    from client.scenes import scene_class
    rec.context = f"{size[0]}x{size[1]} {int(round(app.settings.ui_scale * 100))}% {label}"
    if isinstance(extra, tuple) and extra[0] == "tutorial":
        app.scenes.switch("tutorial", game=game, lesson=extra[1], screen=extra[2])
    elif extra == "busy" or (isinstance(extra, tuple) and extra[0] == "position"):
        cls = scene_class("table", game)
        kw = cls.demo_kwargs(app, game, 1)
        kw["session"] = busy_session(game, seed) if extra == "busy" else _extra_session(game, extra[1])
        sc = cls(app, game=game, **kw)
        sc.name = "table"
        app.scenes.switch(sc)
    else:
        open_scene(app, name, game, seed)
    rec.said = []
    rec.overflows.clear()
    for _ in range(frames):
        app.step()
    screen = rec.surface(app.size, 0)
    screen.label = label
    app.draw(screen)
    floor = floor_for(size)
    rec.verify(screen, label, floor)
    scale_check.note(app, label, size, screen)   # larger interface sizes never shrink cards or text
    for sc in app.scenes.stack[-1:]:
        check_widgets(rec, sc, app.size, floor)
    for sc in app.scenes.stack:
        rec.names_check(getattr(sc, "names", None))


def check_screen(app, label="the screen", frames=2) -> list[str]:
    """The problems of what ``app`` shows now (its top scene as it stands: tests put a
    position on a table and ask); the same checks as the full run's for one screen."""
    from client import cards as cards_mod
    from client.ui import theme as ui
    rec = Recorder()
    rec.context = f"{app.size[0]}x{app.size[1]} {int(round(app.settings.ui_scale * 100))}% {label}"
    _drop_caches(ui, cards_mod)
    ui.RECORDER = rec
    try:
        for _ in range(frames):
            app.step()
        rec.said = []
        screen = rec.surface(app.size, 0)
        screen.label = label
        app.draw(screen)
        floor = floor_for(app.size)
        rec.verify(screen, label, floor)
        for sc in app.scenes.stack[-1:]:
            check_widgets(rec, sc, app.size, floor)
    finally:
        ui.RECORDER = None
        _drop_caches(ui, cards_mod)
    return rec.problems


def check_zooms(app, rec, games, size):
    """Every card's hover zoom at the width the tables draw it for this interface size."""
    from client.scenes import gamesinfo
    from client.cards import card_surface
    floor = floor_for(size)
    w = int(300 * app.scale)
    for g in games:
        sp = gamesinfo.spec(g)
        if sp is None:
            continue
        rec.context = f"{size[0]}x{size[1]} {int(round(app.settings.ui_scale * 100))}% zoom[{g}]"
        for cid in sorted(sp.cards):
            img = card_surface(g, sp.cards[cid], w, big=True)
            screen = rec.surface(app.size, 0)
            screen.blit(img, (0, 0))
            rec.verify(screen, f"the zoom of {sp.cards[cid].name}", floor)


def run(sizes=SIZES, scales=SCALES, games=None, quick=False, out=print, zooms=True, only=None) -> list[str]:
    """Render everything; returns the problem lines (also printed through ``out``)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # never the player's own folders: the replays screen writes demo games
    os.environ["CARDHALL_HOME"] = tempfile.mkdtemp(prefix="cardhall-layout-")
    import pygame
    from client.scenes import gamesinfo
    from client.ui import theme as ui
    from client import cards as cards_mod
    from client.app import App
    from client.settings import Settings
    games = list(games or gamesinfo.available())
    rec = Recorder()
    ui.RECORDER = rec
    try:
        for size in sizes:
            for scale in scales:
                _drop_caches(ui, cards_mod)
                settings = Settings()
                settings.ui_scale = scale
                settings.animation_speed = "instant"
                settings.fullscreen = False
                pygame.display.quit()
                app = App(size, settings, fullscreen=False)
                app.fixed_dt = 1 / 60
                for label, name, game, seed, extra in targets(games, quick):
                    if only is not None and label not in only:
                        continue
                    n0 = len(rec.problems)
                    try:
                        render_target(app, rec, label, name, game, seed, extra, size)
                    except Exception as e:  # noqa: BLE001 - a screen that fails is a problem too
                        import traceback
                        traceback.print_exc()
                        rec.problem(f"error: {type(e).__name__}: {e}")
                    for line in rec.problems[n0:]:
                        out(line)
                if zooms:
                    n0 = len(rec.problems)
                    check_zooms(app, rec, games if not quick else games, size)
                    for line in rec.problems[n0:]:
                        out(line)
                app.scenes.stack.clear()
        rec.context = ""
        for line in scale_check.report():
            rec.problem(line)
            out(line)
    finally:
        ui.RECORDER = None
        _drop_caches(ui, cards_mod)
    return rec.problems


def _drop_caches(ui, cards_mod):
    """Cached pictures were drawn without the recorder: draw them again."""
    if ui._TEXT_CACHE is not None:
        ui._TEXT_CACHE.clear()
    ui._WRAP_CACHE.clear()
    ui._PANEL_CACHE.clear()
    cards_mod.clear_cache()
    try:
        from client.tables.evons import face as ev
        ev._TILE_CACHE.clear()
    except ImportError:
        pass


def main(argv=None) -> int:
    import argparse
    p = argparse.ArgumentParser(prog="cardhall --layout-check")
    p.add_argument("--quick", action="store_true", help="a subset (what the test suite runs)")
    p.add_argument("--game", action="append", help="only this game (repeatable)")
    args = p.parse_args(argv or [])
    if args.quick:
        problems = run(QUICK_SIZES, QUICK_SCALES, args.game, quick=True)
    else:
        problems = run(games=args.game)
    print(f"{len(problems)} problems")
    sys.stdout.flush()
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
