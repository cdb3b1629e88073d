"""The game's own seeded generator: dice and shuffles, identical on CPython and Pyodide.

A SplitMix64 sequence held in one integer, so a game's generator is copied by copying an int and
saved as a number in JSON. It does not depend on the ``random`` module, whose algorithms may
differ between Python versions.
"""

MASK64 = (1 << 64) - 1


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """Return the generator state for an integer seed (any int, reduced to 64 bits)."""
    return _mix(seed & MASK64)


def next_u64(state: int) -> tuple[int, int]:
    """Advance the state; return (new_state, a uniformly random 64-bit integer)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    return state, _mix(state)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, an integer uniform in [0, n)) by rejection sampling; n >= 1."""
    limit = MASK64 - (MASK64 + 1) % n
    while True:
        state, x = next_u64(state)
        if x <= limit:
            return state, x % n
