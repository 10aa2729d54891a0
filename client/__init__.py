"""Cardhall's window: the pygame-ce + pygame-gui client.

Kept import-light: ``import client`` pulls in nothing heavy, so startup stays fast.
Start it with ``python -m client`` (see :mod:`client.cli`).

Map
---
* :mod:`client.app` — ``App``: window (F11 fullscreen, resizable, F12 screenshot),
  scene stack, toasts, the frame loop (``App.step`` = one frame).
* :mod:`client.scenes` — the scene registry (``register_scene``, ``register_table``);
  :mod:`client.scenes.base` — ``Scene`` (widgets + keyboard shortcuts + tooltips).
* :mod:`client.table.scene` — ``TableScene``, the match-screen framework the game
  tables subclass (read its docstring); :mod:`client.table.kit.parts` — drag and drop,
  animations, game log, hover zoom.
* :mod:`client.cards` — procedural card faces, cached per (card, size).
* :mod:`client.ui.theme` — palette, fonts from ``assets/fonts``, theme loading.
* :mod:`client.settings`, :mod:`client.storage` — settings file and the player's
  folders (``CARDHALL_HOME`` overrides them for tests).
* :mod:`client.devtools.testing` — ``Driver``: synthetic mouse/keyboard through the real loop.
* :mod:`client.devtools.bench`, :mod:`client.devtools.headless` — ``--bench``, ``--screenshot``, ``--demo``.
"""
import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
