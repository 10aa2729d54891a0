"""Evons Firestorm in one gesture: the points are split first (click adds, right-click
removes, number keys type the amount, "All to …", every target reachable by click and
by button), dealt with one press, and told in one log line with the split."""
import pytest

from engine.core.rng import Rng
from engine.evons import match as VM

from support.helpers import ai_table, game_session


def _firestorm_session(min_targets=2, min_points=3):
    for seed in range(1, 80):
        s = game_session("evons", seed, human=0)
        rng = Rng(seed)
        for _ in range(600):
            m = s.match
            if m.result() is not None:
                break
            if m.to_move() == 0 and m.phase() == "hit":
                n = len([a for a in m.legal_actions() if a[0] == VM.HIT])
                if n >= min_targets and m.decision()["points_left"] >= min_points:
                    return s
            legal = m.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    pytest.skip("no Firestorm found")


def test_firestorm_split_by_click_right_click_keys_and_buttons(driver):
    s = _firestorm_session()
    t = ai_table(driver, "evons", s, paused=True)
    a, b = t.storm_targets()[:2]
    left = t.storm_left()
    driver.click(t.cell_rect(a).center)                     # click adds one
    driver.click(t.cell_rect(a).center)
    driver.click(t.cell_rect(b).center)
    assert t.storm == {a: min(2, t.storm_cap(a)), b: 1}
    driver.right_click(t.cell_rect(b).center)               # right-click removes one
    assert b not in t.storm
    assert t.storm_sel == b
    driver.key("1")                                        # a number key types the amount for the selected
    assert t.storm[b] == 1
    assert sum(t.storm.values()) <= left
    # every target is reachable by button: "Next target" cycles through all of them
    seen = set()
    for _ in range(len(t.storm_targets()) + 1):
        seen.add(t.storm_sel)
        if len(t.storm_targets()) > 1:
            t.click_action("__storm_next__")
    assert seen == set(t.storm_targets())
    t.storm_sel = a
    t.click_action("__storm_all__")                        # "All to …": every point it can take
    assert t.storm == {a: min(left, t.storm_cap(a))}
    assert not any(b.text.startswith(("1", "2", "3")) for b in t.chrome.action_widgets)  # no numbered choices


def test_dealing_the_split_plays_it_and_logs_one_line(driver):
    s = _firestorm_session()
    t = ai_table(driver, "evons", s, paused=True)
    a, b = t.storm_targets()[:2]
    t.storm_set(a, 1)
    t.storm_set(b, 1)
    n, lines = len(s), len(t.log.entries)
    want = {}
    for c in (a, b):
        want[t.match.at(c)] = 1
    t.click_action("__storm_deal__")
    driver.step(5)
    hits = [s.record.actions[i] for i in range(n, len(s)) if s.record.actions[i][0] == VM.HIT]
    assert sorted(h[1] for h in hits) == sorted([a, b])
    storm_lines = [e.text for e in t.log.entries[lines:] if "Firestorm:" in e.text]
    assert len(storm_lines) == 1 and storm_lines[0].count(" to ") == 2
    assert not any("deals 1 damage" in e.text for e in t.log.entries)


def test_rebuilt_log_keeps_one_line_per_firestorm(driver):
    s = _firestorm_session()
    t = ai_table(driver, "evons", s, paused=True)
    c = t.storm_targets()[0]
    t.storm_all(c)
    t.click_action("__storm_deal__")
    driver.step(5)
    t.rebuild_log()
    texts = [e.text for e in t.log.entries]
    assert not any(x.startswith("\x00") for x in texts)
    assert not any("deals 1 damage" in x for x in texts)
