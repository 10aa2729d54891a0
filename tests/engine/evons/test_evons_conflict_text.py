"""Evons log: a fight says where the two cards stand ("Cinder Fox on B2 fights Ember Imp on
C2: …"), and two of a kind are told apart by their cells ("Pyre Witch on B2 fights Pyre Witch
on C2: the one on B2 takes 5, …"), not "Pyre Witch takes 5, Pyre Witch takes 5"."""
import random

from engine.core.harness import starter_pair
from engine.evons.cards import cell_name
from engine.evons.match import EvonsMatch


def test_a_fight_names_the_cells_and_tells_two_of_a_kind_apart():
    plain = same = 0
    for seed in range(60):
        m = EvonsMatch.new(starter_pair("evons", seed), seed, None)
        r = random.Random(seed)
        while m.result() is None and (plain < 5 or same < 1):
            for e in m.apply(r.choice(m.legal_actions())):
                if e[0] != "conflict":
                    continue
                text = m.event_text(e)
                ca, cb = cell_name(e[5]), cell_name(e[6])
                assert f" on {ca} fights " in text and text.split(":")[0].endswith(f" on {cb}"), text
                if f"the one on {ca} takes {e[3]}, the one on {cb} takes {e[4]}." in text:
                    same += 1
                else:
                    plain += 1
        if plain >= 5 and same >= 1:
            break
    assert plain >= 5 and same >= 1
