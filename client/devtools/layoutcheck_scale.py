"""The layout check's "larger is larger" part (issue #18.3): for every table and
window size, the cards and the texts must not get smaller as the interface size
goes 100 → 150 → 200 %.

:func:`note` is called by :func:`client.devtools.layoutcheck.render_target` for each table
it rendered; it keeps the table's card sizes (``table.scale_probe()``: e.g. the
board's and the hand's card width, the Evons grid cell) and the size of every text
on the final picture. :func:`report` then compares each window size's interface
sizes in order and returns one line per thing that shrank::

    scale: 1280x720 table[essveil] busy: hand card 109 px at 100 % but 92 px at 200 %
    scale: 1280x720 table[everdawn] early: text 'Lane 1' 16 px at 150 % but 15 px at 200 %

(texts only with :data:`CHECK_TEXT`.)
"""
from __future__ import annotations

#: (window size, target label) -> {interface size %: (probe dict, {text: px})}
_SEEN: dict = {}
#: compare the texts too: each string's largest size among the table's own words (panels,
#: bands, badges, prompts, log); the words on card faces go with the card's width, which
#: the probe compares (``scale_probe``: board and hand cards, Essveil's graveyard card).
#: All three tables are clean at every step 100-200 %.
CHECK_TEXT = True


def probe(table) -> dict:
    """The card sizes a player notices on ``table`` ({name: px}); {} when it has none."""
    f = getattr(table, "scale_probe", None)
    if not callable(f):
        return {}
    try:
        return {str(k): int(v) for k, v in (f() or {}).items()}
    except Exception:  # noqa: BLE001 - a probe that fails is reported by the sizes missing
        return {}


def note(app, label, size, screen):
    """Remember what a table rendered at ``app``'s interface size (tables only)."""
    if not label.startswith("table["):
        return
    sc = app.scenes.top
    if sc is None or getattr(sc, "name", "") != "table":
        return
    from client.cards import CARD_FACE
    texts: dict = {}
    for t in getattr(screen, "texts", ()):
        # a card's face is drawn for the card's width, which the probe compares (its words
        # follow the width; they are not the table's own words fitted to a box)
        if t.rect.width > 0 and t.text.strip() and t.where != CARD_FACE:
            texts[t.text] = max(texts.get(t.text, 0), int(t.size))
    pct = int(round(app.settings.ui_scale * 100))
    _SEEN.setdefault((tuple(size), label), {})[pct] = (probe(sc), texts)


def compare(label, sizes_by_pct, texts=None) -> list[str]:
    """The lines for one table at one window size ({pct: (probe, texts)}); the texts
    are compared when ``texts`` (default :data:`CHECK_TEXT`)."""
    texts = CHECK_TEXT if texts is None else texts
    out = []
    order = sorted(sizes_by_pct)
    for lo, hi in zip(order, order[1:]):
        p_lo, t_lo = sizes_by_pct[lo]
        p_hi, t_hi = sizes_by_pct[hi]
        for name, v in p_lo.items():
            w = p_hi.get(name)
            if w is not None and w < v:
                out.append(f"{label}: {name} {v} px at {lo} % but {w} px at {hi} %")
        for text, v in sorted(t_lo.items()) if texts else ():
            w = t_hi.get(text)
            if w is not None and w < v:
                out.append(f"{label}: text {text[:40]!r} {v} px at {lo} % but {w} px at {hi} %")
    return out


def report() -> list[str]:
    """Every shrink seen since the last report ("scale: ..." lines); forgets them."""
    out = []
    for (size, label), by_pct in sorted(_SEEN.items()):
        for line in compare(f"{size[0]}x{size[1]} {label}", by_pct):
            out.append("scale: " + line)
    _SEEN.clear()
    return out
