"""A small Essveil face whose rules text can't be read shows what the card does as
badges (keywords, else its effects with their amounts) — never an empty box."""


from client.tables.essveil.face import effect_badges, keywords_of
from engine.essveil import cards as C


def test_every_card_with_rules_text_has_badges_for_a_small_face():
    for c in C.CARDS.values():
        text = (getattr(c, "text", "") or "").strip()
        is_equipment = getattr(c, "bonus", None) is not None
        if text and not is_equipment:      # equipment shows its +Might/+Endurance in the stat boxes
            assert keywords_of(c) or effect_badges(c), c.name


def test_effect_badges_say_what_and_how_much():
    spark = next(c for c in C.CARDS.values() if c.name == "Spark")
    assert effect_badges(spark) == [("flame", (255, 140, 70), 2)]
    ward = next(c for c in C.CARDS.values() if c.name == "Aegis Ward")
    assert [b[0] for b in effect_badges(ward)] == ["bubble", "square"]


def test_a_small_spark_face_is_not_blank_where_its_text_would_be(monkeypatch):
    import pygame
    from client.cards import draw as D
    from client.tables.essveil import face as E
    pygame.init()
    got = []
    real = D.rules_or_icons

    def spy(*a, **k):
        got.append(real(*a, **k))
        return got[-1]
    monkeypatch.setattr(D, "rules_or_icons", spy)
    spark = next(c for c in C.CARDS.values() if c.name == "Spark")
    E.render(spark, 70, 98)
    assert got and got[-1] in ("text", "icons")


def test_a_small_face_says_what_a_trigger_does_not_only_that_it_triggers():
    """Hive Mother's hand card showed only the On Play badge; it shows the summon of 2 after it."""
    from client.tables.essveil.face import small_face_badges
    hive = next(c for c in C.CARDS.values() if c.name == "Hive Mother")
    got = small_face_badges(hive)
    assert got[0] == "On Play"
    assert got[1][0] == "claw" and got[1][2] == 2
    basilisk = next(c for c in C.CARDS.values() if c.name == "Spitting Basilisk")
    kws = small_face_badges(basilisk)
    assert all(k in kws for k in basilisk.keywords)     # plain keywords stay as they were
    spark = next(c for c in C.CARDS.values() if c.name == "Spark")
    assert small_face_badges(spark) == effect_badges(spark)     # a spell: its effects
