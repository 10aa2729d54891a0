"""Engine previews (``match.preview(action)``): what the deciding player sees while
choosing a move is what ``apply`` then does. Each game's preview is checked against
the real outcome in seeded games (positions where the outcome does not hang on a
card nobody has seen yet); a preview never changes the match it looks at."""
from engine.core.harness import starter_pair
from engine.core.rng import Rng
from engine.games import get_game


def create_match(game, decks, seed):
    return get_game(game).match_class.new(decks, seed)


def _games(game, seeds, max_actions=400):
    """Every position of seeded random games (AI-free: random legal moves)."""
    for seed in seeds:
        m = create_match(game, starter_pair(game, seed), seed)
        rng = Rng(seed)
        for _ in range(max_actions):
            if m.result() is not None:
                break
            yield m
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])


# ---------------------------------------------------------------- Everdawn
def _everdawn_resolve(m, lane):
    """Play on as the preview assumes: no more attacks, both windows pass, this attacker first."""
    from engine.everdawn import match as EM
    events = []
    for _ in range(16):
        ph = m.phase()
        if ph in ("declare", "defender_spells", "attacker_spells"):
            a = (EM.PASS,)
        elif ph == "order":
            legal = m.legal_actions()
            a = (EM.ORDER, lane) if (EM.ORDER, lane) in legal else legal[0]
        else:
            break
        events += m.apply(a)
    return events


def test_everdawn_attack_preview_matches_the_clash_apply_then_resolves():
    from engine.everdawn import match as EM
    checked = kinds = 0
    seen = set()
    for m in _games("everdawn", range(6)):
        if m.phase() != "declare":
            continue
        for a in [x for x in m.legal_actions() if x[0] == EM.ATTACK]:
            before = m.to_json()
            pv = m.preview(a)
            assert m.to_json() == before                     # read-only
            assert pv is not None and pv.lines
            real = m.clone()
            events = real.apply(a) + _everdawn_resolve(real, a[1])
            p = m.to_move()
            clash = next(e for e in events if e[0] in ("clash", "open_hit", "miss") and e[1] == p and e[2] == a[1])
            f = pv.facts
            if clash[0] == "clash":
                assert (f["attack"], f["defense"], f["counter"], f["att_defense"]) == tuple(clash[6:10])
                assert (f["def_dies"], f["att_dies"]) == (bool(clash[10]), bool(clash[11]))
                assert ("destroys it" in pv.lines[1]) == f["def_dies"]
                seen.add(("clash", f["def_dies"], f["att_dies"], f["adv_att"]))
            elif clash[0] == "open_hit":
                assert f["open_lane"] and f["morale"] == clash[5]
                assert f"loses {clash[5]} morale" in pv.text()
                seen.add(("open",))
            checked += 1
    assert checked >= 40
    # the games met clashes both ways, advantage and open lanes
    assert ("open",) in seen and any(k[0] == "clash" and k[1] for k in seen) \
        and any(k[0] == "clash" and k[2] for k in seen) and any(k[0] == "clash" and k[3] for k in seen)


def test_everdawn_preview_names_the_parts_of_a_blow():
    from engine.everdawn import match as EM
    from engine.everdawn.testing import scenario
    m = scenario(board0=[("iron_vanguard", "iron_sword"), None, None, "traghrim"],
                 board1=["vale_archer", None, None, "high_king_arenor"], sdeck0=["chainmail"] * 5,
                 sdeck1=["chainmail"] * 5)
    m.apply((EM.PASS,))
    a = next(x for x in m.legal_actions() if x[0] == EM.ATTACK and x[2] == 0)
    pv = m.preview(a)
    assert pv.lines[0] == "Iron Vanguard attacks Vale Archer: melee beats range (advantage)."
    assert "equipment" in pv.lines[1] and "advantage" in pv.lines[1] and "against defense" in pv.lines[1]
    assert pv.lines[-1] == "If no combat spell is cast."
    m = scenario(board0=["iron_vanguard", None, None, "traghrim"], board1=[None, "vale_archer", None, "arenor"
                 .replace("arenor", "high_king_arenor")], sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5)
    m.apply((EM.PASS,))
    po = m.preview((EM.ATTACK, 0, 0))
    assert po.facts["open_lane"] and "morale (from 100 to " in po.text()


def test_preview_of_a_move_without_one_is_none():
    from engine.everdawn import match as EM
    m = create_match("everdawn", starter_pair("everdawn", 1), 1)
    assert m.preview((EM.PASS,)) is None


# ---------------------------------------------------------------- Essveil
def test_essveil_attack_preview_matches_what_apply_does():
    from engine.essveil import match as SM
    checked = 0
    seen = set()
    for m in _games("essveil", range(8), max_actions=300):
        if m.phase() != "main":
            continue
        for a in [x for x in m.legal_actions() if x[0] == SM.ATTACK]:
            before = m.to_json()
            pv = m.preview(a)
            assert m.to_json() == before
            assert pv is not None and pv.lines
            real = m.clone()
            events = real.apply(a)
            if real.phase() == "guard":
                assert pv.facts["guards"] == [x[1] for x in real.legal_actions() if x[0] == SM.INTERCEPT]
                events += real.apply((SM.LET_THROUGH,))
                seen.add("guard")
            p = m.to_move()
            f = pv.facts
            hits = {}
            for e in events:
                if e[0] == "damage":
                    hits[e[1]] = hits.get(e[1], 0) + e[3]
            assert f["dealt"] == hits.get(a[2], 0) and f["taken"] == hits.get(a[1], 0)
            assert sorted(f["dies"]) == sorted(e[2] for e in events if e[0] in ("die", "vanish"))
            heal = {}
            for e in events:
                if e[0] == "heal":
                    heal[e[1]] = heal.get(e[1], 0) + e[2]
            assert f["heal"] == heal
            assert f["lethal"] == (real.result() is not None and real.result().winner == p)
            assert f["life_after"] == (real.life(0), real.life(1))
            for k in ("aegis", "venom", "heal", "dies", "lethal"):
                if f[k]:
                    seen.add(k)
            checked += 1
    assert checked >= 40
    assert {"dies", "lethal", "heal", "venom", "aegis", "guard"} <= seen, seen


# ---------------------------------------------------------------- Evons
def _evons_until_turn_ends(m, action):
    """The real outcome: the drop's events up to the next turn, the scores then."""
    events = m.apply(action)
    if any(e[0] == "turn" for e in events):
        events = events[:next(i for i, e in enumerate(events) if e[0] == "turn")]
    return events


def test_evons_drop_preview_matches_what_apply_does():
    from engine.evons import match as VM
    from engine.evons.cards import MAIN_CELLS
    checked = ends = 0
    seen = set()
    for m in _games("evons", range(6), max_actions=500):
        drops = [x for x in m.legal_actions() if x[0] == VM.CELL][:6]
        main_left = sum(1 for c in MAIN_CELLS if m.at(c) < 0)
        if main_left == 1:                   # a single cell: SELECT places the card at once
            drops += [x for x in m.legal_actions() if x[0] == VM.SELECT][:4]
        for a in drops:
            before = m.to_json()
            pv = m.preview(a)
            assert m.to_json() == before
            if pv is None:
                assert a[0] == VM.SELECT and not any(e[0] == "play" for e in m.clone().apply(a))
                continue
            f = pv.facts
            real = m.clone()
            events = _evons_until_turn_ends(real, a)
            if not f["uncertain"]:
                assert f["conflicts"] == [(e[1], e[2], e[3], e[4]) for e in events if e[0] == "conflict"]
                assert f["destroyed"] == [e[1] for e in events if e[0] == "destroy"]
                assert f["flipped"] == [e[1] for e in events if e[0] == "flip"]
            full = real.result() is not None and "full" in real.result().reason
            inst = a[1] if a[0] == VM.SELECT else m.decision()["selected"]
            assert f["fills_last_cell"] == (full and not any(e[0] == "activate" and e[1] == inst for e in events))
            if f["fills_last_cell"]:
                ends += 1
                assert pv.lines[0].startswith("Fills the last main cell: the game ends now")
                assert f["scores"] == real.scores() and f["winner"] == real.result().winner
            for k in ("conflicts", "destroyed", "flipped"):
                if f[k]:
                    seen.add(k)
            checked += 1
    assert checked >= 60 and ends >= 1
    assert {"conflicts", "destroyed", "flipped"} <= seen
