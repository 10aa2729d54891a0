"""Evons rules engine (work in progress)."""
from engine.core.match import Match


class EvonsMatch(Match):
    GAME = "evons"
