"""Match setup: Play vs AI (your deck, the AI's deck, difficulty, options) and
Local two-player (both decks, options). Starting creates an autosaving
:class:`engine.core.session.MatchSession` and opens the game's table."""
from __future__ import annotations

import os

import pygame

from engine.core.text import count

from client.scenes import gamesinfo
from client.settings import DIFFICULTIES
from client.ui.theme import GAME_ACCENT, PAL, draw_text, draw_wrapped, fit_font, panel, shade
from client.scenes.base import Scene
from client.scenes.title import draw_background
from client.ui.widgets import dropdown, handle_dropdown_event


def new_seed() -> int:
    return int.from_bytes(os.urandom(6), "little")


def start_session_scene(app, session):
    """Open the table for a (new or resumed) session, using its meta for the mode."""
    from client.scenes.game_menu import table_kwargs  # reads meta["ai"] as {"seat", "level", "seed"} or a level name
    app.scenes.switch("table", **table_kwargs(session))


def start_match(app, game, decks, *, mode, ai_level="normal", options=None, seed=None, human=0):
    from engine.core.session import MatchSession
    from client.storage import replays_dir, saves_dir
    seed = new_seed() if seed is None else seed
    if mode == "ai":
        names = ["You", f"AI ({ai_level})"] if human == 0 else [f"AI ({ai_level})", "You"]
        # the engine's form (engine/core/session.py): ResumeInfo.title() and the AI rebuild read it
        meta = {"mode": "ai", "ai": {"seat": 1 - human, "level": ai_level, "seed": seed ^ 0x5EED},
                "human": human, "names": names}
    else:
        meta = {"mode": "hotseat", "names": ["Player 1", "Player 2"]}
    session = MatchSession.new(game, decks, seed, options or {}, meta,
                               autosave_folder=saves_dir(), replay_folder=replays_dir())
    start_session_scene(app, session)
    return session


DECK_EXTRA = 26  # px (scaled): the deck rows' description runs under the list
MAX_MEMORY_BYTES = 64 * 1024


def _memory_path():
    from client.storage import config_dir
    return config_dir() / "setup.json"


def load_setup_memory() -> dict:
    """What the setup screens chose last, per game and mode (a damaged file: nothing)."""
    from engine.core.files import FileProblem, read_json
    p = _memory_path()
    if not p.exists():
        return {}
    try:
        obj = read_json(p, MAX_MEMORY_BYTES)
    except (FileProblem, OSError):
        return {}
    if not isinstance(obj, dict) or obj.get("format") != "cardhall-setup":
        return {}
    games = obj.get("games")
    return games if isinstance(games, dict) else {}


def remember_setup(game, mode, decks, level, options) -> None:
    """Keep this game's choices for the next visit (never fatal: a full disk only forgets)."""
    from engine.core.files import FileProblem, atomic_write_json
    mem = load_setup_memory()
    entry = {"decks": [str(d)[:200] for d in decks][:2], "options": {str(k)[:64]: v for k, v in options.items()
                                                                       if isinstance(v, (bool, int, float, str))}}
    if level:
        entry["level"] = str(level)
    g = mem.get(game) if isinstance(mem.get(game), dict) else {}
    g[mode] = entry
    mem = {k: v for k, v in mem.items() if k in gamesinfo.all_games() and isinstance(v, dict)}
    mem[game] = g
    try:
        atomic_write_json(_memory_path(), {"format": "cardhall-setup", "version": 1, "games": mem})
    except (FileProblem, OSError):
        pass


class MatchSetupScene(Scene):
    mode = "ai"
    heading = "Play vs AI"

    def enter(self):
        from client.storage import list_decks
        self.game = self.kwargs.get("game") or gamesinfo.default_game()
        sp = gamesinfo.spec(self.game)
        self.decks = [e for e in list_decks(self.game) if e.legal] if sp else []
        self.pick = [0, min(1, len(self.decks) - 1) if self.decks else 0]
        self.level = self.app.settings.ai_difficulty
        self.option_specs = list(getattr(sp.match_class, "OPTIONS", ())) if sp else []
        self.options = {o.name: o.default for o in self.option_specs}
        self._recall()
        super().enter()

    def _recall(self):
        """The decks, level and options chosen last time for this game (when still there)."""
        g = load_setup_memory().get(self.game)
        mem = g.get(self.mode) if isinstance(g, dict) else None
        if not isinstance(mem, dict):
            return
        labels = [e.label for e in self.decks]
        decks = mem.get("decks")
        if isinstance(decks, list):
            for seat, lab in enumerate(decks[:2]):
                if isinstance(lab, str) and lab in labels:
                    self.pick[seat] = labels.index(lab)
        if self.mode == "ai" and mem.get("level") in DIFFICULTIES:
            self.level = mem["level"]
        opts = mem.get("options")
        if isinstance(opts, dict):
            for o in self.option_specs:
                v = opts.get(o.name)
                if v is not None and type(v) is type(o.default):
                    self.options[o.name] = v

    def _rows_h(self, compact):
        s = self.s
        if compact:  # options two to a row, deck descriptions right under the lists
            n_other = (1 if self.mode == "ai" else 0) + -(-len(self.option_specs) // 2)
            return 2 * (s(44) + s(48)) + n_other * (s(44) + s(10))
        n_other = (1 if self.mode == "ai" else 0) + len(self.option_specs)
        return 2 * (s(44) + s(32) + s(DECK_EXTRA)) + n_other * (s(44) + s(32))

    def panel_rect(self):
        """The panel; ``self.compact`` when the rows with their descriptions do not fit
        the window (a large interface size): the options then keep their description
        in their tooltip and the rows close up."""
        s = self.s
        extra = s(20) + (s(70) if not self.decks else 0) + s(50) + s(48)
        top = s(120)
        self.compact = s(30) + self._rows_h(False) + extra > self.H - top - s(16)
        if self.compact:
            top = s(96)
        h = s(30) + self._rows_h(self.compact) + extra
        r = pygame.Rect(0, 0, min(self.W - s(80), s(820)), min(self.H - top - s(16), h))
        r.midtop = (self.W // 2, top)
        return r

    def deck_tip(self, seat):
        if not self.decks:
            return "no legal deck"
        e = self.decks[self.pick[seat]]
        d = e.deck.description or "starter decks and your saved legal decks"
        size = count(e.deck.size, 'card').replace(" ", "\u00a0")     # "(40 cards)" never broken in two
        return f"{d} ({size})"

    def seat_labels(self):
        return ("Your deck", "AI's deck")

    def build(self):
        s = self.s
        r = self.panel_rect()
        self.rows = []
        lx = r.left + s(36)
        cx = r.left + int(r.width * 0.38)
        cw = r.right - s(36) - cx
        rh, gap = s(44), s(32)  # room for a label with a two-line description
        ogap = s(10) if self.compact else gap
        y = r.top + s(30)
        opts = [(e.label, i) for i, e in enumerate(self.decks)]
        for seat, lab in enumerate(self.seat_labels()):
            # the deck's description under the label and the list, the whole panel wide
            self.rows.append((lab, (lambda seat=seat: self.deck_tip(seat)),
                              pygame.Rect(lx, y, r.right - s(36) - lx, rh), True))
            dropdown(self, (cx, y, cw, rh), opts, self.pick[seat],
                     (lambda v, seat=seat: self.set_pick(seat, v)), name=f"deck{seat}")
            y += rh + (s(48) if self.compact else gap + s(DECK_EXTRA))
        if self.mode == "ai":
            self.rows.append(("Difficulty", "" if self.compact else "easy is forgiving, hard plays its best",
                              pygame.Rect(lx, y, cx - lx, rh)))
            dropdown(self, (cx, y, cw, rh), [(d.capitalize(), d) for d in DIFFICULTIES], self.level,
                     self.set_level, name="difficulty")
            y += rh + ogap
        cols = 2 if self.compact and len(self.option_specs) > 1 else 1
        col_w = (r.right - s(36) - lx + s(24)) // cols
        bw_o = s(96) if cols == 2 else s(120)
        for i, o in enumerate(self.option_specs):
            ox = lx + (i % cols) * col_w
            bx = ox + col_w - s(24) * (cols - 1) - bw_o if cols == 2 else r.right - s(36) - bw_o
            if cols == 2 and i % 2 == 0 and i == len(self.option_specs) - 1:
                bx += col_w         # alone on its row: the label has the row, the button the right column's place
            self.rows.append((o.label, "" if self.compact else o.description, pygame.Rect(ox, y, bx - ox - s(12), rh)))
            if isinstance(o.default, bool):
                on = bool(self.options[o.name])
                self.button((bx, y, bw_o, rh), "On" if on else "Off",
                            (lambda n=o.name: self.toggle(n)), tip=o.description, name=f"opt_{o.name}",
                            cls="@primary" if on else None, key=str(i + 1) if i < 9 else None)
            if i % cols == cols - 1 or i == len(self.option_specs) - 1:
                y += rh + ogap
        self.rows_bottom = y
        bw, bh = s(200), s(50)
        ok = bool(self.decks)
        self.button((r.right - bw - s(36), r.bottom - bh - s(24), bw, bh), "Start", self.start,
                    key="return", tip="Start the match" if ok else "No legal deck to play with",
                    cls="@primary", name="start", enabled=ok)
        self.button((r.left + s(36), r.bottom - bh - s(24), s(160), bh), "Back", self.back, key="escape",
                    tip="Back to the game menu", name="back")

    def on_ui_event(self, ev):
        return handle_dropdown_event(self, ev) or super().on_ui_event(ev)

    def set_pick(self, seat, i):
        self.pick[seat] = i

    def set_level(self, v):
        self.level = v

    def toggle(self, name):
        self.options[name] = not self.options[name]
        self.rebuild()

    def back(self):
        self.go("game_menu", game=self.game)

    def chosen_decks(self):
        return tuple(self.decks[i].deck for i in self.pick)

    def start(self):
        if not self.decks:
            return
        remember_setup(self.game, self.mode, [self.decks[i].label for i in self.pick],
                       self.level if self.mode == "ai" else None, dict(self.options))
        start_match(self.app, self.game, self.chosen_decks(), mode=self.mode, ai_level=self.level,
                    options=dict(self.options))

    def draw(self, surf):
        s = self.s
        draw_background(surf)
        acc = GAME_ACCENT.get(self.game, PAL["gold"])
        draw_text(surf, f"{gamesinfo.title(self.game)} — {self.heading}",
                  (self.W // 2, s(30) if self.compact else s(44)), s(34) if self.compact else s(40),
                  shade(acc, 1.2), title=True, anchor="midtop", shadow=True)
        r = self.panel_rect()
        panel(surf, r, radius=s(16))
        rows = [(lab, tip() if callable(tip) else tip, rr, below) for lab, tip, rr, *below in self.rows]
        # compact: the labels alone, centred on their rows, all at one size (smaller rather than cut)
        bare = [fit_font(lab, rr.width, s(18), bold=True, min_size=max(9, s(12))).ch_size
                for lab, tip, rr, _ in rows if not tip]
        for lab, tip, rr, below in rows:
            if not tip:
                draw_text(surf, lab, (rr.left, rr.centery), min(bare), PAL["text"], bold=True, anchor="midleft")
                continue
            draw_text(surf, lab, (rr.left, rr.top + s(1)), s(18), PAL["text"], bold=True)
            tr = (pygame.Rect(rr.left, rr.bottom + s(2), rr.width, s(44)) if below else
                  pygame.Rect(rr.left, rr.top + s(24), rr.width - s(12), s(50)))  # two lines, to the next row
            draw_wrapped(surf, tip, tr, s(13), PAL["muted"], max_lines=2, shrink=False)
        if not self.decks:
            draw_wrapped(surf, "No legal deck yet for this game. Build one in the deck builder.",
                         pygame.Rect(r.left + s(36), self.rows_bottom + s(10), r.width - s(72), s(60)), s(16),
                         PAL["bad"])
        self.draw_ui(surf)


class HotseatSetupScene(MatchSetupScene):
    mode = "hotseat"
    heading = "Local two-player"

    def seat_labels(self):
        return ("Player 1's deck", "Player 2's deck")
