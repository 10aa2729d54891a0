"""How ``assets/fonts/NotoSansKR-Hangul.otf`` and ``assets/fonts/NotoEmoji-Regular.ttf``
were made (run once by a developer; the files are committed, nothing runs at build or
play time, and the program never reads a system font).

* Korean: Debian's ``fonts-noto-cjk`` (``NotoSansCJK-Regular.ttc``, face 1 = Noto Sans
  CJK KR), cut to the Hangul blocks (Jamo, compatibility Jamo, extended Jamo, the
  11,172 syllables): 1.1 MB instead of 19 MB. SIL OFL 1.1 (``OFL-NotoSansCJK.txt``).
* Emoji: npm's ``@fontsource/noto-emoji`` (Noto Emoji, the monochrome design,
  Google, SIL OFL 1.1: ``OFL-NotoEmoji.txt``), whose weight-400 pieces (one WOFF per
  Unicode range) are joined into one TrueType file.

Usage (fontTools is a developer's tool, not a dependency of Cardhall)::

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb x
    npm pack @fontsource/noto-emoji && tar xzf fontsource-noto-emoji-*.tgz
    pip install fonttools
    python build_scripts/make_fallback_fonts.py x/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc package/files
"""
from __future__ import annotations

import glob
import os
import sys
import tempfile
from pathlib import Path

HANGUL = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7A3), (0xD7B0, 0xD7FF))
OUT = Path(__file__).resolve().parents[1] / "assets" / "fonts"


def korean(ttc: str) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTFont
    f = TTFont(ttc, fontNumber=1)
    assert "KR" in f["name"].getDebugName(4), "face 1 of the collection is Noto Sans CJK KR"
    opts = subset.Options()
    opts.layout_features, opts.hinting = [], False
    opts.name_IDs, opts.name_languages = ["*"], ["*"]
    s = subset.Subsetter(opts)
    s.populate(unicodes=[c for a, b in HANGUL for c in range(a, b + 1)])
    s.subset(f)
    f.save(OUT / "NotoSansKR-Hangul.otf")


def emoji(folder: str) -> None:
    from fontTools.merge import Merger
    from fontTools.ttLib import TTFont
    parts = sorted(glob.glob(os.path.join(folder, "noto-emoji-*-400-normal.woff")))
    assert parts, "the weight-400 WOFF pieces of @fontsource/noto-emoji"
    with tempfile.TemporaryDirectory() as tmp:
        plain = []
        for p in parts:
            t = TTFont(p)
            t.flavor = None
            plain.append(os.path.join(tmp, os.path.basename(p) + ".ttf"))
            t.save(plain[-1])
        Merger().merge(plain).save(OUT / "NotoEmoji-Regular.ttf")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    korean(sys.argv[1])
    emoji(sys.argv[2])
