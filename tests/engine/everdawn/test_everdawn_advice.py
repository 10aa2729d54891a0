"""Everdawn's reasons for the hint and the review, from the planner's own line for a move
(engine.ai.advice; words in engine/everdawn/advice.py): the creature an attack kills and
whether the attacker survives, the morale a "treated as dead" spell trades, what the reply
takes."""
from engine.ai.advice import reason
from engine.everdawn import match as M
from engine.everdawn.testing import scenario

BOARD0 = [("storm_caller", "elven_longbow"), "iron_vanguard", None, "traghrim"]
BOARD1 = ["karn_berserker", "hill_brute", None, "traghrim"]


def _combat():
    m = scenario(BOARD0, BOARD1, sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5)
    m.apply((M.PASS,))                     # the Set Phase ends: attacks are declared
    assert m.phase() == "declare" and m.to_move() == 0
    return m


def test_an_attack_names_the_creature_it_kills_and_says_the_attacker_survives():
    m = _combat()
    v = m.view(0)
    assert (M.ATTACK, 0, 1) in m.legal_actions()
    words = reason(v, 0, [(M.ATTACK, 0, 1)])
    assert words.startswith("kills Hill Brute and survives"), words
    trade = reason(v, 0, [(M.ATTACK, 0, 0)])
    assert trade.startswith("kills Berserker of Karn, but Storm Caller falls too"), trade
    open_lane = reason(v, 0, [(M.ATTACK, 0, 2)])
    assert open_lane.startswith("Storm Caller hits the open lane: they lose "), open_lane


def test_the_berries_say_the_morale_traded_and_whether_it_is_worth_it():
    """The hint once said "Cast Lithriel's Berries on Storm Caller — 90%": it lost 12 morale
    and an Elven Longbow to make the AI lose 8."""
    berries = (M.CAST, 0, 0)
    m = scenario(BOARD0, BOARD1, hand0=["lithriels_berries"], sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5)
    words = reason(m.view(0), 0, [berries])
    assert words.startswith("Lithriel's Berries cost you 12 morale and Elven Longbow to make them lose 8: "
                            "not worth it"), words
    m = scenario(BOARD0, BOARD1, hand0=["lithriels_berries"], sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5,
                 morale=(100, 8))
    assert reason(m.view(0), 0, [berries]) == "wins the game this turn"


def test_a_set_phase_move_says_what_the_turn_it_prepares_kills_and_what_the_reply_takes():
    m = scenario(BOARD0, BOARD1, sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5)
    words = reason(m.view(0), 0, [(M.SET, 1, 0)])
    assert "this turn kills Hill Brute and loses nothing" in words, words
    assert "their reply " in words, words


def test_an_attack_says_what_the_turns_other_fights_did_too():
    """A review weighed "Hexweaver attacks lane 1" against "Finish declaring attacks" played:
    the played move's words told the whole turn ("this turn kills Frost Warden and loses
    nothing"), the preferred attack's only its own clash ("neither your Hexweaver nor their
    Oathsworn Knight falls"), so the better move read the worse. An attack's words now
    tell the turn's other fights as well."""
    from engine.ai.advice import Line
    from engine.everdawn.advice import reason as words
    from engine.everdawn.cards import CARDS_BY_CODE
    code = {c.name: i for i, c in enumerate(CARDS_BY_CODE)}
    clash = ("clash", 0, 0, 0, code["Hexweaver"], code["Oathsworn Knight"], 3, 5, 2, 9, False, False)
    other = ("clash", 0, 2, 2, code["Storm Caller"], code["Frost Warden"], 6, 4, 1, 6, True, False)
    dead = ("destroyed", 1, 2, code["Frost Warden"])
    ln = Line(0, ((M.ATTACK, 0, 0),), None, None, turn_events=[other, dead, clash], own_turn=True)
    said = words(ln)
    assert said.startswith("neither your Hexweaver nor their Oathsworn Knight falls; this turn also kills "
                           "Frost Warden"), said
    alone = Line(0, ((M.ATTACK, 2, 2),), None, None, turn_events=[other, dead], own_turn=True)
    assert words(alone).startswith("kills Frost Warden and survives"), words(alone)
    assert "also" not in words(alone)
