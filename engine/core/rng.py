"""The match's own deterministic random number generator.

SplitMix64 on a single integer state: cloning is copying one int, the state is
plain JSON, and the same seed gives the same sequence on every platform.
Nothing in the engines may use :mod:`random` or the clock.
"""
from __future__ import annotations

import struct

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def rng_step(state: int) -> tuple[int, int]:
    """Pure form: ``(new_state, value)`` with value in ``[0, 2**64)``."""
    state = (state + _GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


_BLOCKS: dict = {}


def _block_consts(k: int) -> tuple:
    """The constants of a block of ``k`` lanes (computed once per ``k``)."""
    got = _BLOCKS.get(k)
    if got is None:
        ones = sum(1 << 128 * j for j in range(k))                  # lane j holds 1
        steps = sum((j + 1) << 128 * j for j in range(k))           # lane j holds j + 1
        got = _BLOCKS[k] = (ones, steps * _GOLDEN, ones * MASK64, 16 * k,
                            struct.Struct("<" + "Q8x" * k).unpack,    # each lane's low 64 bits
                            (_GOLDEN * k & MASK64) * ones)            # k golden steps in every lane
    return got


def next64_block(state: int, k: int) -> tuple[tuple, int]:
    """The next ``k`` values of :meth:`Rng.next64` from ``state`` at once, and the state
    after them: ``(values, new_state)``, exactly what ``k`` calls give.

    The ``k`` states ``state + j * golden`` sit in 128-bit lanes of one int, and the mixing
    runs on all lanes in each big-int operation (a product of a lane's 64 bits and a 64-bit
    constant fits in its lane; the lanes are cut back to 64 bits before each product). For
    loops that draw all the time (the self-play loop, rollouts) this costs about a third of
    the single steps."""
    ones, steps, lanes, nbytes, lows, _ = _BLOCKS.get(k) or _block_consts(k)
    x = (state * ones + steps) & lanes
    x = (((x ^ (x >> 30)) & lanes) * 0xBF58476D1CE4E5B9) & lanes
    x = (((x ^ (x >> 27)) & lanes) * 0x94D049BB133111EB) & lanes
    x ^= x >> 31        # (what the next lane shifts in lands in this lane's upper half, unread)
    return lows(x.to_bytes(nbytes, "little")), (state + _GOLDEN * k) & MASK64


def blocks64(state: int, k: int, first: int = 0):
    """An endless iterator over blocks of ``k`` values: the stream of :meth:`Rng.next64`
    from ``state``, each block exactly what :func:`next64_block` gives there (chain them
    for the values one by one). The lanes of the states are kept from block to block: the
    next block's are this block's plus ``k`` golden steps in every lane, one big-int sum
    instead of a product. With ``first``, the first block holds that many values (the
    same stream: a loop that nearly always needs about so many wastes less of the last block)."""
    if first:
        values, state = next64_block(state, first)
        yield values
    ones, steps, lanes, nbytes, lows, add = _BLOCKS.get(k) or _block_consts(k)
    x = (state * ones + steps) & lanes
    while True:
        y = (((x ^ (x >> 30)) & lanes) * 0xBF58476D1CE4E5B9) & lanes
        y = (((y ^ (y >> 27)) & lanes) * 0x94D049BB133111EB) & lanes
        y ^= y >> 31
        yield lows(y.to_bytes(nbytes, "little"))
        x = (x + add) & lanes


def mix_seed(*parts: int) -> int:
    """Derive a seed from several integers (for example match seed + purpose)."""
    s = 0x1234_5678_9ABC_DEF0
    for p in parts:
        s, v = rng_step((s ^ (int(p) & MASK64)) & MASK64)
        s ^= v
    return s & MASK64


class Rng:
    """Small object wrapper around :func:`rng_step`. ``state`` is a plain int."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = int(seed) & MASK64

    def next64(self) -> int:
        s = (self.state + _GOLDEN) & MASK64
        self.state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        return s ^ (s >> 31)

    def randrange(self, n: int) -> int:
        """Uniform integer in ``[0, n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError("randrange() needs n > 0")
        return self.next64() % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]``."""
        return lo + self.randrange(hi - lo + 1)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq):
        return seq[self.next64() % len(seq)]

    def shuffle(self, items: list) -> None:
        """In-place Fisher–Yates shuffle."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def clone(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def __eq__(self, other) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
