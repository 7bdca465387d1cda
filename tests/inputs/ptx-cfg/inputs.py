"""The launch shape and the input array of every tests/inputs/ptx-cfg kernel (see README.md).

Every kernel is launched as kernel(out, in, n) with GRID blocks of BLOCK threads; `in` holds
N_IN u32 words, the low 32 bits of successive splitmix64 draws seeded with SEED (the
`random-bits` generator of tests/exec/kernels.json); `out` holds OUT_WORDS u32 words, every
byte 0xA5 before the launch.
"""
GRID = 2
BLOCK = 64
N_IN = 256
OUT_WORDS = 2 * GRID * BLOCK
SEED = 0xC0FFEE
M64 = (1 << 64) - 1


def splitmix64(seed):
    state = seed & M64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        yield z ^ (z >> 31)


def input_words():
    g = splitmix64(SEED)
    return [next(g) & 0xFFFFFFFF for _ in range(N_IN)]


def read_expected(path):
    """The words of an expected/<kernel>.txt file ('#' lines are comments)."""
    words = []
    with open(path) as f:
        for line in f:
            if not line.startswith('#'):
                words.extend(int(w, 16) for w in line.split())
    return words
