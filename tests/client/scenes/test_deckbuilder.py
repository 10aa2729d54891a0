"""The deck builder, driven like a player through the real event loop (SDL dummy
driver): drag and drop, shortcuts, refused additions, filters, search, live
validation, deck files, drafts, damaged files, import and export."""
from __future__ import annotations

import json

import pytest


from engine.core.deck import Deck, load_deck
from engine.core.decktext import deck_to_text
from engine.games import get_game


@pytest.fixture
def driver(plain_driver):
    """This file's tests keep the default settings (conftest's ``driver`` sets the AI to easy)."""
    return plain_driver


def open_builder(d, game, deck=None):
    return d.open("deckbuilder", game=game, deck=deck)


def user_files(tmp_path, game):
    return sorted((tmp_path / "data" / "decks" / game).glob("*.json"))


def settle(d):
    d.step(45)  # past the autosave delay (and the double-click window)


# ---------------------------------------------------------------- drag and drop
def test_drag_from_collection_adds_and_drag_back_removes(driver, tmp_path):
    sc = open_builder(driver, "evons")
    assert sc.model.size == 0
    driver.drag(sc.rect_of_card("ember_imp").center, sc.L["dlist"].center)
    assert sc.model.count("ember_imp") == 1
    settle(driver)
    driver.drag(sc.rect_of_card("ember_imp").center, sc.L["deck"].center)
    assert sc.model.count("ember_imp") == 2
    settle(driver)
    row = sc.rect_of_row("ember_imp")
    assert row is not None
    driver.drag(row.center, sc.L["grid"].center)
    assert sc.model.count("ember_imp") == 1
    settle(driver)
    files = user_files(tmp_path, "evons")
    assert len(files) == 1 and dict(load_deck(files[0]).cards) == {"ember_imp": 1}


def test_drop_outside_the_deck_changes_nothing(driver):
    sc = open_builder(driver, "evons")
    driver.drag(sc.rect_of_card("ember_imp").center, sc.L["head"].center)
    assert sc.model.size == 0


def test_refused_add_names_the_rule(driver):
    sc = open_builder(driver, "evons")
    for _ in range(4):
        driver.drag(sc.rect_of_card("ember_imp").center, sc.L["dlist"].center)
        settle(driver)
    assert sc.model.count("ember_imp") == 4
    driver.drag(sc.rect_of_card("ember_imp").center, sc.L["dlist"].center)
    assert sc.model.count("ember_imp") == 4
    assert "Can't add Ember Imp" in sc.status_text() and "at most 4 copies" in sc.status_text()
    # the name once, and the limit, not the count it would reach ("Ember Imp: 5 copies")
    assert sc.status_text().count("Ember Imp") == 1 and "5 copies" not in sc.status_text(), sc.status_text()


def test_everdawn_second_champion_is_refused_at_once(driver):
    sc = open_builder(driver, "everdawn")
    driver.double_click(sc.rect_of_card("traghrim").center)
    assert sc.model.count("traghrim") == 1
    settle(driver)
    driver.double_click(sc.rect_of_card("high_king_arenor").center)
    assert sc.model.count("high_king_arenor") == 0
    assert "exactly 1 Champion" in sc.status_text()


def test_double_click_right_click_and_keys(driver):
    sc = open_builder(driver, "essveil")
    driver.double_click(sc.rect_of_card("firebolt").center)
    assert sc.model.count("firebolt") == 1
    settle(driver)
    driver.key("return")
    driver.key("+")
    assert sc.model.count("firebolt") == 3
    driver.key("=")            # a fourth copy is refused (at most 3)
    assert sc.model.count("firebolt") == 3
    assert "at most 3 copies" in sc.status_text()
    driver.key("-")
    assert sc.model.count("firebolt") == 2
    driver.right_click(sc.rect_of_card("firebolt").center)
    assert sc.model.count("firebolt") == 1
    settle(driver)
    driver.right_click(sc.rect_of_row("firebolt").center)
    assert sc.model.count("firebolt") == 0
    driver.key("z", ctrl=True)
    assert sc.model.count("firebolt") == 1
    driver.key("y", ctrl=True)
    assert sc.model.count("firebolt") == 0


def test_row_plus_and_minus_buttons(driver):
    sc = open_builder(driver, "evons")
    sc.add("ember_imp")
    driver.move(sc.rect_of_row("ember_imp").center)
    driver.step(2)
    plus = next(r for r, cid, sign in sc.row_buttons if sign == "plus")
    driver.click(plus.center)
    assert sc.model.count("ember_imp") == 2
    driver.step(2)
    minus = next(r for r, cid, sign in sc.row_buttons if sign == "minus")
    driver.click(minus.center)
    assert sc.model.count("ember_imp") == 1


# ---------------------------------------------------------------- filters and search
def test_filters_narrow_the_collection(driver):
    from client.ui.widgets import set_dropdown
    sc = open_builder(driver, "evons")
    total = len(sc.shown)
    assert total == len(get_game("evons").cards)
    set_dropdown(sc, "filter_element", "Fire")
    driver.step(2)
    assert sc.shown and all(c.element == "fire" for c in sc.shown)
    set_dropdown(sc, "filter_type", "Block card")
    driver.step(2)
    assert [c.kind for c in sc.shown] == ["block"] * len(sc.shown) and len(sc.shown) >= 1
    driver.click("clear_filters")
    assert len(driver.scene.shown) == total


def test_everdawn_filters_by_combat_type_and_keyword(driver):
    from client.ui.widgets import set_dropdown
    sc = open_builder(driver, "everdawn")
    set_dropdown(sc, "filter_element", "Range")
    set_dropdown(sc, "filter_keyword", "On death")
    driver.step(2)
    assert sc.shown and all(c.ctype == "range" and c.trigger == "on_death" for c in sc.shown)


def test_search_matches_names_and_rules_text(driver):
    sc = open_builder(driver, "essveil")
    driver.click("search")
    driver.type_text("firebolt")
    assert [c.id for c in sc.shown] == ["firebolt"]
    driver.key("a", ctrl=True)
    sc.search_box.set_text("")
    sc.set_search("")
    driver.type_text("draw")
    assert len(sc.shown) > 1
    assert all("draw" in (c.text + c.name).lower() for c in sc.shown)


def test_sort_by_name(driver):
    from client.ui.widgets import set_dropdown
    sc = open_builder(driver, "evons")
    set_dropdown(sc, "sort", "Sort: Name")
    driver.step(2)
    names = [c.name.casefold() for c in sc.shown]
    assert names == sorted(names)


def test_hover_shows_the_zoomed_card(driver):
    sc = open_builder(driver, "everdawn")
    driver.move(sc.rect_of_card("traghrim").center)
    driver.step(2)
    assert sc._zoom_card()[0] == "traghrim"


# ---------------------------------------------------------------- validation
def _status_for(driver, game, cards):
    sc = open_builder(driver, game, Deck(game, "Check", tuple(cards)))
    return sc.status_text(), sc


def _full_everdawn():
    return get_game("everdawn").starter_decks()[0]


def _without_first(cards, test):
    """``cards`` without the first entry whose card passes ``test`` (a whole deck line)."""
    pool = get_game("everdawn").cards
    gone = next(k for k in cards if test(pool[k]))
    return {k: v for k, v in cards.items() if k != gone}


@pytest.mark.parametrize("change,expected", [
    (lambda c: {k: v for k, v in c.items() if not get_game("everdawn").cards[k].champion},
     "needs exactly 1 Champion"),
    (lambda c: {**c, "high_king_arenor": 1, "traghrim": 1}, "exactly 1 Champion"),
    (lambda c: {**c, "hill_brute": 4}, "at most 3 copies of a creature"),
    (lambda c: {**c, "iron_sword": 4}, "at most 3 copies of a weapon"),
    (lambda c: {**c, "reforge": 2}, "at most 1 copy of a spell"),
    (lambda c: _without_first(c, lambda card: card.is_creature and not card.champion), "Creature deck:"),
    (lambda c: _without_first(c, lambda card: card.kind == "weapon"), "Support deck:"),
])
def test_everdawn_status_lists_each_rule(driver, change, expected):
    deck = _full_everdawn()
    cards = change(dict(deck.cards))
    text, sc = _status_for(driver, "everdawn", cards.items())
    assert expected in text and "Draft" in text
    for p in get_game("everdawn").validate_deck(sc.model.deck()):
        assert p in text


def test_everdawn_legal_deck_says_legal(driver):
    text, _ = _status_for(driver, "everdawn", _full_everdawn().cards)
    assert text.startswith("Legal")


@pytest.mark.parametrize("game,cards,expected", [
    ("evons", lambda d: {**d, next(iter(d)): 5}, "at most 4 copies"),
    ("evons", lambda d: dict(list(d.items())[1:]), "exactly 60 cards"),
    ("essveil", lambda d: {**d, next(iter(d)): 4}, "at most 3 copies"),
    ("essveil", lambda d: dict(list(d.items())[3:]), "at least 50"),
    ("essveil", lambda d: {**d, "ember_mote": 1}, "tokens"),
    ("essveil", lambda d: {**d, **{c: 3 for c in [k for k, v in get_game("essveil").cards.items()
                                                   if v.kind != "token" and k not in d][:5]}},
     "at most 60 cards"),
])
def test_evons_and_essveil_status_lists_each_rule(driver, game, cards, expected):
    base = dict(get_game(game).starter_decks()[0].cards)
    text, sc = _status_for(driver, game, cards(base).items())
    assert expected in text
    for p in get_game(game).validate_deck(sc.model.deck()):
        assert p in text


def test_essveil_over_sixty_is_refused_on_add(driver):
    spec = get_game("essveil")
    ids = [c.id for c in spec.cards.values() if c.kind != "token"]
    cards = {cid: 3 for cid in ids[:20]}          # exactly 60
    sc = open_builder(driver, "essveil", Deck("essveil", "Sixty", tuple(cards.items())))
    assert sc.model.legal
    ok = sc.add(ids[25])
    assert not ok and "at most 60 cards" in sc.status_text()


# ---------------------------------------------------------------- files
def test_save_load_round_trip_and_drafts_not_offered(driver, tmp_path):
    from client.deckbuilder import library
    sc = open_builder(driver, "evons")
    sc.add("ember_imp", 3)
    sc.add("cinder_fox", 2)
    settle(driver)
    files = user_files(tmp_path, "evons")
    assert len(files) == 1
    again = load_deck(files[0], game="evons")
    assert dict(again.cards) == {"ember_imp": 3, "cinder_fox": 2} and again.name == sc.model.name
    # a draft: kept, listed in the builder, never offered for matches
    assert all(e.deck is None or e.deck.name != again.name for e in library.list_decks("evons"))
    assert any(e.deck is not None and e.deck.name == again.name and not e.legal
               for e in library.list_decks("evons", include_drafts=True))
    from client.storage import list_decks as picker
    assert all(e.legal for e in picker("evons"))


def test_legal_deck_is_offered_in_match_setup(driver, tmp_path):
    sc = open_builder(driver, "evons")
    starter = get_game("evons").starter_decks()[0]
    sc.open_deck(starter)
    driver.click("duplicate")
    settle(driver)
    name = driver.scene.model.name
    assert name.endswith("copy") and driver.scene.model.legal
    driver.open("setup", game="evons")
    labels = [e.label for e in driver.scene.decks]
    assert f"{name} (saved)" in labels


def test_editing_a_starter_deck_makes_a_copy(driver, tmp_path):
    starter = get_game("essveil").starter_decks()[0]
    sc = open_builder(driver, "essveil", starter)
    assert sc.model.read_only
    before = starter.path.read_bytes()
    cid = next(iter(dict(starter.cards)))
    sc.remove(cid)
    settle(driver)
    assert starter.path.read_bytes() == before
    assert sc.model.name == f"{starter.name} copy" and not sc.model.read_only
    assert len(user_files(tmp_path, "essveil")) == 1


def test_new_rename_duplicate_delete_with_confirmation(driver, tmp_path):
    sc = open_builder(driver, "evons")
    sc.add("ember_imp")
    settle(driver)
    driver.key("f2")
    assert sc.modal["kind"] == "rename"
    box = sc.widgets["rename_entry"]
    box.set_text("Fire Stuff")
    driver.click("rename_ok")
    assert sc.model.name == "Fire Stuff"
    files = user_files(tmp_path, "evons")
    assert [f.name for f in files] == ["fire_stuff.json"]
    driver.key("d", ctrl=True)
    assert sc.model.name == "Fire Stuff copy"
    assert len(user_files(tmp_path, "evons")) == 2
    driver.click("delete")
    assert sc.modal["kind"] == "confirm"
    driver.click("confirm_no")
    assert len(user_files(tmp_path, "evons")) == 2
    driver.click("delete")
    driver.click("confirm_yes")
    assert [f.name for f in user_files(tmp_path, "evons")] == ["fire_stuff.json"]
    driver.key("n", ctrl=True)
    assert sc.model.size == 0 and sc.model.path is None


def test_library_lists_starters_saved_and_damaged(driver, tmp_path):
    folder = tmp_path / "data" / "decks" / "everdawn"
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text('{"format": "cardhall-deck", "version": 1, "game": ')
    bad_card = {"format": "cardhall-deck", "version": 1, "game": "everdawn", "name": "Hand edited",
                "cards": {"traghrim": 1, "no_such_card": 2}}
    (folder / "edited.json").write_text(json.dumps(bad_card))
    good = _full_everdawn()
    (folder / "mine.json").write_text(json.dumps({**good.to_json(), "name": "Mine"}))
    originals = {p.name: p.read_bytes() for p in folder.iterdir()}
    sc = open_builder(driver, "everdawn")
    driver.key("o", ctrl=True)
    entries = sc.modal["entries"]
    damaged = {e.path.name: e.problem for e in entries if e.deck is None}
    assert set(damaged) == {"broken.json", "edited.json"}
    assert "damaged JSON" in damaged["broken.json"]
    assert "unknown card" in damaged["edited.json"]
    assert sum(1 for e in entries if e.starter) == len(get_game("everdawn").starter_decks())
    mine = next(i for i, e in enumerate(entries) if e.deck is not None and e.deck.name == "Mine")
    driver.click(f"lib_open_{mine}")
    assert sc.modal is None and sc.model.name == "Mine" and sc.model.legal
    # a new deck whose name matches a damaged file's never overwrites it
    sc.new_deck()
    sc.model.name = "Broken"
    sc.add("traghrim")
    settle(driver)
    sc.save_now()
    for name, data in originals.items():
        assert (folder / name).read_bytes() == data
    assert (folder / "broken_2.json").exists()


def test_library_copy_of_starter(driver, tmp_path):
    sc = open_builder(driver, "essveil")
    driver.click("decks")
    first = next(i for i, e in enumerate(sc.modal["entries"]) if e.starter)
    name = sc.modal["entries"][first].deck.name
    driver.click(f"lib_copy_{first}")
    assert sc.model.name == f"{name} copy" and not sc.model.read_only
    assert len(user_files(tmp_path, "essveil")) == 1


# ---------------------------------------------------------------- import / export
def test_export_to_clipboard_and_file(driver, tmp_path):
    from client.deckbuilder import clipboard
    starter = get_game("everdawn").starter_decks()[1]
    sc = open_builder(driver, "everdawn", starter)
    driver.key("e", ctrl=True)
    assert sc.modal["kind"] == "export"
    driver.click("export_copy")
    assert clipboard.paste_text() == deck_to_text(get_game("everdawn"), starter)
    path = sc.export_to_file()
    assert path.read_text() == deck_to_text(get_game("everdawn"), starter)


def test_import_from_clipboard_reports_lines_and_keeps_valid(driver, tmp_path):
    from client.deckbuilder import clipboard
    clipboard.copy_text("Deck: Pasted\nMonsters\n4 Ember Imp\n2 Ember Impp\n9 Cinder Fox\n")
    sc = open_builder(driver, "evons")
    driver.key("i", ctrl=True)
    driver.click("import_paste")
    driver.click("import_ok")
    assert sc.model.name == "Pasted"
    assert dict(sc.model.counts) == {"ember_imp": 4, "cinder_fox": 4}
    assert sc.modal["kind"] == "report"
    lines = sc.modal["lines"]
    assert lines[0].startswith("line 4:") and "Ember Impp" in lines[0]
    assert lines[1].startswith("line 5:") and "kept 4" in lines[1]
    driver.click("report_ok")
    assert sc.modal is None
    files = user_files(tmp_path, "evons")
    assert len(files) == 1 and dict(load_deck(files[0]).cards) == {"ember_imp": 4, "cinder_fox": 4}


def test_import_from_file(driver, tmp_path):
    spec = get_game("essveil")
    starter = spec.starter_decks()[0]
    f = tmp_path / "shared.txt"
    f.write_text(deck_to_text(spec, starter).replace(f"Deck: {starter.name}", "Deck: From a friend"))
    sc = open_builder(driver, "essveil")
    sc.import_from_file(f)
    assert sc.model.name == "From a friend" and dict(sc.model.counts) == dict(starter.cards)
    assert sc.model.legal and sc.modal is None


@pytest.mark.parametrize("game", ["everdawn", "evons", "essveil"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_screens_render_at_both_sizes(tmp_path, game, size):
    from client.devtools.testing import Driver
    d = Driver(tmp_path, size=size)
    try:
        sc = d.open("deckbuilder", game=game, seed=2)
        out = d.screenshot(tmp_path / f"{game}.png")
        assert out.stat().st_size > 10_000
        # nothing drawn outside the window: the panels fit
        assert sc.L["status"].bottom <= size[1] and sc.L["deck"].right <= size[0]
        assert sc.L["dlist"].bottom < sc.L["chart"].top
    finally:
        d.close()


# ---------------------------------------------------------------- navigation
def test_game_menu_opens_the_builder_and_back_returns(driver):
    driver.open("game_menu", game="evons")
    driver.key("d")
    assert driver.scene.name == "deckbuilder" and type(driver.scene).__name__ == "DeckBuilderScene"
    driver.key("escape")
    assert driver.scene.name == "game_menu"


def test_resize_keeps_the_deck_and_filters(driver):
    sc = open_builder(driver, "evons")
    sc.add("ember_imp", 2)
    driver.click("search")
    driver.type_text("imp")
    n = len(sc.shown)
    driver.resize(1600, 900)
    assert driver.scene is sc and sc.model.count("ember_imp") == 2 and len(sc.shown) == n
    assert sc.search_box.get_text() == "imp"
    assert sc.L["status"].bottom <= 900


def test_screenshot_demo_states_write_no_files(tmp_path):
    from client.devtools.testing import Driver
    d = Driver(tmp_path)
    try:
        for seed in (1, 2, 3, 4, 5):
            d.open("deckbuilder", game="essveil", seed=seed)
            d.step(40)
        d.open("title")
    finally:
        d.close()
    assert not user_files(tmp_path, "essveil")


def test_wheel_and_scroll_bar_move_the_collection(driver):
    sc = open_builder(driver, "essveil")
    assert sc.scroll == 0
    driver.move(sc.L["grid"].center)
    driver.post(driver.pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0, touch=False)
    driver.step(2)
    assert sc.scroll > 0
    track = sc.track_rect()
    driver.click((track.centerx, track.bottom - 2))
    assert sc.scroll == sc.content_height() - sc.L["grid"].height
    last = sc.shown[-1].id
    assert any(cid == last for _, cid in sc.grid_rects)


def test_hand_edited_over_limit_file_is_a_draft_not_damaged(driver, tmp_path):
    from client.deckbuilder import library
    folder = tmp_path / "data" / "decks" / "evons"
    folder.mkdir(parents=True)
    data = {"format": "cardhall-deck", "version": 1, "game": "evons", "name": "Greedy",
            "cards": {"ember_imp": 9}}
    (folder / "greedy.json").write_text(json.dumps(data))
    entry = next(e for e in library.library("evons") if not e.starter)
    assert entry.deck is not None and not entry.legal
    assert any("at most 4 copies" in p for p in entry.problems)
    sc = open_builder(driver, "evons", entry.deck)
    assert "Ember Imp: 9 copies; at most 4 copies" in sc.status_text()
    sc.remove("ember_imp", 5)
    settle(driver)
    assert json.loads((folder / "greedy.json").read_text())["cards"] == {"ember_imp": 4}


def test_arrow_keys_pick_cards_and_ctrl_f_searches(driver):
    sc = open_builder(driver, "evons")
    driver.key("right")
    first = sc.sel
    assert first == sc.shown[0].id
    driver.key("right")
    driver.key("down")
    g, cols, *_ = sc.grid_geometry()
    assert sc.sel == sc.shown[1 + cols].id
    driver.key("return")
    assert sc.model.count(sc.shown[1 + cols].id) == 1
    driver.key("f", ctrl=True)
    driver.type_text("zzzz")
    assert sc.shown == [] and sc.search == "zzzz"
    driver.key("return")     # leaves the search box; the deck is unchanged
    assert sc.model.size == 1


def test_file_dialogs_export_then_import(driver, tmp_path):
    import pygame_gui
    starter = get_game("evons").starter_decks()[2]
    sc = open_builder(driver, "evons", starter)
    driver.key("e", ctrl=True)
    driver.click("export_file")
    assert sc.modal["kind"] == "file"
    target = tmp_path / "mine.txt"
    driver.post(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(target), ui_element=sc.modal["dialog"])
    driver.step(2)
    assert sc.modal is None and target.read_text() == deck_to_text(get_game("evons"), starter)
    driver.key("i", ctrl=True)
    driver.click("import_file")
    assert sc.modal["kind"] == "file"
    driver.post(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(target), ui_element=sc.modal["dialog"])
    driver.step(2)
    assert dict(sc.model.counts) == dict(starter.cards) and not sc.model.read_only
    assert sc.model.name == f"{starter.name} 2"


def test_delete_becomes_available_once_the_deck_is_saved(driver, tmp_path):
    sc = open_builder(driver, "essveil")
    assert not driver.widget("delete").is_enabled
    sc.add("firebolt")
    settle(driver)
    assert driver.widget("delete").is_enabled
    driver.click("delete")
    driver.key("return")
    assert not user_files(tmp_path, "essveil")


# ---------------------------------------------------------------- the deck last edited, the autosave chip
def test_reopens_the_deck_last_edited_and_the_chip_follows_the_autosave(driver, tmp_path):
    sc = open_builder(driver, "evons")
    assert sc.save_state()[0] == "Not saved yet"             # a new, empty deck
    driver.double_click(sc.rect_of_card("ember_imp").center)
    assert sc.model.count("ember_imp") == 1
    assert sc.save_state()[0] == "Saving…"                   # edited, the autosave not yet done
    settle(driver)
    n = len(sc.model.problems)
    assert n > 0 and sc.save_state()[0] == f"Draft saved · {n} to fix"
    name = sc.model.name
    assert len(user_files(tmp_path, "evons")) == 1
    driver.click("back")                                     # leave: the game menu
    assert driver.scene.name == "game_menu"
    sc = open_builder(driver, "evons")                       # back in: the same deck, as saved
    assert sc.model.name == name and dict(sc.model.counts) == {"ember_imp": 1}
    assert sc.save_state()[0] == f"Draft saved · {n} to fix"
    # per game: Everdawn has no deck noted yet, so it opens a new one
    other = open_builder(driver, "everdawn")
    assert other.model.size == 0 and other.model.path is None


def test_a_legal_deck_says_saved_and_a_starter_is_remembered(driver):
    sp = get_game("everdawn")
    start = sp.starter_decks()[0]
    sc = open_builder(driver, "everdawn", start)
    assert sc.save_state()[0] == "Starter · read-only"
    driver.click("back")
    sc = open_builder(driver, "everdawn")
    assert sc.model.name == start.name and sc.model.read_only
    driver.click("duplicate")                                # a saved, legal copy
    settle(driver)
    assert not sc.model.read_only and sc.save_state()[0] == "Saved"
    copy = sc.model.name
    driver.click("back")
    assert open_builder(driver, "everdawn").model.name == copy


@pytest.mark.parametrize("content", [
    b"{not json",
    b'{"format": "cardhall-deckbuilder", "version": 1, "last": {"evons": {"file": "../../settings.json"}}}',
    b'{"format": "cardhall-deckbuilder", "version": 1, "last": {"evons": {"file": "gone.json"}}}',
    b'{"format": "cardhall-deckbuilder", "version": 1, "last": {"evons": {"starter": "No such deck"}}}',
    b'{"format": "something else", "last": []}',
])
def test_a_missing_or_damaged_note_of_the_last_deck_is_ignored(driver, tmp_path, content):
    note = tmp_path / "config" / "deckbuilder.json"
    note.parent.mkdir(parents=True, exist_ok=True)
    note.write_bytes(content)
    sc = open_builder(driver, "evons")
    assert sc.model.size == 0 and not sc.model.read_only      # a new deck, as on a first visit
    driver.double_click(sc.rect_of_card("ember_imp").center)
    settle(driver)
    driver.click("back")
    assert dict(open_builder(driver, "evons").model.counts) == {"ember_imp": 1}  # the note is rewritten


def test_a_long_deck_name_is_cut_and_never_runs_under_the_card_count(driver, monkeypatch):
    """A 60-character name of wide letters shrinks, then ends in "…" before the card
    count and the save tag (it was drawn at 8 px over "4 cards")."""
    import client.ui.theme as ui
    from support.helpers import Texts
    name = "W" * 60
    sc = open_builder(driver, "evons", deck=Deck("evons", name, (("ember_imp", 4),)))
    rec = Texts()
    monkeypatch.setattr(ui, "RECORDER", rec)
    monkeypatch.setattr(ui, "_TEXT_CACHE", None, raising=False)
    sc.draw(driver.app.screen)
    s = sc.s
    drawn = [(t, w, h) for t, w, h in rec.seen if t.startswith("WWW")]
    assert drawn and all(t.endswith("…") for t, _, _ in drawn), drawn
    text, width, height = drawn[-1]
    assert height >= ui.font(s(14), title=True).get_height()       # readable, not 8 px
    count_w = ui.font(s(15)).size("4 cards")[0]
    tag_w = ui.font(s(13), True).size(sc.save_state()[0])[0] + s(16)
    assert width + s(10) + count_w + s(10) + tag_w <= sc.L["dname"].width
