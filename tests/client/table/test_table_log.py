"""The game log: its words, its rebuild after a jump in history, its wrapping, a concession's line.

The words of the log (issue #40 point 8): each sentence says what happened,
whose card it was and where, without repeating itself.

A resumed game's log (rebuilt from the record) reads like the live one: each turn opens
with a heading line (gold, a rule above), not a plain line among the events.

The game log wraps a sentence between words, never between a card's name and the comma
or full stop that follows it (at 1024x640 a line began with ", Dragonblood").

A concession reads once in the game log ("You conceded."), in every game: the
engine's own concession event is the log line, the table does not add it again."""
from engine.everdawn import match as EM
from engine.everdawn.cards import CODE
from engine.everdawn.testing import scenario
from engine.core.text import Names
import pytest
from engine.core.harness import random_game
from support.helpers import ai_table, game_session
from types import SimpleNamespace
import pygame
from engine.core.match import End
from engine.games import available_games


ARENOR = CODE["high_king_arenor"]


def everdawn_text(ev, names=None):
    return scenario().event_text(ev, names)


def test_resting_fortress_says_the_lanes_the_attack_went_between():
    # Player 1's attack from their lane 1 went into lane 1; Player 2 redirects it into lane 3
    t = everdawn_text(("redirect", 1, 0, 0, 2))
    assert t == "Resting Fortress redirects Player 1's attack from their lane 1: into Player 2's lane 3 " \
                "instead of lane 1."
    assert "from lane 1 to lane 1" not in everdawn_text(("redirect", 1, 0, 0, 0))
    t = everdawn_text(("redirect", 0, 1, 0, 2), Names(("you", "the AI")))
    assert t == "Resting Fortress redirects the AI's attack from their lane 2: into your lane 3 instead of lane 1."


def test_a_mirror_match_names_whose_card_attacks_whose():
    t = everdawn_text(("attack", 0, 0, 0, ARENOR, ARENOR))
    assert t == "Player 1's High King Arenor (lane 1) attacks Player 2's High King Arenor (lane 1)."
    clash = everdawn_text(("clash", 1, 2, 1, ARENOR, ARENOR, 7, 5, 5, 7, True, False))
    assert clash.startswith("Player 2's High King Arenor (lane 3) attacks Player 1's High King Arenor (lane 2): ")
    # every attack says whose card it is, in the names of the screen
    other = everdawn_text(("attack", 0, 0, 1, CODE["iron_vanguard"], ARENOR), Names(("Ann", "Bob")))
    assert other == "Ann's Iron Vanguard (lane 1) attacks Bob's High King Arenor (lane 2)."


def test_a_mirror_match_reads_your_and_the_ais_on_the_table(driver):
    from support.helpers import ai_table, game_session
    t = ai_table(driver, "everdawn", game_session("everdawn", 1), paused=True)
    m = t.match
    line = t.log_event_text(m, ("attack", 1, 0, 0, ARENOR, ARENOR))
    assert line == "The AI's High King Arenor (lane 1) attacks your High King Arenor (lane 1)."
    line = t.log_event_text(m, ("attack", 0, 1, 1, ARENOR, ARENOR))
    assert line == "Your High King Arenor (lane 2) attacks the AI's High King Arenor (lane 2)."
    line = t.log_event_text(m, ("destroyed", 1, 4, ARENOR))
    assert line == "The AI's High King Arenor in bench 2 is destroyed."
    # and no event of the log so far names the AI by its level (the opening line introduces it)
    said = [e.text for e in t.log.entries if e.kind != "info"]
    assert said and not any("AI (easy)" in x for x in said), said


def test_equip_says_the_lane():
    t = everdawn_text(("equip", 0, CODE["natures_blessing"], 1, CODE["iron_vanguard"]))
    assert t == "Player 1 equips Nature's Blessing on Iron Vanguard (lane 2)."


def test_a_champion_with_nowhere_to_add_a_creature_says_so(driver):
    """Traghrim moved from the bench into the last open lane, bench slots 2 and 3
    full: its "When played" adds nothing, and the log says why (it read "When played.")."""
    from support.helpers import ai_table
    from support.fake_session import FakeSession
    m = scenario(board0=["iron_vanguard", "iron_vanguard", None, "traghrim", "iron_vanguard", "iron_vanguard"],
                 board1=["iron_vanguard"], cdeck0=["iron_vanguard"] * 3, sdeck0=["iron_sword"] * 5,
                 sdeck1=["iron_sword"] * 5)
    s = FakeSession(m)
    s.game = "everdawn"
    t = ai_table(driver, "everdawn", s, paused=True)
    assert (EM.MOVE, 3, 2) in m.legal_actions()
    assert t.perform((EM.MOVE, 3, 2))
    driver.step(3)
    lines = [e.text for e in t.log.entries]
    said = [x for x in lines if "Traghrim: When played" in str(x)]
    assert said and said[-1].endswith("When played — nowhere to add a creature "
                                      "(bench slots 2 and 3 and the lanes are full)."), said


def test_essveil_logs_the_first_players_turn_one_draw(driver):
    from support.helpers import ai_table, game_session
    for seed in (1, 5):      # the AI goes first; you go first
        s = game_session("essveil", seed)
        t = ai_table(driver, "essveil", s, paused=True)
        first = s.match.first_player()
        lines = [e.text for e in t.log.entries]
        draws = [x for x in lines if " draw" in x]
        assert draws, lines
        assert first == (1 if seed == 1 else 0)
        assert draws == ["You draw a card." if first == 0 else "The AI draws a card."], lines


def test_a_firestorm_is_one_line_also_when_a_target_falls_midway(driver):
    """Evons: all a target can take, then a point to another: one Firestorm line with
    the whole split (a destroyed target between the points cut it in pieces)."""
    from engine.evons import match as VM
    from support.helpers import ai_table, session_where

    def falls_midway(m):
        hits = [a[1] for a in m.legal_actions() if a[0] == VM.HIT]
        left = m.decision()["points_left"]
        return len(hits) >= 2 and any(m.at(c) >= 0 and not m.is_covered(m.at(c)) and
                                      m.current_def(m.at(c)) < left for c in hits)
    s = session_where("evons", lambda m: m.phase() == "hit" and falls_midway(m), seeds=range(1, 200), moves=600)
    t = ai_table(driver, "evons", s, paused=True)
    left = t.storm_left()
    targets = [c for c in t.storm_targets() if t.storm_cap(c) < left]
    a = targets[0]
    b = next(c for c in t.storm_targets() if c != a)
    t.storm_set(a, t.storm_cap(a))
    t.storm_set(b, 1)
    n = len(t.log.entries)
    t.click_action("__storm_deal__")
    driver.step(5)
    new = [e.text for e in t.log.entries[n:]]
    storm = [x for x in new if "Firestorm" in x]
    assert len(storm) == 1 and storm[0].count(" damage to ") == 2, new


def test_the_log_heading_and_the_scroll_hint_never_overlap(driver):
    import pygame
    from client.table.kit.log import GameLog, NameIndex
    for width in (150, 190, 230, 300, 420):
        for scale in (1.0, 1.25, 1.6):
            log = GameLog(NameIndex(()))
            for i in range(40):
                log.add(f"Line {i}: something happened on the board.")
            log.set_rect(pygame.Rect(0, 0, int(width * scale), int(400 * scale)))
            log.on_wheel(5)
            log.draw(pygame.Surface((1000, 1000), pygame.SRCALPHA), scale)
            assert log._hint_rect is not None and log._title_rect is not None
            assert not log._hint_rect.colliderect(log._title_rect), (width, scale)
            assert log._hint_rect.right <= log.rect.width and log._hint_rect.left >= 0, (width, scale)


def test_everdawn_equipment_says_when_its_lower_number_counts(driver):
    """'(lower: range)' between an item's boxes was cryptic: 'lower if range'."""
    from client.ui import theme as ui
    from client.cards import card_surface
    from client.scenes.gamesinfo import spec
    from support.helpers import Texts
    rec = Texts()
    ui.RECORDER = rec
    try:
        card = spec("everdawn").cards["plate_armour"]
        card_surface("everdawn", card, 300, big=True)
    finally:
        ui.RECORDER = None
    said = [t for t, *_ in rec.seen]
    assert "lower if melee" in said and not any("(lower:" in t for t in said), said



@pytest.mark.parametrize("game", ("everdawn", "evons", "essveil"))
def test_a_rebuilt_log_opens_each_turn_with_a_heading_as_the_live_one(driver, game):
    s = game_session(game, 5, human=0)
    _, acts = random_game(game, 5)
    for a in acts[:40]:
        s.apply(tuple(a))
    t = ai_table(driver, game, s, paused=True)
    t.rebuild_log(recent=40)
    turns = [e for e in t.log.entries if e.text.startswith("Turn ")]
    assert len(turns) >= 2, [e.text for e in t.log.entries]
    assert all(e.kind == "turn" for e in turns), [(e.text, e.kind) for e in turns]



@pytest.fixture(scope="module")
def fonts():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def test_no_line_begins_with_the_punctuation_after_a_card_name(fonts):
    from client.table.kit.log import GameLog, LogEntry, NameIndex
    cards = [SimpleNamespace(name=n) for n in ("Oathsworn Knight", "Dragonblood", "Lithriel")]
    log = GameLog(NameIndex(cards))
    text = ("AI (easy) sets up: Oathsworn Knight, Dragonblood, Lithriel in the lanes — placed, "
            "not played: no “When played” effects.")
    for width in range(60, 420, 3):
        e = LogEntry(text)
        lines = log._layout_entry(e, width, 15)
        for line in lines:
            assert not line[0][0].startswith((",", ".", ":", ";")), (width, ["".join(w for w, _ in ln) for ln in lines])
        shown = " ".join("".join(w for w, _ in ln).strip() for ln in lines)
        assert shown.split() == text.split(), width        # nothing lost, nothing doubled
        # the card names are still their own (gold, hoverable) runs
        assert sum(1 for ln in lines for w, c in ln if c is not None) == 3



GAMES = [g for g in ("everdawn", "evons", "essveil") if g in available_games()]


@pytest.mark.parametrize("game", GAMES)
def test_concede_through_the_pause_menu_is_one_log_line(driver, game):
    s = game_session(game, 7, human=0)
    t = ai_table(driver, game, s, paused=True)
    for _ in range(200):                 # (the mulligan or the first decision: the human's)
        if t.match.to_move() == 0:
            break
        t.perform(t.match.legal_actions()[0])
        driver.step()
    assert t.match.to_move() == 0
    t.ending.concede()
    driver.step(3)
    assert driver.scene.name == "game_over"
    lines = [e.text for e in t.log.entries]
    assert lines.count("You conceded.") == 1, lines[-4:]
    # and before the line that says who won
    won = [i for i, ln in enumerate(lines) if "The AI wins" in ln or "the AI wins" in ln]
    assert won and won[-1] > lines.index("You conceded."), lines[-4:]


@pytest.mark.parametrize("game", GAMES)
def test_a_time_forfeit_reads_why_then_the_concession(driver, game):
    s = game_session(game, 7, human=0)
    t = ai_table(driver, game, s, paused=True)
    for _ in range(200):
        if t.match.to_move() == 0:
            break
        t.perform(t.match.legal_actions()[0])
        driver.step()
    t.end_match(1, (End.TIMEOUT, {"times": 3}), forfeit_by=0)
    driver.step(3)
    assert driver.scene.name == "game_over"
    lines = [e.text for e in t.log.entries]
    why = lines.index("You ran out of time 3 times.")
    assert lines.count("You ran out of time 3 times.") == 1
    told = [i for i, ln in enumerate(lines) if "conceded" in ln or "wins" in ln]
    assert told and min(told) > why, lines[-4:]


def test_essveil_says_who_conceded_in_its_result_line(driver):
    s = game_session("essveil", 7, human=0)
    t = ai_table(driver, "essveil", s, paused=True)
    for _ in range(200):
        if t.match.to_move() == 0:
            break
        t.perform(t.match.legal_actions()[0])
        driver.step()
    t.ending.concede()
    driver.step(3)
    lines = [e.text for e in t.log.entries]
    assert "The AI wins: you conceded." in lines, lines[-3:]       # (it read "AI (easy) wins: conceded.")
