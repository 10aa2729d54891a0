"""The shared match contract and the pieces every game and tool builds on."""
from .deck import Deck, load_deck, save_deck
from .files import FileProblem, atomic_write_json, atomic_write_text, read_json, set_aside
from .match import Action, Event, IllegalAction, Match, OptionSpec, Result
from .record import MatchRecord, load_record, save_record
from .rng import Rng, mix_seed, rng_step

__all__ = [
    "Action", "Deck", "Event", "FileProblem", "IllegalAction", "Match", "MatchRecord",
    "OptionSpec", "Result", "Rng", "atomic_write_json", "atomic_write_text", "load_deck",
    "load_record", "mix_seed", "read_json", "rng_step", "save_deck", "save_record", "set_aside",
]
