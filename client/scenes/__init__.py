"""The scene registry: every screen has a name, so menus, tests and
``python -m client --screenshot PATH --scene NAME`` can open it.

Targets are ``"module:Class"`` strings imported on first use (startup stays fast).

Plugging in
-----------
* A game table: ``client/tables/<game>/table.py`` defines a subclass of
  :class:`client.table.scene.TableScene` named ``Table``; scene ``table`` with
  ``game=<game>`` opens it (``register_table`` can point elsewhere).

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


SCENES: dict[str, SceneInfo] = {}
TABLES: dict[str, str] = {}


def register_scene(name: str, target: str, description: str = "", *, needs_game: bool = False) -> None:
    SCENES[name] = SceneInfo(name, target, description, needs_game)


def register_table(game: str, target: str) -> None:
    """Point scene ``table`` for ``game`` at ``target`` ("module:Class")."""
    TABLES[game] = target


def _import(target: str):
    mod, _, cls = target.partition(":")
    return getattr(importlib.import_module(mod), cls)


def scene_class(name: str, game: str | None = None):
    if name == "table":
        if not game:
            raise KeyError("scene 'table' needs a game")
        return _import(TABLES.get(game, f"client.tables.{game}.table:Table"))
    info = SCENES.get(name)
    if info is None:
        raise KeyError(f"unknown scene {name!r}; try --scene list")
    return _import(info.target)


register_scene("title", "client.scenes.title:TitleScene", "game picker (first screen)")
register_scene("game_menu", "client.scenes.game_menu:GameMenuScene", "one game's menu", needs_game=True)
register_scene("setup", "client.scenes.setup:MatchSetupScene", "play vs AI: decks, difficulty, options",
               needs_game=True)
register_scene("hotseat_setup", "client.scenes.setup:HotseatSetupScene", "local two-player setup",
               needs_game=True)
register_scene("online", "client.scenes.online:OnlineScene", "play online: host or join, your matches",
               needs_game=True)
register_scene("lobby", "client.scenes.lobby:LobbyScene", "community servers: lobby, quick match, ratings",
               needs_game=True)
register_scene("rules", "client.scenes.rules:RulesScene", "the game's rules page", needs_game=True)
register_scene("settings", "client.scenes.settings_scene:SettingsScene", "settings")
register_scene("table", "client.table.scene:TableScene", "the match table (per game)", needs_game=True)
register_scene("pause", "client.scenes.overlays:PauseOverlay", "Esc menu in a match", needs_game=True)
register_scene("handoff", "client.scenes.overlays:HandoffOverlay", "hot-seat: pass to the other player",
               needs_game=True)
register_scene("game_over", "client.scenes.overlays:GameOverOverlay", "end of a match", needs_game=True)
register_scene("confirm", "client.scenes.overlays:ConfirmOverlay", "a yes/no question")
register_scene("deckbuilder", "client.deckbuilder:DeckBuilderScene", "deck builder", needs_game=True)
register_scene("replays", "client.replays:ReplaysScene", "finished games and replays")
register_scene("review", "client.scenes.review:ReviewScene", "game review: each decision scored by the hard AI",
               needs_game=True)
register_scene("cards", "client.scenes.gallery:CardGalleryScene", "card gallery: every card of a pool",
               needs_game=True)
register_scene("lessons", "client.scenes.lessons:LessonsScene", "learn to play: the list of lessons",
               needs_game=True)
register_scene("tutorial", "client.table.tutorial:TutorialScene", "learn to play: a lesson on the real table",
               needs_game=True)
register_scene("credits", "client.scenes.credits:CreditsScene", "credits: fonts, card pictures, libraries")
