"""Cardhall's offline AI, written once against the match contract.

    from engine.ai import make_agent
    agent = make_agent("normal", seed=7)
    action = agent.choose(match)          # looks only through match.view(me)

Agents (``make_agent(name, seed)``):

* ``random`` — a uniformly random legal action.
* ``greedy`` — each legal action applied once to a guess of the hidden cards,
  scored by the game's evaluation (``engine/<game>/evaluation.py``); best one wins.
* ``easy`` — greedy that plays a random legal action one time in four. Instant.
* ``expert`` — a hand-crafted heuristic player per game (``engine.<game>.tactics.expert``),
  the sparring partner the levels are measured against. Instant.
* ``planner`` — the turn planner (:mod:`engine.ai.planner`): a beam search over its
  own actions within the turn, the best turns scored after the opponent's reply on
  a few guesses of the hidden cards; self-harming plays never chosen. Figures:
  ``engine/ai/figures/planner.md``.
* ``normal`` — the planner with more search: beside the beam's best plans, its
  best first actions finished by the expert, all checked against the reply, on
  more guesses of the hidden cards (``agents.PLANNER_LEVELS``, a game's
  ``PLANNER["levels"]``).
* ``hard`` — the planner with more still: more guesses, a wider beam, a larger
  budget and, in Essveil, fresh plans at each decision and more rounds played
  after the reply.
* ``normal1`` / ``hard1`` — the search levels before the planner (Information Set
  MCTS, or the expert's best moves played out, per game), kept to measure against;
  the hint and the review use ``hard1``'s search.
* ``normal0`` / ``hard0`` — the levels before the tactics (random rollouts,
  200 / 2,000 iterations), kept to measure progress against.
* ``search:N`` — the search with N iterations (for experiments).

Budgets count iterations (see ``agents.PLANNER_LEVELS`` and ``agents.BUDGETS``), so
the same view + seed + level always gives the same action. The AI never sees hidden cards: it takes
``match.view(me)`` once and samples the unknown only through
``view.determinize(me, seed)``.

For the client, :mod:`engine.ai.background` runs a decision (or any job: the
hint and the game review of :mod:`engine.ai.review`) in a thread without
blocking the UI. Commands: ``python -m engine arena GAME --agents A,B
--games N --seed S [--decks D1,D2]`` and ``python -m engine balance GAME``.
"""
from .agents import (AGENT_NAMES, LEVELS, GreedyAgent, LevelAgent, RandomAgent, SearchAgent,
                     make_agent)
from .base import Agent
from .evaluation import get_evaluator, register_evaluator

__all__ = ["AGENT_NAMES", "LEVELS", "Agent", "GreedyAgent", "LevelAgent", "RandomAgent", "SearchAgent",
           "get_evaluator", "make_agent", "register_evaluator"]
