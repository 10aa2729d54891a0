"""The Credits screen names every author and licence of what ships: the card
pictures' authors (from the vendored drawings), the fonts, the libraries."""
from support.paths import ROOT
import json
import re
from pathlib import Path

FAMILIES = {"NotoSans": "Noto Sans", "DejaVuSerif": "DejaVu Serif", "DroidSansFallbackFull": "Droid Sans Fallback",
            "NotoSansKR": "Noto Sans CJK KR", "NotoEmoji": "Noto Emoji"}


def _text():
    from client.scenes.credits import credits_html
    return re.sub(r"<[^>]+>", " ", credits_html())


def test_credits_name_every_drawing_author_licence_and_drawing():
    lib = json.loads((ROOT / "assets" / "art" / "game-icons.json").read_text("utf-8"))
    text = _text()
    assert "game-icons.net" in text and "CC BY 3.0" in text
    for slug, a in lib["authors"].items():
        assert a["name"] in text, slug
        assert a["licence"] in text
    for name in lib["drawings"]:
        assert re.search(rf"(^|[\s,:]){re.escape(name)}($|[\s,])", text), name


def test_credits_name_every_shipped_font_and_its_licence():
    text = _text()
    fonts = [f for f in (ROOT / "assets" / "fonts").iterdir() if f.suffix in (".ttf", ".otf")]
    assert len(fonts) >= 8
    for f in fonts:
        stem = f.stem.split("-")[0]
        assert stem in FAMILIES, f"{f.name}: a new font: credit it on the Credits screen"
        assert FAMILIES[stem] in text, f.name
    assert "SIL Open Font License 1.1" in text and "Bitstream Vera" in text and "Apache License 2.0" in text


def test_credits_open_from_the_title_and_go_back(plain_driver):
    d = plain_driver
    d.open("title")
    d.step(3)  # the title finishes loading its tiles first
    d.click("credits")
    assert d.until(lambda: d.scene.name == "credits", 120)
    assert "Lorc" in d.scene.box.html_text
    d.key("escape")
    assert d.until(lambda: d.scene.name == "title", 120)


def test_credits_open_from_settings_and_back_returns_to_settings(plain_driver):
    d = plain_driver
    d.open("title")
    d.step(3)
    d.key("s")
    assert d.scene.name == "settings"
    d.click("credits")
    assert d.until(lambda: d.scene.name == "credits", 120)
    d.key("escape")
    assert d.until(lambda: d.scene.name == "settings", 120)
