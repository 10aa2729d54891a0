"""Cardhall's offline AI, written once against the match contract.

    from engine.ai import make_agent
    agent = make_agent("normal", seed=7)
    action = agent.choose(match)          # looks only through match.view(me)

Levels ``easy`` / ``normal`` / ``hard`` work in every game; ``random`` and
``greedy`` are the baselines. For the client, :mod:`engine.ai.background`
runs a decision without blocking the UI.
"""
from .agents import (AGENT_NAMES, LEVELS, Agent, GreedyAgent, LevelAgent, RandomAgent, SearchAgent,
                     make_agent)
from .evaluation import get_evaluator, register_evaluator

__all__ = ["AGENT_NAMES", "LEVELS", "Agent", "GreedyAgent", "LevelAgent", "RandomAgent", "SearchAgent",
           "get_evaluator", "make_agent", "register_evaluator"]
