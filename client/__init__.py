"""Cardhall's window: the pygame-ce + pygame-gui client.

Kept import-light: ``import client`` pulls in nothing heavy, so startup stays fast.
Start it with ``python -m client`` (see :mod:`client.__main__`).
"""
import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
