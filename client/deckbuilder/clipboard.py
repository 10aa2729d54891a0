"""Copy and paste plain text: the system clipboard through pygame (SDL), with an
in-program fallback when the system clipboard is unavailable (headless runs,
some Linux setups)."""
from __future__ import annotations

_memory = ""


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


def paste_text() -> str:
    """The clipboard's text (the system clipboard first, else the last copy made here)."""
    try:
        import pygame
        if pygame.display.get_init():
            got = pygame.scrap.get_text()
            if got:
                return got.replace("\x00", "")
    except Exception:  # noqa: BLE001
        pass
    return _memory
