#!/usr/bin/env python3
"""Draw the app icons: a white rose on a murrey-and-blue field (Richard III's livery colours).

    python tools/make_icons.py OUT_DIR

Writes icon-192.png, icon-512.png, icon-maskable-512.png (motif inside the safe zone),
apple-touch-icon.png (180) and favicon-32.png. Standard library only: shapes are signed
distance functions, shaded with one sample a pixel and an anti-aliased edge; PNGs are written
with zlib and struct. build.py runs this when the script changes and caches the result.
"""

import math
import struct
import sys
import zlib
from pathlib import Path

MURREY = (109, 26, 54)
BLUE = (31, 63, 122)
PETAL = (246, 242, 232)
PETAL_EDGE = (176, 164, 140)
GOLD = (214, 164, 32)
GREEN = (52, 104, 52)


def circle(cx, cy, r):
    return lambda x, y: math.hypot(x - cx, y - cy) - r


def union(*shapes):
    return lambda x, y: min(s(x, y) for s in shapes)


def ring(n, dist, r, phase):
    return union(*(circle(dist * math.cos(phase + 2 * math.pi * k / n),
                          dist * math.sin(phase + 2 * math.pi * k / n), r) for k in range(n)))


def rose(scale):
    """Layers of (shape, fill colour, edge colour or None), back to front; unit radius 1."""
    up = -math.pi / 2
    s = scale
    return [
        (ring(5, 0.50 * s, 0.10 * s, up + math.pi / 5), GREEN, None),
        (ring(5, 0.31 * s, 0.28 * s, up), PETAL, PETAL_EDGE),
        (ring(5, 0.16 * s, 0.17 * s, up + math.pi / 5), PETAL, PETAL_EDGE),
        (circle(0, 0, 0.12 * s), GOLD, (150, 110, 20)),
    ]


def blend(under, over, alpha):
    return tuple(u + (o - u) * alpha for u, o in zip(under, over))


def draw(size, scale):
    layers = rose(scale)
    px = 2.0 / size  # one pixel in unit coordinates
    edge = max(0.012, 1.2 * px)
    rows = []
    for j in range(size):
        y = (j + 0.5) * px - 1
        row = bytearray()
        for i in range(size):
            x = (i + 0.5) * px - 1
            colour = MURREY if x < 0 else BLUE
            if abs(x) < px / 2:
                colour = blend(MURREY, BLUE, 0.5)
            for shape, fill, outline in layers:
                d = shape(x, y)
                if d > px:
                    continue
                alpha = min(1.0, max(0.0, 0.5 - d / px))
                inner = fill
                if outline is not None:
                    inner = blend(fill, outline, min(1.0, max(0.0, 0.5 - (-d - edge) / px)))
                colour = blend(colour, inner, alpha)
            row += bytes(round(c) for c in colour)
        rows.append(bytes(row))
    return rows


def png(rows, size):
    raw = b"".join(b"\0" + row for row in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + \
            struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + \
        chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


ICONS = {
    "icon-192.png": (192, 1.25),
    "icon-512.png": (512, 1.25),
    "icon-maskable-512.png": (512, 1.0),
    "apple-touch-icon.png": (180, 1.15),
    "favicon-32.png": (32, 1.35),
}


def main(argv):
    if len(argv) != 1:
        sys.exit(__doc__)
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    for name, (size, scale) in ICONS.items():
        (out / name).write_bytes(png(draw(size, scale), size))


if __name__ == "__main__":
    main(sys.argv[1:])
