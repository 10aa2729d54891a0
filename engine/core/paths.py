"""Where Cardhall's read-only resources live: the repository when run from
source, the unpacked bundle when frozen by PyInstaller."""
from __future__ import annotations

import sys
from pathlib import Path


def resource_root() -> Path:
    base = getattr(sys, "_MEIPASS", None)
    if base:
        return Path(base)
    return Path(__file__).resolve().parents[2]


def assets_dir() -> Path:
    return resource_root() / "assets"


def decks_dir() -> Path:
    return resource_root() / "decks"
