"""Essveil tactics: pointless plays, the rollout policy and the expert player.

The expert plays as a strong human: it curves out (spends its Essence as
fully as its hand allows, the biggest card first), takes Deep Attune when that
lets it play a card Flow would not, removes threats with its damage, trades up
(attacks a creature it kills and survives, or one worth more than the
attacker), goes face otherwise, and blocks with a Guard when the Guard
survives or the hit would hurt.
"""
from __future__ import annotations

from engine.essveil.cards import (C_ABILITY, C_COST, C_EFFECT, C_GROW, C_IS_CREATURE, C_KIND, C_KW,
                                  C_LAST_RITES, C_TARGET, K_GUARD, K_VENOM, KIND_EQUIPMENT, OP_AEGIS,
                                  OP_ATTUNE, OP_DAMAGE, OP_DESTROY, OP_SILENCE, OP_TAP, S_TARGET, T_NONE)
from engine.essveil.match import (ABILITY, ATTACK, DEEP, END, F_AEGIS, F_SILENCED, F_TAPPED, FLOW,
                                  G_ACTIVE, G_ATK_TARGET, G_ATTACKER, G_PHASE, INTERCEPT, LET_THROUGH,
                                  LIFE, PH_ATTUNE, PH_GUARD, PH_MAIN, PLAY, R_CARD, R_DMG, R_FLAGS,
                                  R_GKW, RESERVE, REC, VEIL, player_target)

from engine.essveil.evaluation import evaluate as base_evaluate
from engine.ai.tactics import greedy_pick, score_after, weighted_choice

END_ACT = (END,)
FLOW_ACT = (FLOW,)
DEEP_ACT = (DEEP,)


def _rec(m, uid):
    p, off = m._find(uid)
    return p, off


def _has_anything_to_silence(m, p, off) -> bool:
    b = m.boards[p]
    card = b[off + R_CARD]
    if b[off + R_FLAGS] & F_SILENCED:
        return False
    return bool(C_KW[card] or C_GROW[card] or C_ABILITY[card] is not None or C_LAST_RITES[card]
                or b[off + R_GKW] or b[off + R_FLAGS] & F_AEGIS)


def _op_does_nothing(m, op, target) -> bool:
    """True when one targeted effect step can't change the target."""
    if op.to != S_TARGET:
        return False
    if op.op == OP_ATTUNE:
        return False
    if target < 8:
        return op.op in (OP_SILENCE, OP_TAP, OP_AEGIS)
    p, off = m._find(target)
    if p < 0:
        return False
    f = m.boards[p][off + R_FLAGS]
    if op.op == OP_SILENCE:
        return not _has_anything_to_silence(m, p, off)
    if op.op == OP_TAP:
        return bool(f & F_TAPPED)
    if op.op == OP_AEGIS:
        return bool(f & F_AEGIS)
    return False


def _effect_is_pointless(m, p, effect, target) -> bool:
    if not effect:
        return False
    for op in effect:
        if op.op == OP_ATTUNE:
            if m.g[RESERVE[p]] > 0:
                return False
            continue
        if op.to == S_TARGET and _op_does_nothing(m, op, target):
            continue
        return False
    return True


def pointless(m, a) -> bool:
    k = a[0]
    p = m.to_move()
    if k == PLAY:
        c = m.hands[p][a[1]]
        if c < 0 or C_IS_CREATURE[c] or C_KIND[c] == KIND_EQUIPMENT:
            return False
        return _effect_is_pointless(m, p, C_EFFECT[c], a[2])
    if k == ABILITY:
        _, off = m._find(a[1])
        card = m.boards[p][off + R_CARD]
        ab = C_ABILITY[card]
        return ab is not None and _effect_is_pointless(m, p, ab.effect, a[2])
    return False


# ---------------------------------------------------------------- quick combat maths
def _stats(m, p, off):
    b = m.boards[p]
    return m._might(b, off), m._endurance(b, off) - b[off + R_DMG], m._kw(b, off), b[off + R_FLAGS]


def _value(m, p, off) -> float:
    might, left, kw, f = _stats(m, p, off)
    card = m.boards[p][off + R_CARD]
    return might * 1.0 + left * 0.7 + C_GROW[card] * 1.5 + (1.0 if kw & K_GUARD else 0) + (1.2 if kw & K_VENOM else 0) + 1


def _fight(m, p, uid, target):
    """(kills, dies) for p's creature ``uid`` attacking enemy creature ``target``."""
    _, off = m._find(uid)
    q, doff = m._find(target)
    am, al, akw, af = _stats(m, p, off)
    dm, dl, dkw, df = _stats(m, q, doff)
    kills = am > 0 and not df & F_AEGIS and (am >= dl or akw & K_VENOM)
    dies = dm > 0 and not af & F_AEGIS and (dm >= al or dkw & K_VENOM)
    return bool(kills), bool(dies)


# ---------------------------------------------------------------- rollouts
def rollout(m, acts, rng):
    g = m.g
    ph = g[G_PHASE]
    if ph == PH_ATTUNE:
        return DEEP_ACT if (DEEP_ACT in acts and rng.random() < 0.35) else FLOW_ACT
    if ph != PH_MAIN:
        return acts[rng.randrange(len(acts))]
    p = g[G_ACTIVE]
    mine = m.boards[p][0::REC]
    me_t = player_target(p)
    hand = m.hands[p]
    ws = []
    for x in acts:
        k = x[0]
        if k == PLAY:
            c = hand[x[1]]
            w = 2.0 + C_COST[c]
            t = x[2]
            if t and C_TARGET[c] != T_NONE and not C_IS_CREATURE[c] and C_KIND[c] != KIND_EQUIPMENT:
                hostile = any(op.op in (OP_DAMAGE, OP_DESTROY, OP_SILENCE, OP_TAP) for op in C_EFFECT[c])
                if hostile == (t == me_t or t in mine):
                    w = 0.05
            ws.append(w)
        elif k == ATTACK:
            ws.append(3.0 if x[2] < 8 else 1.5)
        elif k == ABILITY:
            ws.append(1.0)
        elif k == END:
            ws.append(0.6)
        else:
            ws.append(0.5)
    return weighted_choice(acts, ws, rng)


# ---------------------------------------------------------------- the expert
def _best_spend(costs, budget) -> int:
    """Most Essence spendable from ``costs`` within ``budget`` (small knapsack)."""
    reach = 1
    for c in costs:
        if c <= budget:
            reach |= reach << c
    reach &= (1 << (budget + 1)) - 1
    return reach.bit_length() - 1


def _attune(m, me, acts):
    if DEEP_ACT not in acts:
        return acts[0]
    g = m.g
    veil, reserve = g[VEIL[me]], g[RESERVE[me]]
    costs = [C_COST[c] for c in m.hands[me] if c >= 0]
    flow = _best_spend(costs, veil + min(2, reserve))
    deep = _best_spend(costs, veil + min(4, reserve))
    if deep >= flow + 2 or (len(costs) >= 5 and deep > flow):
        return DEEP_ACT
    return FLOW_ACT


def _attack_score(m, me, x, ahead) -> float:
    """``ahead``: a bool, or a function giving it (asked only for an attack at the face)."""
    uid, t = x[1], x[2]
    _, off = m._find(uid)
    b = m.boards[me]
    if t < 8:
        might = m._might(b, off)
        if might > 0:
            if ahead.__class__ is not bool:
                ahead = ahead()
            return (2.0 if ahead else 1.0) + might * 0.3
        return -1
    # as _fight and _value, each creature read once
    q, doff = m._find(t)
    d = m.boards[q]
    am, al, akw, af = m._might(b, off), m._endurance(b, off) - b[off + R_DMG], m._kw(b, off), b[off + R_FLAGS]
    dm, dl, dkw, df = m._might(d, doff), m._endurance(d, doff) - d[doff + R_DMG], m._kw(d, doff), d[doff + R_FLAGS]
    kills = am > 0 and not df & F_AEGIS and (am >= dl or akw & K_VENOM)
    if not kills:
        return -3.0
    dies = dm > 0 and not af & F_AEGIS and (dm >= al or dkw & K_VENOM)
    theirs = (dm * 1.0 + dl * 0.7 + C_GROW[d[doff + R_CARD]] * 1.5 + (1.0 if dkw & K_GUARD else 0)
              + (1.2 if dkw & K_VENOM else 0) + 1)
    if not dies:
        return 4.0 + theirs * 0.3
    mine = (am * 1.0 + al * 0.7 + C_GROW[b[off + R_CARD]] * 1.5 + (1.0 if akw & K_GUARD else 0)
            + (1.2 if akw & K_VENOM else 0) + 1)
    return (theirs - mine) * 0.5 + 0.5


def expert_evaluate(m, p):
    return base_evaluate(m, p)


def expert(m, me, acts, rng):
    if len(acts) == 1:
        return acts[0]
    g = m.g
    ph = g[G_PHASE]
    if ph == PH_ATTUNE:
        return _attune(m, me, acts)
    if ph == PH_GUARD:
        attacker, target = g[G_ATTACKER], g[G_ATK_TARGET]
        ap, aoff = m._find(attacker)
        am, al, akw, _ = _stats(m, ap, aoff)
        best, best_s = (LET_THROUGH,), 0.0
        for x in acts:
            if x[0] != INTERCEPT:
                continue
            _, goff = m._find(x[1])
            gm, gl, gkw, gf = _stats(m, me, goff)
            survives = gf & F_AEGIS or (am < gl and not akw & K_VENOM)
            kills = gm >= al
            s = 0.0
            if survives:
                s += 3.0
            if kills:
                s += 2.0
            if target < 8 and am >= 3 or am >= m.g[LIFE[me]] - 4:
                s += 1.5 + am * 0.2
            if not survives and not kills:
                s -= 2.5
            if s > best_s:
                best, best_s = x, s
        return best
    # ---- main phase
    # the useful moves (not END, no pointless card or ability) sorted in one pass, each list
    # in the order of ``acts``: attacks (at the face), plays, spells and abilities that aim
    hand = m.hands[me]
    attacks, face, plays, targeted = [], [], [], []
    useful = False
    for x in acts:
        k = x[0]
        if k == ATTACK:
            attacks.append(x)
            if x[2] < 8:
                face.append(x)
        elif k == PLAY:
            if pointless(m, x):
                continue
            plays.append(x)
            c = hand[x[1]]
            if c >= 0 and not C_IS_CREATURE[c] and C_KIND[c] != KIND_EQUIPMENT:
                targeted.append(x)
        elif k == ABILITY:
            if pointless(m, x):
                continue
            targeted.append(x)
        elif k == END:
            continue
        useful = True
    if not useful:
        return END_ACT
    q = 1 - me
    life, olife = g[LIFE[me]], g[LIFE[q]]
    ev0 = None      # expert_evaluate(m, me), asked when first needed (it is a pure function)
    # 1. lethal: all ready attackers at the face
    if face:
        total = 0
        seen = set()
        for x in face:
            if x[1] not in seen:
                seen.add(x[1])
                total += _stats(m, me, m._find(x[1])[1])[0]
        if total >= olife:
            return max(face, key=lambda x: _stats(m, me, m._find(x[1])[1])[0])
    # 2. spells and abilities that aim at something: the one the evaluation likes best
    best_spell, best_gain = None, 0.02
    if targeted:
        ev0 = expert_evaluate(m, me)
    for x in targeted:
        gain = score_after(m, me, x, expert_evaluate) - ev0
        if gain > best_gain:
            best_spell, best_gain = x, gain
    if best_spell is not None:
        return best_spell
    # 3. equipment on a creature that can attack now (or the biggest one)
    equips = [x for x in plays if C_KIND[hand[x[1]]] == KIND_EQUIPMENT]
    if equips:
        return greedy_pick(m, me, equips, expert_evaluate)
    # 4. attacks: trade up, go face when ahead
    if attacks:
        # base_evaluate is expert_evaluate: asked only when an attack at the face needs it
        if ev0 is not None:
            ahead = ev0 >= -0.05 or olife <= life
        elif olife <= life:
            ahead = True
        else:
            memo = []

            def ahead():
                if not memo:
                    memo.append(expert_evaluate(m, me) >= -0.05)
                return memo[0]
        best, best_s = None, 0.5
        for x in attacks:
            s = _attack_score(m, me, x, ahead)
            if s > best_s:
                best, best_s = x, s
        if best is not None:
            return best
    # 5. curve out: the biggest creature (then any card) the Essence allows
    creatures = [x for x in plays if C_IS_CREATURE[hand[x[1]]]]
    if creatures:
        top = max(C_COST[hand[x[1]]] for x in creatures)
        return greedy_pick(m, me, [x for x in creatures if C_COST[hand[x[1]]] == top], expert_evaluate)
    rest = [x for x in plays if x not in targeted]
    if rest and ev0 is None:
        ev0 = expert_evaluate(m, me)
    for x in sorted(rest, key=lambda x: -C_COST[hand[x[1]]]):
        if score_after(m, me, x, expert_evaluate) >= ev0 - 0.01:
            return x
    return END_ACT


# ---------------------------------------------------------------- self-harming plays
#: at this Life or below a player keeps its last Guard ready unless it has lethal
LOW_LIFE = 6


def _board_power(m, p) -> int:
    """The Might ``p``'s creatures could bring at the face in ``p``'s next turn."""
    b = m.boards[p]
    return sum(max(0, m._might(b, off)) for off in range(0, len(b), REC))


def _opens_last_guard(m, p, uid) -> bool:
    b = m.boards[p]
    guards = [b[off] for off in range(0, len(b), REC)
              if not b[off + R_FLAGS] & F_TAPPED and m._kw(b, off) & K_GUARD]
    return guards == [uid]


def _lethal(m, p, acts) -> bool:
    """``p``'s attackers ready now bring the opponent's Life to 0 if all go face."""
    q = 1 - p
    seen, total = set(), 0
    for x in acts:
        if x[0] == ATTACK and x[2] < 8 and x[1] not in seen:
            seen.add(x[1])
            total += max(0, m._might(m.boards[p], m._find(x[1])[1]))
    return total >= m.g[LIFE[q]]


def harmful(m, a, acts=None) -> bool:
    """``a`` (for ``m.to_move()``) hurts its player: an attack or a "Tap:" ability that
    taps the last ready Guard at low Life (the Might of the opponent's creatures is at
    least that Life, or the Life is at most ``LOW_LIFE``) without lethal; ending the
    turn with Essence and a playable card while behind. ``acts``: the legal actions
    (read for lethal and for the cards that could be played). Read by the turn planner."""
    g = m.g
    if g[G_PHASE] != PH_MAIN:
        return False
    p = m.to_move()
    q = 1 - p
    acts = m.legal_actions() if acts is None else acts
    k = a[0]
    if k in (ATTACK, ABILITY):
        life = g[LIFE[p]]
        if not _opens_last_guard(m, p, a[1]):
            return False
        if life > LOW_LIFE and life > _board_power(m, q):
            return False
        return not _lethal(m, p, acts)
    if k == END:
        plays = [x for x in acts if x[0] == PLAY and not pointless(m, x)]
        if not plays:
            return False
        return g[LIFE[p]] < g[LIFE[q]] or base_evaluate(m, p) < 0.0
    return False


__all__ = ["pointless", "rollout", "expert", "harmful"]


#: the turn planner's knowledge of Essveil (engine.ai.planner): the repeat cap in the main
#: phase, and its levels: ``normal`` the default's with twice the guesses (6), plus hard's
#: first actions, fresh plans (20,000 iterations a turn) and reply beam: 56% against the
#: planner on seeds 9601-9650 before, 54% with the first actions and fresh plans alone;
#: ``hard`` plans afresh at every decision of its turn, scoring its 6 best plans and its 8
#: best first actions (the expert finishing the turn) on 16 guesses, the opponent's reply
#: searched as a beam of 3, then one more round by the expert: with 8 guesses it scored no
#: better than normal (53% against the planner on seeds 7001-7050, normal 52%), with 16
#: 62%, with 32 62% in twice the time; with 16 guesses one more round after the reply, or
#: its 3 best plans played out again by a planner, or an evaluation fitted to game
#: outcomes after the reply scored 52-58% on 40 of those games. Duplicate games against
#: the planner on seeds 9611-9660 (``engine.ai.figures``): the previous hard (16 guesses,
#: two more rounds, its plan followed) 51%; with 32 guesses and a wider beam 58%; the
#: first actions and a fresh plan each decision 58% (one more round; none: 53%, five:
#: 45%); with the reply as a beam 61-64%. A turn's fresh plans stop at 30,000 iterations
#: (a turn's p50 is about 17,000, its p95 45,000 without the limit).
PLANNER = {"capped_phase": "main",
           "levels": {"normal": {"redecide": True, "reply_width": 3, "reply_cap": 150,
                                 "turn_budget": 20000},
                      "hard": {"dets": 16, "finals": 6, "width": 6, "budget": 6000,
                               "redecide": True, "reply_width": 3, "reply_cap": 150,
                               "turn_budget": 30000}}}

#: The search levels kept from before the planner (``normal1``, ``hard1``; ``normal0``,
#: ``hard0`` read ``settings0``). Measured with the arena: hard with less exploration beat
#: normal 35 of 48 games, with the default 22 of 48. Uniformly random rollouts: with its
#: rollout policy hard scored 7 of 16 against normal0, without it 4 of 5 (and 2 of 3 head
#: to head); at 400 iterations the policy was even (14 of 26). Hard plays out its 10 best
#: moves with the expert, 4 turns deep (the tree search's hard, 4,000 iterations, scored
#: 24/40 against normal0; 400 playouts 2 turns deep 13/20).
SEARCH_LEVELS = {"settings": {"normal": {"policy": False},
                              "hard": {"c": 0.3, "policy": False, "playouts": 800, "top": 10, "horizon": 4}},
                 "settings0": {"hard": {"c": 0.3}}}
