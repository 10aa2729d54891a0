"""From the engine's events to the Essveil table's animations.

:func:`build_animations` reads one action's events in order and returns the
queue items. The board tells the story in order: it starts from the state
*before* the action and steps forward one event at a time
(:class:`~client.tables.essveil.steps.Steps`), each step a
:class:`~client.table.kit.parts.Call` placed where that event's animation plays — a
creature appears when its card lands, a Life total drops when the damage number
pops, a creature leaves when it fades to the graveyard, a drawn card counts in
the hand when it arrives; the log tells each event at the same moment
(:class:`~client.table.kit.parts.LogStep`). Positions come from the table's layout of
the state at that point.
"""
from __future__ import annotations

import math

import pygame

from engine.core.match import event_view
from engine.core.text import possessive
from engine.essveil import match as EV
from engine.essveil.cards import CARDS
from engine.essveil.text import EVENTS

from client.cards import back_surface, card_surface
from client.table.kit.parts import Banner, Call, Flash, FloatText, LogStep, Wait
from client.ui.theme import PAL
from client.tables.essveil.anims import (AEGIS_COL, ATTACK_COL, DRAIN_COL, ESSENCE_COL, GROW_COL, GUARD_COL, VENOM_COL, Arrow,
                            Burst, FadeOut, FlyCard, IconPop, Lunge, RingPulse, Shake, Showcase, Vanish)
from client.tables.essveil.common import and_list
from client.tables.essveil.steps import Steps

GAME = "essveil"
COMBAT_KINDS = ("attack", "intercept", "let_through", "fight")


def _guards_blocked_by_veilstep(v, attacker_uid, target):
    """Guards of the defender that could have intercepted, were the attacker not Veilstep."""
    a = v.creature(attacker_uid)
    if a is None or "Veilstep" not in a["keywords"]:
        return []
    q = 1 - a["controller"]
    return [c for c in v.creatures(q) if "Guard" in c["keywords"] and not c["tapped"] and not c["intercepted"]
            and c["uid"] != target]


def build_animations(t, action, events, before, after):
    """The animations for ``events`` (``t`` is the table: geometry, names, settings)."""
    sc = t.app.scale
    s = t.s
    me = t.viewer
    if not t.reveal_all:
        events = [EV.EssveilMatch.mask_event(e, me) for e in events]
    views = [event_view(e, EVENTS) for e in events]
    steps = Steps(before, action, after)
    start_state = steps.state()
    states = []                              # states[i]: the display state once events[:i + 1] are shown
    for i, e in enumerate(events):
        steps.apply(e, i == len(events) - 1)
        states.append(steps.state())
    cur = {"state": start_state}             # the display state the queue has reached (at build time)
    st = {"fight": 0, "combat": False, "dying": 0, "played_uid": None, "attacker": None}
    out = [Call(lambda s0=start_state: t._show_state(s0))]

    def rects():
        return t.unit_rects(cur["state"])

    def rect_of(uid, where=None):
        """Where creature ``uid`` is drawn now (or in ``where``); the end state's place as a fallback."""
        got = t.unit_rects(where if where is not None else cur["state"]).get(uid)
        return got or t.unit_rects(after).get(uid) or t.unit_rects(before).get(uid)

    def target_rect(target, where=None):
        if target in (1, 2):
            return t.life_rect(target - 1)
        if target == EV.NO_TARGET:
            return None
        return rect_of(target, where)

    def card_img(cid, width):
        c = CARDS.get(cid)
        return card_surface(GAME, c, width) if c is not None else None

    def tip(start, target, tr):
        """Where an arrow from ``start`` at ``target`` ends: short of a player's Life
        number, so the number stays readable."""
        end = tr.center
        if target in (1, 2):
            dx, dy = end[0] - start[0], end[1] - start[1]
            dist = max(1.0, math.hypot(dx, dy))
            k = max(0.0, dist - s(34)) / dist
            end = (int(start[0] + dx * k), int(start[1] + dy * k))
        return end

    def unit_img(uid, rr):
        """Creature ``uid`` as it stands on the board now (damage, buffs, Equipment), for a lunge."""
        c = cur["state"].creature(uid)
        if c is None:
            return None
        c = dict(c, tapped=False, intercepted=False)
        img = pygame.Surface(rr.size, pygame.SRCALPHA)
        t._draw_unit(img, cur["state"], c["controller"], c, img.get_rect())
        return img

    def essence_note(p):
        """Where a note on ``p``'s Essence floats: beside the strip, on the board side of it,
        so it never covers the Veil's own labels."""
        sr, vr = t.strip_rect(p), t.veil_rect(p)
        y = sr.bottom + s(16) if t.row(p) == "opp" else sr.top - s(16)
        return (vr.centerx, y)

    def beat(anim):
        """Add ``anim``; inside a fight the hits land together (parallel after the first)."""
        if st["fight"] == 1:
            st["fight"] = 2
        elif st["fight"] == 2:
            anim.parallel = True
        out.append(anim)

    def advance(e, last):
        """The display state once ``e`` (the event being built) is shown."""
        cur["state"] = states[cur["i"]]
        return cur["state"]

    def show(state, parallel=True):
        """The board shows ``state`` from here: with the animation just added (``parallel``),
        or after it has played."""
        out.append(Call(lambda v=state: t._show_state(v), parallel=parallel))

    actor = before.to_move()
    played = action[0] == EV.PLAY
    n_ev = len(events)
    for i, (e, v) in enumerate(zip(events, views)):
        k = v.kind
        last = i == n_ev - 1
        cur["i"] = i
        pre_rects = rects()
        # the log tells each event as the board reaches it; inside a fight (the hits land
        # together) and among deaths (they leave together) it joins the group under way
        together = (st["fight"] == 2 and k in ("damage", "aegis_spent", "venom")) or \
            (st["dying"] > 0 and k in ("die", "vanish"))
        out.append(LogStep(i + 1, parallel=together))
        if k == "turn":
            p, turn = v.player, v.turn
            back = next((x.back for x in views if x.kind == "refresh" and x.player == p), 0)
            human = p in t.human_seats
            head = f"{possessive('You' if (human and t.mode == 'ai') else t.names[p], True)} turn"
            if after.is_first_turn_of(p) and after.turn() == turn:
                n = next((x.n for x in views if x.kind == "attune" and x.player == p), 0)
                sub = f"Turn {turn} · first turn: Flow only (+{n} Essence, draw a card)"
            else:
                sub = f"Turn {turn} · Refresh: creatures untap" + (
                    f", {back} spent Essence back to the Reserve" if back else "")
            out.append(Call(lambda: t._set_chip("refresh"), parallel=True))
            show(advance(e, last))
            out.append(Banner(head, sub, duration=1.0 if human or t.mode == "hotseat" else 0.7))
            out.append(Call(lambda: t._set_chip(None)))
        elif k == "refresh":
            show(advance(e, last))
            if v.back:
                out.append(FloatText(f"{v.back} spent Essence back to the Reserve", essence_note(v.player),
                                     ESSENCE_COL, size=int(18 * sc), rise=int(8 * sc), duration=0.8))
        elif k == "grow":
            rr = pre_rects.get(v.uid)
            if rr is not None:
                out.append(IconPop("sprout", rr.center, GROW_COL, f"Grow +{v.n}/+{v.n}", size=int(48 * sc),
                                   scale=sc, duration=0.7))
            show(advance(e, last))
        elif k == "attune":
            p, n, how = v.player, v.n, v.how
            vr = t.veil_rect(p)
            label = {"flow": "Flow", "deep": "Deep Attune", "pierce": "Pierce the Veil", "effect": "Attune"}.get(how, "")
            out.append(RingPulse(vr, ESSENCE_COL, sc, duration=0.5))
            out.append(FloatText(f"{label}: +{n} Essence", essence_note(p), ESSENCE_COL,
                                 size=int(20 * sc), rise=int(8 * sc), duration=0.8, parallel=True))
            show(advance(e, last))
        elif k == "draw":
            p = v.player
            state = advance(e, last)
            start = pygame.Rect(0, 0, s(40), s(56))
            start.center = t.deck_pos(p)
            end = t.seat_hand_rect(state, p, len(state.hands[p]) - 1)
            # in the hand (and counted) the moment it arrives
            out.append(FlyCard(back_surface(GAME, end.width), start, end, duration=0.3,
                               on_done=lambda v=state: t._show_state(v)))
        elif k == "no_draw":
            out.append(FloatText("Deck empty: no draw", t.deck_pos(v.player), PAL["muted"], size=int(18 * sc),
                                 duration=0.8))
            show(advance(e, last))
        elif k == "play":
            p, cid, target = v.player, v.card, v.target
            card = CARDS.get(cid)
            h = action[1] if played and p == actor else 0
            src = t.seat_hand_rect(cur["state"], p, h)
            state = advance(e, last)
            if card is None:
                show(state)
                continue
            if card.kind == "creature":
                j = next((j for j in range(i, n_ev) if views[j].kind == "enter" and views[j].player == p
                          and views[j].card == cid), None)
                st["played_uid"] = views[j].uid if j is not None else None
                dest = t.unit_rects(states[j]).get(views[j].uid) if j is not None else None
                if dest is None:
                    dest = pygame.Rect(0, 0, t.cw, t.ch)
                    dest.center = t.rows[t.row(p)].center
                st["dest"] = dest
                st["fly"] = FlyCard(card_img(cid, dest.width), src, dest, duration=0.4)
                out.append(st["fly"])
            elif card.kind == "equipment":
                dest = target_rect(target) or t.rows[t.row(p)]
                out.append(FlyCard(card_img(cid, s(60)), src, pygame.Rect(dest.centerx - s(30), dest.bottom - s(60),
                                                                      s(60), s(84)), duration=0.4))
            else:
                centre = t.band.center
                out.append(FlyCard(card_img(cid, s(100)), src, pygame.Rect(centre[0] - s(50), centre[1] - s(70),
                                                                       s(100), s(140)), duration=0.3))
            show(state)                            # the card leaves the hand as it starts to fly
            if card.kind == "spell":
                out.append(Showcase(card_img(cid, s(170)), centre, "", scale=sc, duration=0.8))
                tr = target_rect(target)
                if tr is not None:
                    out.append(Arrow(centre, tip(centre, target, tr), PAL["gold_hi"], max(4, s(6)), scale=sc, duration=0.5,
                                     parallel=True))
        elif k == "pay":
            p, life = v.player, v.life
            out[-1].parallel = True               # the LogStep: the price is paid as the card flies
            if life:
                out.append(FloatText(f"−{life} Life", t.life_pos(p), PAL["bad"], size=int(28 * sc), duration=0.8,
                                     parallel=True))
            show(advance(e, last))
        elif k == "enter":
            p, uid, cid = v.player, v.uid, v.card
            state = advance(e, last)
            rr = t.unit_rects(state).get(uid)
            if uid == st["played_uid"]:
                dest = rr or st.get("dest")
                fly = st.pop("fly", None)
                if fly is not None:                # on the board the moment its card lands
                    fly.on_done = lambda v=state: t._show_state(v)
                if dest is not None:
                    out.append(RingPulse(dest, (255, 212, 121), sc, duration=0.4))
                show(state)
                play = next((x for x in views[:i] if x.kind == "play" and x.card == cid), None)
                tr = target_rect(play.target, state) if play else None
                if tr is not None and dest is not None:
                    out.append(Arrow(dest.center, tip(dest.center, play.target, tr), PAL["gold_hi"], max(3, s(5)), scale=sc, duration=0.4))
                continue
            if rr is not None:
                token = CARDS[cid].kind == "token"
                out.append(RingPulse(rr, ESSENCE_COL if token else PAL["gold_hi"], sc, duration=0.45,
                                     label="token" if token else "returns"))
            show(state)
        elif k == "no_room":
            out.append(FloatText("Side full (7)", t.rows[t.row(v.player)].center, PAL["bad"], size=int(20 * sc)))
            show(advance(e, last))
        elif k == "equip":
            rr = pre_rects.get(v.target)
            if rr is not None:
                out.append(RingPulse(rr, (190, 210, 235), sc, duration=0.5, label=CARDS[v.item].name))
            show(advance(e, last))
        elif k == "fizzle":
            out.append(FloatText("No target: it fizzles", t.band.center, PAL["muted"], size=int(20 * sc),
                                 duration=0.8))
            show(advance(e, last))
        elif k == "ability":
            p, uid, cid, target = v.player, v.uid, v.card, v.target
            rr = pre_rects.get(uid)
            if rr is not None:
                out.append(RingPulse(rr, PAL["gold_hi"], sc, duration=0.45, label="Ability"))
                tr = target_rect(target)
                if tr is not None:
                    out.append(Arrow(rr.center, tip(rr.center, target, tr), PAL["gold_hi"], max(3, s(5)), scale=sc, duration=0.45,
                                     parallel=True))
            show(advance(e, last))
        elif k == "attack":
            p, uid, target = v.player, v.uid, v.target
            st["combat"] = True
            st["attacker"] = uid
            ar, tr = pre_rects.get(uid), target_rect(target)
            state = advance(e, last)
            if ar is None or tr is None:
                show(state)
                continue
            blocked = _guards_blocked_by_veilstep(before, uid, target)
            label = "Veilstep: no Guard can intercept" if blocked else ""
            out.append(Arrow(ar.center, tip(ar.center, target, tr), ATTACK_COL, max(4, s(6)), label=label, scale=sc,
                             duration=1.2 if blocked else 0.4))
            show(state)
            if blocked and (1 - p) in t.human_seats:
                names = and_list([CARDS[c["card"]].name for c in blocked])
                note = f"Veilstep: {CARDS[v.card].name} can't be intercepted, so {names} can't step in."
                # told with the attack's arrow, after the attack's own line
                out.append(Call(lambda n=note: t.log.add(n, kind="info"), parallel=True))
            if after.phase() == "guard" and after.to_move() in t.human_seats and t.mode != "watch":
                who = "You are attacked" if t.mode == "ai" else f"{t.names[after.to_move()]}: you are attacked"
                out.append(Banner(who, "A Guard may intercept: click a lit Guard, or let the attack through",
                                  PAL["info"], duration=1.0))
        elif k == "intercept":
            uid, attacker = v.uid, v.attacker
            st["combat"] = True
            st["attacker"] = attacker
            gr, ar = pre_rects.get(uid), pre_rects.get(attacker)
            if gr is not None:
                out.append(IconPop("shield", gr.center, GUARD_COL, "Guard intercepts", size=int(56 * sc), scale=sc,
                                   duration=0.7))
                if ar is not None:
                    out.append(Arrow(ar.center, gr.center, ATTACK_COL, max(4, s(6)), scale=sc, duration=0.5,
                                     parallel=True))
            show(advance(e, last))
        elif k == "let_through":
            st["combat"] = True
            pa = before.pending_attack()
            if pa is not None:
                st["attacker"] = pa[0]
            show(advance(e, last))
        elif k == "fight":
            uid, target = v.uid, v.target
            ar, tr = pre_rects.get(uid), pre_rects.get(target)
            if ar is not None and tr is not None:
                out.append(Lunge(unit_img(uid, ar), ar, tr.center, duration=0.45))
                out.append(Lunge(unit_img(target, tr), tr, ar.center, reach=0.2, duration=0.45,
                                 parallel=True))
            show(advance(e, last))
            st["fight"] = 1
        elif k == "damage":
            tgt, n = v.target, v.n
            if tgt in (1, 2):
                seat = tgt - 1
                if st["combat"] and st["attacker"] is not None and st["fight"] == 0:
                    ar = pre_rects.get(st["attacker"])
                    img = unit_img(st["attacker"], ar) if ar is not None else None
                    if img is not None:      # the attacker strikes the player (before the log tells the blow)
                        out.insert(len(out) - 1, Lunge(img, ar, t.info_rect(seat).center, reach=0.55, duration=0.5))
                        st["fight"] = 1
                beat(FloatText(f"−{n}", t.life_pos(seat), PAL["bad"], size=int(40 * sc), rise=int(50 * sc),
                               duration=0.9))
                out.append(Shake(t.info_rect(seat), sc, duration=0.4, parallel=True))
            else:
                rr = pre_rects.get(tgt)
                if rr is not None:
                    beat(FloatText(f"−{n}", (rr.centerx, rr.centery - s(10)), PAL["bad"], size=int(38 * sc),
                                   rise=int(44 * sc), duration=0.75))
                    out.append(Flash(rr, PAL["bad"], duration=0.35, parallel=True))
            show(advance(e, last))                 # the Life / damage changes as the number pops
        elif k == "aegis_spent":
            rr = pre_rects.get(v.uid)
            if rr is not None:
                beat(Burst(rr.center, rr.width * 0.62, AEGIS_COL, f"Aegis stops {v.n}", scale=sc, duration=0.8))
            show(advance(e, last))
        elif k == "aegis":
            rr = pre_rects.get(v.uid)
            if rr is not None:
                out.append(RingPulse(rr, AEGIS_COL, sc, duration=0.5, label="Aegis"))
            show(advance(e, last))
        elif k == "aegis_stands":
            rr = pre_rects.get(v.uid)
            if rr is not None:
                out.append(FloatText("Aegis already up", rr.center, AEGIS_COL, size=int(18 * sc), duration=0.8))
            show(advance(e, last))
        elif k == "venom":
            rr = pre_rects.get(v.uid)
            if rr is not None:
                beat(IconPop("skull", rr.center, VENOM_COL, "Venom", size=int(52 * sc), scale=sc, duration=0.8))
            show(advance(e, last))
        elif k == "heal":
            p, n = v.player, v.n
            drain = st["combat"] and not st["dying"]
            lp = t.life_pos(p)
            if drain:
                beat(IconPop("drop", (lp[0] + s(40), lp[1]), DRAIN_COL, "Drain", size=int(40 * sc), scale=sc,
                             duration=0.8))
                out.append(FloatText(f"+{n}", lp, PAL["good"], size=int(38 * sc), rise=int(44 * sc), duration=0.9,
                                     parallel=True))
            else:
                beat(FloatText(f"+{n} Life", lp, PAL["good"], size=int(32 * sc), rise=int(44 * sc), duration=0.9))
            show(advance(e, last))
        elif k == "buff":
            rr = pre_rects.get(v.uid)
            if rr is not None:
                out.append(FloatText(f"+{v.might}/+{v.endurance}", rr.center, GROW_COL, size=int(30 * sc), duration=0.8))
            show(advance(e, last))
        elif k == "silence":
            rr = pre_rects.get(v.uid)
            if rr is not None:
                out.append(IconPop("mute", rr.center, (210, 210, 220), "Silenced", size=int(52 * sc), scale=sc))
            show(advance(e, last))
        elif k == "destroy":
            rr = pre_rects.get(v.uid)
            if rr is not None:
                out.append(IconPop("cross", rr.center, PAL["bad"], "Destroyed", size=int(52 * sc), scale=sc))
            show(advance(e, last))
        elif k == "tap":
            rr = pre_rects.get(v.uid)
            if rr is not None:
                out.append(FloatText("tapped", rr.center, PAL["muted"], size=int(22 * sc), duration=0.7))
            show(advance(e, last))
        elif k in ("die", "vanish"):
            p, uid, cid = v.player, v.uid, v.card
            rr = pre_rects.get(uid)
            if st["dying"] == 0:
                out.append(Wait(0.1))
            st["fight"] = 0
            if rr is not None:
                img = card_img(cid, rr.width)
                if k == "die":
                    anim = FadeOut(img, rr, t.grave_pos(p), duration=0.6)
                else:
                    anim = Vanish(img, rr, sc, duration=0.6)
                anim.parallel = st["dying"] > 0
                out.append(anim)
            st["dying"] += 1
            show(advance(e, last))                 # off the board as its card fades to the graveyard
        elif k == "equipment_destroyed":
            out.append(FloatText(f"{CARDS[v.card].name} destroyed", t.grave_pos(v.player), PAL["muted"],
                                 size=int(16 * sc), duration=0.7, parallel=True))
            show(advance(e, last))
        elif k == "last_rites":
            p, uid, cid = v.player, v.uid, v.card
            rr = t.unit_rects(before).get(uid)
            centre = rr.center if rr is not None else t.grave_pos(p)
            st["dying"] = 0
            st["combat"] = False
            out.append(IconPop("tomb", centre, (200, 190, 175), f"Last Rites: {CARDS[cid].name}", size=int(56 * sc),
                               scale=sc, duration=0.9))
            show(advance(e, last))
        else:
            show(advance(e, last))
    return out
