"""The hooks a game table provides are one documented Protocol (client/table/hooks.py):
every game's Table has every hook (the required ones defined by the game itself, with
parameters that take the hook's), every hook says what it returns and when it is called,
and the scene's docstring names the same required hooks. A table broken on purpose is
seen to fail."""
import inspect
import re

import pytest

import client.table.scene as scene_module
from client.scenes import scene_class
from client.table.hooks import EXTENDED, REQUIRED, GameTable, TableHooks, hook_names
from client.table.scene import TableScene
from engine.games import GAME_NAMES


def _owner(cls, name):
    """The class of ``cls``'s MRO that defines ``name``, or None."""
    return next((k for k in cls.__mro__ if name in vars(k)), None)


def _takes(fn, hook) -> bool:
    """``fn`` can be called as the Protocol's ``hook`` is (the same positional arguments)."""
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    n = sum(p.kind in positional for p in inspect.signature(hook).parameters.values()) - 1   # without self
    try:
        inspect.signature(fn).bind(*([None] * (n + 1)))      # with self
    except TypeError:
        return False
    return True


def problems(table_cls) -> list[str]:
    """What ``table_cls`` lacks of :class:`GameTable`, one line each."""
    out = []
    for name in hook_names():
        owner = _owner(table_cls, name)
        if owner is None:
            out.append(f"{name}: missing")
            continue
        if name in REQUIRED and owner in TableScene.__mro__:
            out.append(f"{name}: required, only the scene's placeholder")
        hook = vars(GameTable)[name]
        mine = vars(owner)[name]
        if inspect.isfunction(hook) and not (inspect.isfunction(mine) and _takes(mine, hook)):
            out.append(f"{name}: not a method taking {inspect.signature(hook)}")
    return out


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_game_table_provides_every_hook(game):
    assert problems(scene_class("table", game)) == []


def test_the_scene_has_a_default_for_every_optional_hook():
    assert sorted(problems(TableScene)) == sorted(f"{n}: required, only the scene's placeholder" for n in REQUIRED)


def test_a_table_lacking_a_hook_is_found():
    class Half(TableScene):                    # every required hook but card_at, one with the wrong arity
        def layout(self): pass
        def draw_board(self, surf): pass
        def drag_sources(self): return []
        def drop_targets(self): return []
        def gesture_of(self): return None
        def guess_action(self, src_key, tgt_key): return None
        def action_buttons(self): return []
        def on_board_click(self, pos): return False
        def animate(self, action, events, before, after): return []
        def status_text(self): return ""
        def scale_probe(self): return {}

    assert problems(Half) == ["gesture_of: not a method taking (self, action) -> 'tuple | None'",
                              "card_at: required, only the scene's placeholder"]

    class Bare:                                 # not a TableScene: the optional hooks have no default
        layout = Half.layout
    found = problems(Bare)
    assert "layout: missing" not in found and "hand_area: missing" in found and "on_handoff: missing" in found


def test_every_hook_says_what_it_returns_and_when():
    for name in hook_names():
        member = vars(GameTable)[name]
        doc = (member.fget if isinstance(member, property) else member).__doc__
        assert doc and len(doc.split()) >= 8, name


def test_the_scene_docstring_names_the_required_hooks_and_points_to_the_protocol():
    doc = scene_module.__doc__
    plug_in = doc[doc.index("How a table plugs in"):doc.index("Actions go through")]
    assert "client.table.hooks.GameTable" in plug_in
    named = set(re.findall(r":meth:`(\w+)`", plug_in))
    assert named == REQUIRED
    assert set(hook_names()) >= named


def overridden_unlisted(table_cls) -> list[str]:
    """The members of the framework (:class:`TableScene` and its bases) that
    ``table_cls``'s own classes override without :class:`GameTable` listing them."""
    framework = {n for k in TableScene.__mro__[:-1] for n in vars(k)}
    own = [k for k in table_cls.__mro__ if k not in TableScene.__mro__]
    return sorted({n for k in own for n in vars(k) if n in framework and not n.startswith("__")} - set(hook_names()))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_game_table_overrides_only_hooks(game):
    assert overridden_unlisted(scene_class("table", game)) == []


def test_overriding_the_machinery_is_found():
    class Sneaky(TableScene):
        def busy(self):                 # the scene's own, not a hook
            return False

        def card_at(self, pos):         # a hook
            return None
    assert overridden_unlisted(Sneaky) == ["busy"]


def test_the_hook_defaults_are_one_class_with_nothing_else():
    """TableHooks holds a default for every hook but the framework methods a table
    extends (those are the scene's own), and nothing that is not a hook."""
    mine = {n for n in vars(TableHooks) if not n.startswith("__")}
    assert mine == set(hook_names()) - EXTENDED
    assert all(n in vars(TableScene) for n in EXTENDED)
