"""A small Everdawn face whose rules text can't be read (the lanes at 1280x720) shows what the
card does, not only when: Dragonblood showed the "When played" badge alone; now the badge is
followed by a sword with its +3. A spell that names a trigger in its text ("Its On death effect
triggers", "Champion") does not get that trigger's badge."""


from client.tables.everdawn.face import effect_badges, icons_of
from engine.everdawn.cards import CARDS


def _icons(card_id):
    return [(icon, n) for icon, _col, n in icons_of(CARDS[card_id])]


def test_a_trigger_is_followed_by_what_it_does_with_its_amount():
    assert _icons("dragonblood") == [("play", ""), ("sword", 3)]
    assert _icons("oathsworn_knight") == [("tomb", ""), ("square", 2)]
    assert _icons("storm_caller") == [("tomb", ""), ("banner", 8)]
    assert _icons("gate_warden") == [("play", ""), ("shield", "")]      # fetches an armour


def test_spells_show_their_effects_and_no_trigger_they_only_name():
    assert _icons("divine_destruction") == [("stars", ""), ("sword", 5)]
    assert _icons("battle_fury") == [("stars", ""), ("sword", 2), ("shield", 1)]
    berries = _icons("lithriels_berries")
    assert berries == [("stars", ""), ("tomb", "")]
    assert ("crown", "") not in _icons("road_sanctuary") and ("play", "") not in _icons("road_sanctuary")


def test_every_card_with_an_effect_says_something_of_it():
    for c in CARDS.values():
        if c.effect:
            assert effect_badges(c), c.name


def test_a_small_dragonblood_face_draws_its_badges(monkeypatch):
    import pygame
    from client.cards import draw as D
    from client.tables.everdawn import face as E
    pygame.init()
    got = []
    real = D.rules_or_icons

    def spy(*a, **k):
        got.append((real(*a, **k), a[3]))
        return got[-1][0]
    monkeypatch.setattr(D, "rules_or_icons", spy)
    E.render(CARDS["dragonblood"], 104, 150)
    assert got and got[-1][0] == "icons" and [i[0] for i in got[-1][1]] == ["play", "sword"]
