"""Is there a window manager on this X display? (Linux only; ctypes and libX11.)

SDL's full screen on X11 asks the window manager for it (``_NET_WM_STATE_FULLSCREEN``).
On a bare X server (a kiosk, a CI display) nobody answers: the window keeps its
size while SDL draws as if it filled the screen. :func:`bare_x11` tells
:mod:`client.app` to fill the screen itself then (window moved to the corner and
sized to the display). Anything unexpected answers False: the ordinary path.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os

_ANSWER: dict = {}


def bare_x11() -> bool:
    """True when the window is on X11 and no EWMH window manager runs there."""
    try:
        import pygame
        if pygame.display.get_driver() != "x11":
            return False
    except Exception:  # noqa: BLE001 - no display: not our case
        return False
    name = os.environ.get("DISPLAY", "")
    if name not in _ANSWER:
        _ANSWER[name] = _no_wm(name)
    return _ANSWER[name]


def _no_wm(name: str) -> bool:
    try:
        path = ctypes.util.find_library("X11") or "libX11.so.6"
        x = ctypes.CDLL(path)
    except OSError:
        return False
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XDefaultRootWindow.restype = ctypes.c_ulong
    x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x.XInternAtom.restype = ctypes.c_ulong
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XGetWindowProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long,
                                     ctypes.c_long, ctypes.c_int, ctypes.c_ulong,
                                     ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_int),
                                     ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_ulong),
                                     ctypes.POINTER(ctypes.c_void_p)]
    x.XFree.argtypes = [ctypes.c_void_p]
    x.XCloseDisplay.argtypes = [ctypes.c_void_p]
    d = x.XOpenDisplay(name.encode() if name else None)
    if not d:
        return False
    try:
        atom = x.XInternAtom(d, b"_NET_SUPPORTING_WM_CHECK", 1)
        if not atom:
            return True  # no client ever named the atom: no EWMH window manager
        typ, fmt = ctypes.c_ulong(), ctypes.c_int()
        n, after, data = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_void_p()
        ok = x.XGetWindowProperty(d, x.XDefaultRootWindow(d), atom, 0, 1, 0, 0, ctypes.byref(typ),
                                  ctypes.byref(fmt), ctypes.byref(n), ctypes.byref(after), ctypes.byref(data))
        if data:
            x.XFree(data)
        return ok == 0 and n.value == 0
    finally:
        x.XCloseDisplay(d)
