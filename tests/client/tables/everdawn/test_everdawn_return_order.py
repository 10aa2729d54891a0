"""Everdawn: "Defeated cards go to the bottom of their deck in any order" — the owner
orders two or more different cards gone to the bottom of one deck at once (the creatures
destroyed in one combat, a fallen creature's equipment), a decision like Scouting
Report's; the AI orders by its rule (the weakest lowest); the table answers by that rule
unless the player turns on "Choose the order of returned cards" in Settings."""
from support.paths import TESTS
import random


from engine.core.harness import check_invariants
from engine.everdawn import match as M
from engine.everdawn.cards import CODE
from engine.everdawn.testing import scenario
from support.helpers import ai_table, game_session


def _double_kill():
    """Two Karn Berserkers attack and destroy the AI's armed Vale Archer and its Ember Adept
    (and fall to the counters): both sides lose two creatures in one combat."""
    m = scenario(["karn_berserker", "karn_berserker", None, None, "shieldbearer"],
                 [("vale_archer", "iron_sword", "chainmail"), "ember_adept", None, None, "shieldbearer"],
                 cdeck0=["skirmisher"] * 3, cdeck1=["falconer"] * 3, sdeck0=["chainmail"] * 5,
                 sdeck1=["chainmail"] * 5)
    m.apply((M.PASS,))
    m.apply((M.ATTACK, 0, 0))
    m.apply((M.ATTACK, 1, 1))
    while m.phase() in ("declare", "defender_spells", "attacker_spells"):
        m.apply((M.PASS,))
    return m


def test_the_owner_orders_creatures_destroyed_in_one_combat_then_their_equipment():
    m = _double_kill()
    # the two identical Berserkers need no order; the AI's two different creatures do
    assert m.pending() == (M.CH_BOTTOM_CREATURES, 1, 2, 0) and m.to_move() == 1
    assert m.prompt() == "Defeated cards: choose the creature to put at the very bottom of your creature deck."
    assert sorted(M.CARDS_BY_CODE[c].id for c in m.cdeck[1][:2]) == ["ember_adept", "vale_archer"]
    texts = {m.action_text(a): a for a in m.legal_actions()}
    assert set(texts) == {"Put Ember Adept at the bottom", "Put Vale Archer at the bottom"}
    # the owner sees the cards as they lie; the other player does not
    assert m.view(1).cdeck[1][:2] == m.cdeck[1][:2]
    assert set(m.view(0).cdeck[1]) == {-1}
    for seed in range(3):
        d = m.determinize(1, seed)
        assert d.cdeck[1][:2] == m.cdeck[1][:2] and not d.invariant_problems()
    ev = m.apply(texts["Put Vale Archer at the bottom"])
    assert m.cdeck[1][0] == CODE["vale_archer"] and m.cdeck[1][1] == CODE["ember_adept"]
    assert ("bottom_order", 1, 0, 0) in ev
    # then the archer's sword and mail, gone to the bottom of the support deck at once
    assert m.pending() == (M.CH_BOTTOM_SUPPORT, 1, 2, 0)
    texts = {m.action_text(a): a for a in m.legal_actions()}
    m.apply(texts["Put Chainmail at the bottom"])
    assert m.sdeck[1][:2] == [CODE["chainmail"], CODE["iron_sword"]]
    assert m.phase() != "choice" and not m.invariant_problems()
    assert "puts a returned card at the very bottom of the support deck" in m.event_text(("bottom_order", 1, 1, 0))


def test_the_rule_puts_the_weakest_lowest_and_the_ai_follows_it():
    from engine.ai import make_agent
    m = _double_kill()
    ruled = m.ruled_choice()
    d = m.cdeck[1]
    low = d[ruled[1]]
    assert ruled in m.legal_actions()
    worth = {c: M._worth(c) for c in d[:2]}
    assert worth[low] == min(worth.values())
    for level in ("easy", "normal"):
        assert make_agent(level, seed=3).choose(m) == ruled
    assert scenario(["vale_archer"], ["dawn_seers"]).ruled_choice() is None      # no such decision


def test_random_games_meet_the_decision_and_keep_every_invariant():
    met = 0
    for seed in range(6):
        from engine.core.harness import starter_pair
        m = M.EverdawnMatch.new(starter_pair("everdawn", seed), seed)
        rng = random.Random(seed)
        for _ in range(600):
            if m.result() is not None:
                break
            if m.pending()[0] in M.CH_BOTTOM:
                met += 1
                kind, p, x, y = m.pending()
                d = m.cdeck[p] if kind == M.CH_BOTTOM_CREATURES else m.sdeck[p]
                assert len(set(d[y:y + x])) >= 2 and len(m.legal_actions()) >= 2
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])
            check_invariants(m)
    assert met >= 3


def _session_at_the_decision(human=0):
    """A seeded game played on until ``human`` is to order returned cards."""
    for seed in range(40):
        s = game_session("everdawn", seed, human=human)
        rng = random.Random(seed)
        for _ in range(500):
            m = s.match
            if m.result() is not None:
                break
            if m.pending()[0] in M.CH_BOTTOM and m.to_move() == human:
                return s
            legal = m.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no game met the decision")


def test_the_table_orders_by_the_rule_unless_the_player_asked_to_choose(driver):
    s = _session_at_the_decision()
    want = s.match.ruled_choice()
    n = len(s)
    driver.app.settings.choose_return_order = False
    ai_table(driver, "everdawn", s, paused=True)
    driver.step(3)
    assert s.actions[n] == want                    # answered for the player, by the rule


def test_with_the_setting_on_the_player_orders_them_from_a_tray(driver):
    s = _session_at_the_decision()
    n = len(s)
    driver.app.settings.choose_return_order = True
    t = ai_table(driver, "everdawn", s, paused=True)
    driver.step(3)
    assert len(s) == n and t.match.phase() == "choice"
    assert t.prompt().startswith(("Defeated cards: choose", "Returned cards: choose"))
    spots = [(rr, a, c) for rr, a, c in t.choice_spots if c is not None]
    assert len(spots) == len(s.match.legal_actions()) >= 2
    labels = [b[0] for b in t.action_buttons()]
    assert all(x.startswith("Put ") and "bottom" in x for x in labels)
    rr, a, _c = spots[-1]
    driver.click(rr.center)
    driver.step(3)
    assert s.actions[n] == a


def test_the_setting_is_kept_and_checked():
    from client.settings import Settings
    st = Settings()
    assert st.choose_return_order is False
    st.choose_return_order = "yes"
    assert any("choose_return_order" in x for x in st._clean()) and st.choose_return_order is False


def test_a_file_saved_before_the_order_was_asked_still_replays_the_same_game(tmp_path):
    """A replay or save made when the engine fixed the order (no answer recorded where
    the decision now comes) is given the answers that keep that order."""
    import json
    from engine.core import load_record
    from engine.core.session import MatchSession
    from engine.everdawn.testing import state_digest
    from engine.core.rng import Rng
    path = TESTS / "golden" / "everdawn_3.json"          # (its decks and seed)
    raw = json.loads(path.read_text())
    for seed in range(33, 60):                            # a game that meets the decision
        m = load_record(path, game="everdawn").new_match()
        rng, full, old = Rng(seed), [], []
        while m.result() is None and len(full) < 5000:
            if m.pending()[0] in M.CH_BOTTOM:
                a = (M.CHOOSE, 0)                         # the order the engine used to fix
            else:
                legal = m.legal_actions()
                a = legal[rng.randrange(len(legal))]
                old.append(list(a))
            m.apply(a)
            full.append(a)
        if len(old) < len(full):
            break
    assert len(old) < len(full)                           # the game met the decision
    raw["actions"], raw["result"], raw["meta"] = old, None, {}
    p = tmp_path / "old.json"
    p.write_text(json.dumps(raw))
    before = load_record(p, game="everdawn")
    assert state_digest(before.replay()) == state_digest(m) and before.actions == full
    s = MatchSession.from_record(load_record(p, game="everdawn"))
    assert s.match.result() == m.result() and state_digest(s.match) == state_digest(m)
