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

from support.helpers import ai_table, game_session

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
        driver.wait_ai()        # (frames of play: a busy machine's AI must not eat the budget)
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
            assert not t.chrome.action_widgets, [b.text for b in t.chrome.action_widgets]
        if t.anims.busy and t.match.turn_player() == 1:
            seen["ai_anim_frames"] += 1
        if want is not None:
            want(t, seen)
        if seen.get("done"):
            break
    assert seen["ai_anim_frames"] > 30
    return t, seen


def test_everdawn_ai_turn_shows_each_clash_before_the_turn_moves_on(driver):
    from client.tables.everdawn.anims import ClashAnim

    def check(t, seen):
        from client.table.kit.parts import FadeOut
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
        if seen["clash"] > 60 and seen.get("fade", 0) > 15:
            seen["done"] = True
    t, seen = _watch(driver, "everdawn", 4, frames=9000, want=check)
    assert seen.get("clash", 0) > 60 and seen.get("fade", 0) > 15, "too few clashes and deaths were shown"


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


# ================================================================ Essveil, event by event
# The Essveil board steps its shown state one engine event at a time: a Life total
# changes while its number pops, a creature arrives when its card lands and leaves as
# it fades to the graveyard, a drawn card counts in the hand once the log has told the
# draw, a tapped Guard or a spent Aegis changes with its own animation, and the game
# is over only after the killing blow was shown.
DRAW_RX = re.compile(r"\bdraws? a card\b")


class EssveilStory:
    """Frame-by-frame checks on what the Essveil board shows (``frame`` after each step)."""

    def __init__(self):
        self.prev = None
        self.told_draws = 0
        self.hand_gains = [0, 0]
        self.seen = {"life": 0, "arrive": 0, "leave": 0, "tap": 0, "aegis": 0, "draw": 0, "damage": 0}
        self.texts_seen = []

    @staticmethod
    def _snap(t):
        v = t.state_shown()
        units = {}
        for p in (0, 1):
            for c in v.creatures(p):
                units[c["uid"]] = (p, c["tapped"], c["aegis"], c["damage"])
        return {"life": (v.life(0), v.life(1)), "hands": (len(v.hands[0]), len(v.hands[1])), "units": units,
                "result": v.result()}

    def frame(self, t):
        from client.tables.essveil.anims import Burst, FadeOut, FlyCard, IconPop, RingPulse, Vanish
        from client.table.kit.parts import Banner, FloatText
        from client.tables.essveil.anims import Arrow
        active = list(t.anims.active)
        kinds = {type(a) for a in active}
        floats = [a.text for a in active if isinstance(a, FloatText)]
        self.texts_seen += [x for x in floats if x not in self.texts_seen[-3:]]
        self.told_draws = sum(1 for e in t.log.entries if DRAW_RX.search(e.text))
        now = self._snap(t)
        prev, self.prev = self.prev, (now, active)
        if prev is None:
            return
        before, prev_active = prev
        landed = any(isinstance(a, FlyCard) and a not in active for a in prev_active)
        for p in (0, 1):
            d = now["life"][p] - before["life"][p]
            if d:
                self.seen["life"] += 1
                assert any(str(abs(d)) in x for x in floats), \
                    f"seat {p}: Life moved by {d} with no number on screen (shown: {floats})"
            gained = now["hands"][p] - before["hands"][p]
            if gained > 0:
                self.seen["draw"] += 1
                self.hand_gains[p] += gained
                assert sum(self.hand_gains) <= self.told_draws, "a drawn card is in hand before the log told the draw"
                assert landed, "a drawn card is in hand before its card arrived"
        for uid, (p, tapped, aegis, dmg) in now["units"].items():
            was = before["units"].get(uid)
            if was is None:
                self.seen["arrive"] += 1
                assert landed or RingPulse in kinds, "a creature appeared with no card landing or ring"
                continue
            if tapped and not was[1]:
                self.seen["tap"] += 1
                assert kinds & {Arrow, IconPop, RingPulse, FloatText}, "a creature tapped with no animation"
            if aegis != was[2]:
                self.seen["aegis"] += 1
                assert kinds & {Burst, RingPulse, IconPop}, "an Aegis came or went with no animation"
            if dmg != was[3]:
                self.seen["damage"] += 1
                assert FloatText in kinds, "damage on a creature changed with no number on screen"
        for uid in before["units"]:
            if uid not in now["units"]:
                self.seen["leave"] += 1
                assert kinds & {FadeOut, Vanish}, "a creature left the board without fading away"
        if t.anims.busy:
            assert t.result() is None or not re.search(r"\bwins?\b|draw", t.status_text()), t.status_text()
        _ = Banner


def _story_table(driver, m, *, hotseat=False):
    s = game_session("essveil", 1, human=0, hotseat=hotseat)
    s._match = m
    s._snaps = {0: m.clone()}
    s._turns = [m.turn()]
    driver.app.settings.animation_speed = "normal"
    return ai_table(driver, "essveil", s, human=0, paused=True)


def _play_out(driver, t, action, story, max_frames=1500):
    assert t.perform(action), action
    story.frame(t)
    for _ in range(max_frames):
        driver.step(1)
        story.frame(t)
        if not t.anims.busy:
            break
    assert not t.anims.busy
    return story


ESS_CASES = {
    # creature with On-Play damage at the enemy player
    "on_play_damage": (dict(hands=(["spark_adept"], [])), ("play", 0, "p1"), ("life",)),
    # creature with On-Play draw
    "on_play_draw": (dict(hands=(["veil_scholar"], []), decks=(["spark"] * 5, ["spark"] * 5)), ("play", 0, None),
                     ("draw",)),
    # creature with On-Play heal
    "on_play_heal": (dict(hands=(["field_medic"], []), life=(10, 20)), ("play", 0, None), ("life",)),
    # spell damage at the face, spell damage killing a creature, removal
    "spell_face": (dict(hands=(["veil_lance"], [])), ("play", 0, None), ("life",)),
    "spell_kill": (dict(hands=(["firebolt"], []), boards=((), ["wildcub"])), ("play", 0, "u1"), ("leave",)),
    "removal": (dict(hands=(["unmake"], []), boards=((), ["stone_warden"])), ("play", 0, "u1"), ("leave",)),
    # attacks: Venom, Aegis, Drain
    "venom": (dict(boards=(["marsh_adder"], ["stone_warden"])), ("attack", 0, "u1"), ("leave", "tap")),
    "aegis": (dict(boards=(["dune_raider"], ["aegis_squire"])), ("attack", 0, "u1"), ("aegis", "leave")),
    "drain": (dict(boards=(["blood_leech"], [])), ("attack", 0, "p1"), ("life", "tap")),
}


def _action(m, spec):
    from engine.essveil import match as SM
    kind, i, tgt = spec
    if tgt is None:
        t = SM.NO_TARGET
    elif tgt == "p1":
        t = SM.player_target(1)
    else:
        t = m.boards[1][0]
    if kind == "play":
        return (SM.PLAY, i, t)
    return (SM.ATTACK, m.boards[0][i * SM.REC], t)


@pytest.mark.parametrize("case", sorted(ESS_CASES))
def test_essveil_each_event_shows_when_its_animation_plays(driver, case):
    from engine.essveil.testing import scenario
    kw, spec, wants = ESS_CASES[case]
    m = scenario(**kw)
    t = _story_table(driver, m)
    story = _play_out(driver, t, _action(m, spec), EssveilStory())
    for w in wants:
        assert story.seen[w] > 0, (w, story.seen)


def test_essveil_guard_interception_is_shown_step_by_step(driver):
    """The AI attacks you; your Guard intercepts: the attacker taps with its arrow, the
    Guard with its shield, the blows with their numbers."""
    from engine.essveil import match as SM
    from engine.essveil.testing import scenario
    m = scenario(boards=(["shield_bearer"], ["dune_raider"]), active=1)
    t = _story_table(driver, m)
    story = EssveilStory()
    raider, bearer = m.boards[1][0], m.boards[0][0]
    _play_out(driver, t, (SM.ATTACK, raider, SM.player_target(0)), story)
    assert t.match.phase() == "guard" and t.state_shown().pending_attack() == (raider, SM.player_target(0))
    _play_out(driver, t, (SM.INTERCEPT, bearer), story)
    assert story.seen["tap"] >= 2 and story.seen["damage"] >= 2, story.seen
    assert t.match.life(0) == 20


def test_essveil_lethal_blow_is_shown_before_the_game_ends(driver):
    from engine.essveil import match as SM
    from engine.essveil.testing import scenario
    m = scenario(boards=(["dune_raider"], []), life=(20, 3))
    t = _story_table(driver, m)
    story = EssveilStory()
    assert t.perform((SM.ATTACK, m.boards[0][0], SM.player_target(1)))
    blow_seen = False
    for _ in range(1500):
        driver.step(1)
        if driver.scene is t:
            story.frame(t)
        blow_seen = blow_seen or "−3" in story.texts_seen
        if t.anims.busy:
            assert driver.scene is t, "the game ended while its killing blow was still playing"
            if not blow_seen:
                assert t.state_shown().result() is None and t.state_shown().life(1) == 3
        if driver.scene.name == "game_over":
            break
    assert driver.scene.name == "game_over" and blow_seen


def test_essveil_ai_turn_every_frame_in_step(driver):
    story = EssveilStory()

    def check(t, seen):
        story.frame(t)
        if t.match.turn() >= 7 and story.seen["life"] and story.seen["tap"]:
            seen["done"] = True
    _watch(driver, "essveil", 3, frames=9000, want=check)
    assert story.seen["life"] and story.seen["arrive"] and story.seen["draw"] and story.seen["tap"], story.seen


def test_essveil_hot_seat_turns_every_frame_in_step(driver):
    """Two players at one screen: each player's moves play out in order on the board
    (checked through the hand-offs)."""
    from engine.core.rng import Rng
    from support.helpers import hotseat_table
    driver.app.settings.animation_speed = "normal"
    session = game_session("essveil", 5, hotseat=True)
    t = hotseat_table(driver, "essveil", session)
    story = EssveilStory()
    rng = Rng(5)
    for _ in range(6000):
        if t.result() is not None or t.match.turn() >= 6:
            break
        if driver.scene is not t:
            story.prev = None          # a hand-off covers the board: start afresh after it
            driver.key("return")
            continue
        if t.human_to_move() and not t.busy():
            legal = sorted(t.match.legal_actions())
            t.perform(legal[rng.randrange(len(legal))])
        driver.step(1)
        if driver.scene is t:
            story.frame(t)
    assert t.match.turn() >= 6
    assert story.seen["arrive"] and story.seen["draw"], story.seen


def test_essveil_a_move_queued_behind_another_starts_where_that_one_ends(driver):
    """Moves that arrive while another's animations play (online, a fast opponent) are
    told after it, from its end: nothing on the board jumps back."""
    from engine.essveil import match as SM
    from engine.essveil.testing import scenario
    m = scenario(hands=(["spark_adept"], []))
    t = _story_table(driver, m)
    story = EssveilStory()
    assert t.perform((SM.PLAY, 0, SM.player_target(1)))
    driver.step(3)
    story.frame(t)
    _play_out(driver, t, SM.END_TURN, story)
    assert story.seen["life"] == 1 and t.state_shown().life(1) == 19
