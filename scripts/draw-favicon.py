#!/usr/bin/env python3
"""Draws Templates/assets/favicon-32.png, the 32 px PNG twin of Templates/assets/favicon.svg (a
coupe glass on the theme's accent colour), with the standard library only: each pixel is the
average of 16x16 samples of the same shapes the SVG draws. Deterministic; run it after changing
the SVG's shapes and commit the PNG. Usage: scripts/draw-favicon.py"""
import os
import struct
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.path.join(ROOT, "Templates", "assets", "favicon-32.png")
SIZE, SAMPLES = 32, 16
ACCENT, PAPER = (0xA3, 0x47, 0x2F), (0xF7, 0xF2, 0xEA)
GLASS = [(7, 8), (25, 8), (17.4, 17.2), (17.4, 23.5), (21.5, 25), (21.5, 26), (10.5, 26), (10.5, 25),
         (14.6, 23.5), (14.6, 17.2)]


def in_rounded_square(x, y, radius=7):
    cx, cy = min(max(x, radius), SIZE - radius), min(max(y, radius), SIZE - radius)
    return 0 <= x <= SIZE and 0 <= y <= SIZE and (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def in_polygon(x, y, points):
    inside = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def colour(x, y):
    """(r, g, b, a) of the point, painted in the SVG's order."""
    if not in_rounded_square(x, y):
        return None
    if in_polygon(x, y, GLASS) or (x - 21.5) ** 2 + (y - 7.5) ** 2 <= 2.6 ** 2:
        return PAPER
    return ACCENT


def pixel(px, py):
    totals, covered = [0, 0, 0], 0
    for i in range(SAMPLES):
        for j in range(SAMPLES):
            c = colour(px + (i + .5) / SAMPLES, py + (j + .5) / SAMPLES)
            if c:
                covered += 1
                totals = [t + v for t, v in zip(totals, c)]
    if not covered:
        return (0, 0, 0, 0)
    return tuple(round(t / covered) for t in totals) + (round(255 * covered / SAMPLES ** 2),)


def png(rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + bytes(v for p in row for v in p) for row in rows)
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


with open(TARGET, "wb") as handle:
    handle.write(png([[pixel(x, y) for x in range(SIZE)] for y in range(SIZE)]))
