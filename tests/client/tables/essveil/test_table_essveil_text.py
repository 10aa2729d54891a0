"""The Essveil table's sentences, as a player reads them in real positions: against
the AI the human is "You" (verbs agree: "You draw", "Your turn"), in hot seat the
players' names ("Ben's turn", "Jess' graveyard"); lists read "A and B"; the log,
the header, the phase band, banners, the graveyard viewer and the hand-off say the
same thing the same way (engine/core/text.py)."""

import pytest


from engine.essveil import match as EV
from engine.essveil.testing import scenario
from support.helpers import ai_table, game_session, hotseat_table

HUMAN, AI = 0, 1


def _session(m, *, hotseat=False, names=None):
    s = game_session("essveil", 1, human=None if hotseat else HUMAN, hotseat=hotseat)
    if names:
        s.record.meta["names"] = list(names)
    s._match = m
    s._snaps = {0: m.clone()}
    s._turns = [m.turn()]
    return s


def _ai(driver, m):
    return ai_table(driver, "essveil", _session(m), human=HUMAN, paused=True)


def _hotseat(driver, m, names=("Ana", "Ben")):
    t = hotseat_table(driver, "essveil", _session(m, hotseat=True, names=names), steps=3)
    if driver.scene.name == "handoff":
        driver.key("return")
    return t


def _drawn(driver, t, module):
    """Every text ``module`` draws in one frame of ``t``."""
    seen = []
    orig = module.draw_text

    def spy(surf, text, *a, **kw):
        seen.append(str(text))
        return orig(surf, text, *a, **kw)
    module.draw_text = spy
    try:
        t.invalidate() if hasattr(t, "invalidate") else None
        driver.step(1)
    finally:
        module.draw_text = orig
    return seen


def _log(t):
    return [e.text for e in t.log.entries]


def test_against_the_ai_you_read_as_you(driver):
    import client.tables.essveil.overlays as OV
    m = scenario(hands=(["spark"], []), boards=(["dune_raider"], ["wildcub"]))
    t = _ai(driver, m)
    assert t.status_text() == "Turn 5 · Your turn · Main phase"
    t.toggle_graves(HUMAN)
    texts = _drawn(driver, t, OV)
    assert "Your graveyard (0)" in texts and "AI (easy)'s graveyard (0)" in texts
    t.toggle_graves()
    # the AI's turn: the header and the band name it, verbs agreeing
    driver.key("space")
    assert t.status_text().startswith("Turn 6 · AI (easy)'s turn")
    assert t.prompt() in ("AI (easy) attunes…", "AI (easy) plays…")


def test_the_ai_deciding_on_a_guard_is_named(driver):
    m = scenario(boards=(["dune_raider"], ["stone_warden"]))
    t = _ai(driver, m)
    raider = m.boards[HUMAN][0]
    assert t.perform((EV.ATTACK, raider, EV.player_target(AI)))
    driver.until(lambda: not t.anims.busy, 600)
    assert t.match.phase() == "guard"
    assert t.prompt() == "AI (easy) decides whether a Guard intercepts…"


def test_your_own_moves_are_logged_with_you_and_agreeing_verbs(driver):
    m = scenario(phase="attune", veil=(2, 0))
    t = _ai(driver, m)
    driver.key("f")
    driver.until(lambda: not t.anims.busy, 600)
    log = _log(t)
    assert "You attune 2 Essence (Flow)." in log and "You draw a card." in log
    assert not any("You draws" in x or "You attunes" in x for x in log)


def test_veilstep_names_every_guard_that_cannot_step_in(driver):
    m = scenario(boards=(["stone_warden", "shield_bearer"], ["shade_stalker"]), active=AI)
    t = _ai(driver, m)
    stalker = m.boards[AI][0]
    driver.app.settings.animation_speed = "normal"
    assert t.perform((EV.ATTACK, stalker, EV.player_target(HUMAN)))
    note = "Veilstep: Shade Stalker can't be intercepted, so Stone Warden and Shield-Bearer can't step in."
    assert note not in _log(t)              # told with the attack's arrow, not ahead of it
    driver.until(lambda: not t.anims.busy, 600)
    log = _log(t)
    assert log.index("The AI's Shade Stalker attacks you.") < log.index(note)


def test_ai_turn_banner_names_the_ai(driver):
    from client.table.kit.parts import Banner
    driver.app.settings.animation_speed = "normal"
    m = scenario()
    t = _ai(driver, m)
    assert t.perform(EV.END_TURN)
    banners = [a.text for a in t.anims.items + t.anims.active if isinstance(a, Banner)]
    assert banners == ["AI (easy)'s turn"]


@pytest.mark.parametrize("names,poss", [(("Ana", "Ben"), "Ben's"), (("Ana", "Jess"), "Jess'")])
def test_hot_seat_uses_the_names(driver, names, poss):
    """Player 2 attacks Player 1, who has a Guard: the header, the band, the hand-off and
    the log name the players."""
    driver.app.settings.animation_speed = "normal"
    m = scenario(boards=(["stone_warden"], ["dune_raider"]), hands=(["spark"], ["firebolt"]), active=AI)
    t = _hotseat(driver, m, names)
    assert t.viewer == AI and t.status_text() == f"Turn 5 · {poss} turn · Main phase"
    raider = m.boards[AI][0]
    assert t.perform((EV.ATTACK, raider, EV.player_target(HUMAN)))
    driver.until(lambda: driver.scene.name == "handoff", 600)
    assert t.reaction_text(HUMAN) == "Dune Raider attacks you — intercept with an untapped Guard or let it through."
    assert t.prompt() == "Pass the screen to Ana: the hand stays covered until they are back."
    driver.key("return")
    assert t.status_text() == f"Turn 5 · {poss} turn · Guard?"
    assert t.prompt().startswith("Dune Raider attacks you! Click a lit Guard to intercept (1)")
    driver.key("space")
    driver.until(lambda: not t.anims.busy, 600)
    log = _log(t)
    assert f"{poss} Dune Raider attacks Ana." in log and "Ana lets the attack through." in log
    assert "Ana takes 3 damage (Life 17)." in log


def test_hot_seat_turn_banner_names_the_player(driver):
    from client.table.kit.parts import Banner
    driver.app.settings.animation_speed = "normal"
    m = scenario()
    t = _hotseat(driver, m)
    assert t.perform(EV.END_TURN)
    banners = [a.text for a in t.anims.items + t.anims.active if isinstance(a, Banner)]
    assert banners == ["Ben's turn"]


def test_a_card_played_on_a_creature_names_whose_it_was_even_once_it_is_gone(driver):
    """Both sides hold a Spark Adept; Spark kills the AI's: the log says whose it was
    ("on the AI's Spark Adept", not "on Spark Adept" or "on a creature that is gone")."""
    m = scenario(hands=(["spark"], []), boards=(["spark_adept"], ["spark_adept"]))
    t = _ai(driver, m)
    theirs = m.boards[AI][0]
    assert t.perform((EV.PLAY, 0, theirs))
    driver.until(lambda: not t.anims.busy, 600)
    log = _log(t)
    assert "You play Spark on the AI's Spark Adept." in log
    assert not any("gone" in x for x in log)
    assert [c["card"] for c in t.match.creatures(AI)] == []


def test_a_card_played_on_your_own_creature_says_your():
    from client.tables.essveil.table import Table
    m = scenario(hands=(["spark"], []), boards=(["spark_adept"], ["spark_adept"]))
    mine = m.boards[HUMAN][0]
    assert m.action_text((EV.PLAY, 0, mine)) == "Play Spark on your Spark Adept"
    assert m.action_text((EV.PLAY, 0, m.boards[AI][0])) == "Play Spark on the opponent's Spark Adept"
    ev = m.apply((EV.PLAY, 0, mine))
    e = next(e for e in ev if e[0] == "play")
    assert m.event_text(e) == "Player 1 plays Spark on Player 1's Spark Adept."
    t = Table.__new__(Table)
    t.names, t.mode, t.human_seats = ["You", "AI (easy)"], "ai", (HUMAN,)
    assert m.event_text(e, t.seat_names()) == "You play Spark on your Spark Adept."


def test_a_refresh_with_nothing_spent_says_no_zero():
    """ "You refresh: creatures untap." — not "…, 0 spent Essence returns to the Reserve"."""
    from engine.core.harness import starter_pair
    m = EV.EssveilMatch.new(starter_pair("essveil", 1), 1, None)
    assert m.event_text(("refresh", 0, 0)) == "Player 1 refreshes: creatures untap."
    assert m.event_text(("refresh", 1, 3)) == \
        "Player 2 refreshes: creatures untap, 3 spent Essence returns to the Reserve."


def test_a_card_played_on_its_own_player_reads_yourself(driver):
    """ "You play Spark on yourself." (was "You play Spark on you."), "AI (easy) plays Spark
    on themselves.", and the hint's and review's move "Play Spark on yourself"."""
    from engine.core.harness import starter_pair
    m = EV.EssveilMatch.new(starter_pair("essveil", 1), 1, None)
    assert m.event_text(("play", 0, "spark", 1)) == "Player 1 plays Spark on themselves."
    assert m.event_text(("play", 0, "spark", 2)) == "Player 1 plays Spark on Player 2."
    t = _ai(driver, m)
    assert t.log_event_text(m, ("play", HUMAN, "spark", HUMAN + 1)) == "You play Spark on yourself."
    assert t.log_event_text(m, ("play", AI, "spark", AI + 1)) == "The AI plays Spark on themselves."
    p = m.to_move()
    m.hands[p][0] = list(EV.C_NAME).index("Spark")
    assert m.action_text((EV.PLAY, 0, p + 1)) == "Play Spark on yourself"
    assert m.action_text((EV.PLAY, 0, 2 - p)) == "Play Spark on the opponent"


def test_a_cards_attune_reads_after_the_card_without_an_effect_in_brackets():
    """"You play Deep Channel. You pay 1 Essence. You attune 3 Essence." — the card is named
    on the line before; "(an effect)" told nothing. Flow and Deep Attune keep their names."""
    m = scenario(hands=(["war_mammoth"], []))
    assert m.event_text(("attune", 0, 3, "effect")) == "Player 1 attunes 3 Essence."
    assert m.event_text(("attune", 0, 2, "flow")) == "Player 1 attunes 2 Essence (Flow)."
    assert m.event_text(("attune", 1, 4, "deep")) == "Player 2 attunes 4 Essence (Deep Attune)."
