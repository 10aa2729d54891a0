"""The scene registry: every screen has a name, so menus, tests and
``python -m client --screenshot PATH --scene NAME`` can open it.

Targets are ``"module:Class"`` strings imported on first use (startup stays fast).

Plugging in (later helpers)
---------------------------
* A game table: create ``client/tables/<game>.py`` defining a subclass of
  :class:`client.table.scene.TableScene` named ``Table``. Scene ``table`` with
  ``game=<game>`` opens it; while the module is missing the generic
  :class:`~client.table.scene.GenericTable` is used. (``register_table`` can point
  elsewhere.)
* Deck builder: ``client/deckbuilder/__init__.py`` (or a submodule registered with
  ``register_scene("deckbuilder", ...)``) defining ``DeckBuilderScene``.
* Replays: ``client/replays/__init__.py`` defining ``ReplaysScene``.
Until those modules exist the placeholder scene is shown.

A scene class takes ``(app, **kwargs)``; for screenshots it may define
``@classmethod demo_kwargs(cls, app, game, seed) -> dict`` to set up a
representative state.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass
class SceneInfo:
    name: str
    target: str                  # "package.module:ClassName"
    description: str = ""
    needs_game: bool = False
    fallback: str | None = None  # used when target cannot be imported


SCENES: dict[str, SceneInfo] = {}
TABLES: dict[str, str] = {}


def register_scene(name: str, target: str, description: str = "", *, needs_game: bool = False,
                   fallback: str | None = None) -> None:
    SCENES[name] = SceneInfo(name, target, description, needs_game, fallback)


def register_table(game: str, target: str) -> None:
    """Point scene ``table`` for ``game`` at ``target`` ("module:Class")."""
    TABLES[game] = target


def _import(target: str):
    mod, _, cls = target.partition(":")
    return getattr(importlib.import_module(mod), cls)


def _import_or_none(target: str):
    try:
        return _import(target)
    except ModuleNotFoundError as e:
        # only a *missing* plug-in module falls back; bugs inside one still raise
        mod = target.partition(":")[0]
        if e.name and (mod == e.name or mod.startswith(e.name + ".")):
            return None
        raise
    except AttributeError:
        return None


def scene_class(name: str, game: str | None = None):
    if name == "table":
        target = TABLES.get(game or "", f"client.tables.{game}.table:Table")
        cls = _import_or_none(target) if game else None
        return cls or _import("client.table.scene:GenericTable")
    info = SCENES.get(name)
    if info is None:
        raise KeyError(f"unknown scene {name!r}; try --scene list")
    cls = _import_or_none(info.target)
    if cls is None:
        if info.fallback is None:
            return _import(info.target)  # re-raise the real error
        cls = _import(info.fallback)
    return cls


register_scene("title", "client.scenes.title:TitleScene", "game picker (first screen)")
register_scene("game_menu", "client.scenes.game_menu:GameMenuScene", "one game's menu", needs_game=True)
register_scene("setup", "client.scenes.setup:MatchSetupScene", "play vs AI: decks, difficulty, options",
               needs_game=True)
register_scene("hotseat_setup", "client.scenes.setup:HotseatSetupScene", "local two-player setup",
               needs_game=True)
register_scene("online", "client.scenes.online:OnlineScene", "play online: host or join, your matches",
               needs_game=True)
register_scene("rules", "client.scenes.rules:RulesScene", "the game's rules page", needs_game=True)
register_scene("settings", "client.scenes.settings_scene:SettingsScene", "settings")
register_scene("table", "client.table.scene:GenericTable", "the match table (per game)", needs_game=True)
register_scene("pause", "client.scenes.overlays:PauseOverlay", "Esc menu in a match", needs_game=True)
register_scene("handoff", "client.scenes.overlays:HandoffOverlay", "hot-seat: pass to the other player",
               needs_game=True)
register_scene("game_over", "client.scenes.overlays:GameOverOverlay", "end of a match", needs_game=True)
register_scene("confirm", "client.scenes.overlays:ConfirmOverlay", "a yes/no question")
register_scene("deckbuilder", "client.deckbuilder:DeckBuilderScene", "deck builder", needs_game=True,
               fallback="client.scenes.placeholder:PlaceholderScene")
register_scene("replays", "client.replays:ReplaysScene", "finished games and replays",
               fallback="client.scenes.placeholder:PlaceholderScene")
register_scene("review", "client.scenes.review:ReviewScene", "game review: each decision scored by the hard AI",
               needs_game=True)
register_scene("cards", "client.scenes.gallery:CardGalleryScene", "card gallery: every card of a pool",
               needs_game=True)
register_scene("credits", "client.scenes.credits:CreditsScene", "credits: fonts, card pictures, libraries")
