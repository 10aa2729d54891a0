"""Draw Cardhall's icon with pygame and write it in every format the build needs.

    python build_scripts/make_icons.py [OUT_DIR]     # default: assets/icons/

Writes ``cardhall.png`` (256 px, the window icon the client sets),
``cardhall-1024.png``, ``cardhall.ico`` (Windows, PNG-compressed entries) and
``cardhall.icns`` (macOS, PNG entries). The picture is three fanned cards, one
per game (Everdawn gold, Evons teal, Essveil crimson), on a night-blue tile.
Nothing is downloaded or copied: the drawing is code, so it can be regenerated
on any machine with pygame-ce and no display.
"""
from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "assets" / "icons"
MASTER = 1024

BG_TOP = (34, 40, 74)
BG_BOTTOM = (14, 16, 34)
RIM = (196, 170, 110)
CARDS = (  # (face colour, emblem colour) per game, back to front
    ((140, 30, 48), (250, 214, 200)),   # Essveil: crimson, a veil drop
    ((24, 120, 124), (206, 246, 236)),  # Evons: teal, an arrow
    ((214, 160, 52), (92, 52, 10)),     # Everdawn: gold, a sun
)

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128),
              (b"ic08", 256), (b"ic09", 512), (b"ic10", 1024))


def _tile(size: int) -> pygame.Surface:
    """Rounded square with a vertical gradient and a thin gold rim."""
    grad = pygame.Surface((size, size), pygame.SRCALPHA)
    for y in range(size):
        t = y / (size - 1)
        col = [round(a + (b - a) * t) for a, b in zip(BG_TOP, BG_BOTTOM)]
        pygame.draw.line(grad, col, (0, y), (size - 1, y))
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=size // 5)
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(grad, RIM, grad.get_rect().inflate(-size // 40, -size // 40),
                     width=max(2, size // 64), border_radius=size // 5)
    return grad


def _sun(s: pygame.Surface, c, r: int, col) -> None:
    pygame.draw.circle(s, col, c, r // 2)
    for k in range(8):
        a = k * math.pi / 4
        p1 = (c[0] + math.cos(a) * r * 0.7, c[1] + math.sin(a) * r * 0.7)
        p2 = (c[0] + math.cos(a) * r, c[1] + math.sin(a) * r)
        pygame.draw.line(s, col, p1, p2, max(3, r // 7))


def _arrow(s: pygame.Surface, c, r: int, col) -> None:
    x, y = c
    pygame.draw.polygon(s, col, [(x, y - r), (x + r * 0.8, y), (x + r * 0.3, y),
                                 (x + r * 0.3, y + r), (x - r * 0.3, y + r),
                                 (x - r * 0.3, y), (x - r * 0.8, y)])


def _drop(s: pygame.Surface, c, r: int, col) -> None:
    x, y = c
    pygame.draw.circle(s, col, (x, y + r * 0.3), r * 0.6)
    pygame.draw.polygon(s, col, [(x, y - r), (x + r * 0.58, y + r * 0.15), (x - r * 0.58, y + r * 0.15)])


EMBLEMS = (_drop, _arrow, _sun)


def _card(w: int, h: int, face, ink, emblem) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = w // 9
    pygame.draw.rect(s, (250, 244, 228), s.get_rect(), border_radius=rad)
    pygame.draw.rect(s, face, s.get_rect().inflate(-w // 10, -w // 10), border_radius=rad * 2 // 3)
    pygame.draw.rect(s, (30, 24, 20), s.get_rect(), width=max(2, w // 60), border_radius=rad)
    emblem(s, (w // 2, h // 2), w // 4, ink)
    return s


def draw_icon(size: int = MASTER) -> pygame.Surface:
    """The icon at ``size`` px (drawn at 1024 and scaled down smoothly)."""
    icon = _tile(MASTER)
    cw, ch = int(MASTER * 0.36), int(MASTER * 0.52)
    centre = (MASTER // 2, int(MASTER * 0.56))
    for (face, ink), emblem, angle in zip(CARDS, EMBLEMS, (24, 0, -24)):
        card = pygame.transform.rotozoom(_card(cw, ch, face, ink, emblem), angle, 1.0)
        # fan around a pivot below the cards, like a hand of cards
        rad = math.radians(-angle)
        offset = (math.sin(rad) * MASTER * 0.30, -math.cos(rad) * MASTER * 0.30 + MASTER * 0.30)
        r = card.get_rect(center=(centre[0] + offset[0], centre[1] + offset[1] - MASTER * 0.04))
        icon.blit(card, r)
    if size == MASTER:
        return icon
    out = icon
    while out.get_width() // 2 >= size:  # halve repeatedly: crisper small sizes
        out = pygame.transform.smoothscale(out, (out.get_width() // 2,) * 2)
    return pygame.transform.smoothscale(out, (size, size)) if out.get_width() != size else out


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "png")
    return buf.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico whose entries are PNG images (supported since Vista)."""
    sizes = sorted(pngs)
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        dim = 0 if s >= 256 else s
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns made of PNG entries."""
    body = b""
    for kind, s in ICNS_TYPES:
        data = pngs[s]
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(out_dir: Path = DEFAULT_OUT) -> dict[str, Path]:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    sizes = sorted(set(ICO_SIZES) | {s for _, s in ICNS_TYPES})
    pngs = {s: png_bytes(draw_icon(s)) for s in sizes}
    files = {
        "png": (out_dir / "cardhall.png", pngs[256]),
        "png1024": (out_dir / "cardhall-1024.png", pngs[1024]),
        "ico": (out_dir / "cardhall.ico", ico_bytes({s: pngs[s] for s in ICO_SIZES})),
        "icns": (out_dir / "cardhall.icns", icns_bytes(pngs)),
    }
    for path, data in files.values():
        path.write_bytes(data)
    return {k: p for k, (p, _) in files.items()}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else DEFAULT_OUT
    for path in make_icons(out).values():
        print(f"{path}  {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
