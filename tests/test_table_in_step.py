"""The board tells the story in order: while an AI turn plays out at normal
animation speed, nothing on screen — board, panels, header, hand, log — shows a
later state than the animation has reached. Checked frame by frame in each game:

* the header's turn and seat chips come from the state drawn (``state_shown``),
  and that state never is in a turn the log has not announced yet;
* the log never tells an event before the board has started showing it;
* no action buttons are offered for a decision the board has not reached yet;
* Everdawn: while clashes are shown, the attacker's turn, hand and the
  defender's morale are those of the clash (no end-of-turn draw, no "AI's
  turn" header), the fallen leave one by one, and no attack arrow points from
  an empty slot.
"""
import re

import pytest

from helpers import ai_table, game_session

TURN_RX = re.compile(r"\bTurn (\d+)\b")


def _told_turn(t):
    """The highest turn the log has announced so far."""
    best = 0
    for e in t.log.entries:
        m = TURN_RX.match(e.text)
        if m:
            best = max(best, int(m.group(1)))
    return best


def _human_step(t):
    """The human (seat 0) plays quickly: Everdawn ends the Set Phase and declares
    nothing, the others take the first "end"/"pass"-like move."""
    m = t.match
    legal = m.legal_actions()
    if t.game == "everdawn":
        from engine.everdawn import match as EM
        if (EM.PASS,) in legal:
            return t.perform((EM.PASS,))
    if t.game == "essveil":
        from engine.essveil import match as SM
        for a in ((SM.END,), (SM.LET_THROUGH,), (SM.FLOW,)):
            if a in legal:
                return t.perform(a)
    if t.game == "evons":
        from engine.evons import match as VM
        for a in ((VM.KEEP,), (VM.PASS,)):
            if a in legal:
                return t.perform(a)
    return t.perform(legal[0])


def _watch(driver, game, seed, frames=5000, want=None):
    driver.app.settings.animation_speed = "normal"
    session = game_session(game, seed, human=0)
    t = ai_table(driver, game, session)
    seen = {"frames": 0, "ai_anim_frames": 0}
    for _ in range(frames):
        if t.result() is not None:
            break
        if t.human_to_move() and not t.anims.busy:
            _human_step(t)
        driver.step(1)
        seen["frames"] += 1
        shown = t.state_shown()
        # the header comes from the drawn state
        m = TURN_RX.search(t.status_text())
        if m and shown.turn() > 0:
            assert int(m.group(1)) == shown.turn(), (t.status_text(), shown.turn())
        # the drawn state is never in a turn the log has not announced
        if shown.turn() > 1:
            assert _told_turn(t) >= shown.turn(), (shown.turn(), _told_turn(t))
        # no buttons for a decision the board has not reached yet
        if t.anims.busy and t.shown is not t.view and t.shown.to_move() != t.match.to_move():
            assert not t._action_widgets, [b.text for b in t._action_widgets]
        if t.anims.busy and t.match.turn_player() == 1:
            seen["ai_anim_frames"] += 1
        if want is not None:
            want(t, seen)
        if seen.get("done"):
            break
    assert seen["ai_anim_frames"] > 30
    return t, seen


def test_everdawn_ai_turn_shows_each_clash_before_the_turn_moves_on(driver):
    from client.tables.everdawn_anims import ClashAnim

    def check(t, seen):
        from client.tablekit import FadeOut
        v = t.shown
        for a, _tgt in (v.attacks() if v.phase() != "set" else []):
            pass
        queue = t.anims.active + t.anims.items
        clash = next((a for a in t.anims.active if isinstance(a, ClashAnim)), None)
        if clash is not None:
            seen["last_clash"] = clash
        clash = clash or (seen.get("last_clash") if any(isinstance(a, (ClashAnim, FadeOut)) for a in queue)
                          else None)
        if clash is None:
            return
        seen["clash"] = seen.get("clash", 0) + 1
        # a clash is on screen: the header still shows the attacker's turn and its hand
        # has not drawn the end-of-turn cards; morale is not ahead of the clash
        att = 1 if t.slot_rect(1, 0).colliderect(clash.ar) or any(
            t.slot_rect(1, s).colliderect(clash.ar) for s in range(3)) else 0
        assert v.turn_player() == att
        assert f"{t.poss(att)} turn" in t.status_text()
        key = ("hand", t.actions_applied)
        if key not in seen:
            seen[key] = len(v.hand[att])
        assert len(v.hand[att]) == seen[key]
        assert v.morale(1 - att) >= t.view.morale(1 - att)
        if any(isinstance(a, FadeOut) for a in t.anims.active):
            seen["fade"] = seen.get("fade", 0) + 1          # a fallen creature is leaving
        if seen["clash"] > 120 and seen.get("fade", 0) > 30:
            seen["done"] = True
    t, seen = _watch(driver, "everdawn", 4, frames=9000, want=check)
    assert seen.get("clash", 0) > 120 and seen.get("fade", 0) > 30, "too few clashes and deaths were shown"


@pytest.mark.parametrize("game,seed", [("essveil", 3), ("evons", 2)])
def test_ai_turn_log_and_header_follow_the_board(driver, game, seed):
    lines = []

    def check(t, seen):
        n = len(t.log.entries)
        if lines and n > lines[-1] and t.anims.busy:     # the log grew while this action plays
            key = ("grew", t.actions_applied)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] >= 3:
                seen["paced"] = seen.get("paced", 0) + 1
        lines.append(n)
        if t.match.turn() >= 6 and seen.get("paced", 0) > 3:
            seen["done"] = True
    t, seen = _watch(driver, game, seed, frames=6000, want=check)
    assert seen.get("paced", 0) > 3, "the log was told all at once, not as the board reached each event"
