"""Copy and paste plain text: the system clipboard through pygame (SDL), with an
in-program fallback when the system clipboard is unavailable (headless runs,
some Linux setups)."""
from __future__ import annotations

_memory = ""
#: the most text a paste hands on (the deck-text parser reads no more than this)
MAX_PASTE = 64 * 1024


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard. True if the system clipboard took it."""
    global _memory
    _memory = text
    try:
        import pygame
        if not pygame.display.get_init():
            return False
        pygame.scrap.put_text(text)
        return True
    except Exception:  # noqa: BLE001 - no clipboard: the in-program copy still works
        return False


def paste_text(limit: int = MAX_PASTE) -> str:
    """The clipboard's text (the system clipboard first, else the last copy
    made here): at most ``limit`` characters, control characters and lone
    surrogates replaced (line breaks kept)."""
    from engine.core.sanitize import clean_text
    got = ""
    try:
        import pygame
        if pygame.display.get_init():
            got = pygame.scrap.get_text() or ""
    except Exception:  # noqa: BLE001 - SDL's clipboard varies by platform; the app's own copy is used
        got = ""
    if not got:
        got = _memory
    return clean_text(got[:limit], newlines=True)
