"""The players' panels keep every row at every interface size: a short panel
(200 % on a small window) puts the morale number beside its label and closes
the rows up instead of leaving "Support deck" and "Hand" out."""

import pytest


from engine.core.harness import starter_pair
from engine.core.session import MatchSession
from support.helpers import show_table


class Spy:
    def __init__(self):
        self.texts = []

    def rendered(self, fnt, img, text):
        self.texts.append(text)

    def surface(self, size, flags=0):
        import pygame
        return pygame.Surface(size, flags)

    def cut(self, *a, **k):
        pass

    def panel(self, *a, **k):
        pass


@pytest.mark.parametrize("size,scale", [((1280, 720), 1.0), ((1280, 720), 2.0), ((1024, 640), 2.0)])
def test_everdawn_panels_show_every_row(tmp_path, size, scale):
    from client import cards as cards_mod
    from client.ui import theme as ui
    import client.devtools.layoutcheck as lc
    from client.settings import Settings
    from client.devtools.testing import Driver
    st = Settings()
    st.ui_scale = scale
    st.animation_speed = "instant"
    d = Driver(tmp_path, size, settings=st)
    try:
        s = MatchSession.new("everdawn", starter_pair("everdawn", 3), 3, None,
                             {"mode": "hotseat", "names": ["Mira", "Jonas"]})
        t = show_table(d, "everdawn", s, mode="hotseat", human_seats=(0, 1))
        import pygame
        for seat in (0, 1):
            spy = Spy()
            lc._drop_caches(ui, cards_mod)   # cached words were drawn before the spy listened
            ui.RECORDER = spy
            try:
                t._draw_info(pygame.Surface(size), t.view, seat)
            finally:
                ui.RECORDER = None
                lc._drop_caches(ui, cards_mod)
            for label in ("Creatures in play", "Creature deck", "Support deck", "Hand", "MORALE"):
                assert label in spy.texts, (seat, label)
    finally:
        d.close()
