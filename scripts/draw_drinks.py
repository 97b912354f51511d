#!/usr/bin/env python3
"""Draw the illustrations for the sample drinks site.

Reads every Site/recipes/<slug>.md, looks at its front matter (`glass:` and
`image:`) and writes a flat-style SVG of the drink in its glass to the path
named by `image:` (normally Site/images/<slug>.svg).

Standard library only. Output is deterministic: any randomness (ice, bubbles)
comes from a generator seeded with the slug, so re-running gives the same bytes.

    python3 scripts/draw_drinks.py            # all recipes
    python3 scripts/draw_drinks.py negroni    # just some slugs
"""
import math
import os
import random
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, "Site")
W, H, CX = 400, 500, 200  # H is the height of the drawing space the glasses are laid out in

# Each glass is drawn in a 400x500 space (base near y=441).  The canvas it is
# written to has a height that suits the glass, so the gallery gets a mix of
# aspect ratios; the whole composition is scaled about the centre line and
# shifted so that the band [top, BOTTOM] of the drawing (garnish top to shadow)
# sits centred in the canvas.  glass -> (canvas height, scale, top)
BOTTOM = 447
LAYOUT = {
    # tall
    "Collins": (600, 1.2, 36),
    "Highball": (600, 1.2, 62),
    "Flute": (600, 1.24, 36),
    "Hurricane": (600, 1.2, 22),
    "Tiki mug": (600, 1.3, 84),
    # medium
    "Wine glass": (520, 1.2, 100),
    "Julep cup": (520, 1.1, 76),
    "Copper mug": (480, 1.22, 146),
    "Irish coffee glass": (520, 1.06, 50),
    "Martini": (520, 1.12, 118),
    # short / wide
    "Rocks": (440, 1.2, 200),
    "Coupe": (440, 1.15, 150),
    "Nick & Nora": (440, 1.15, 140),
}

GLASS_LINE = "#566b7d"

# --------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------


def num(v):
    if isinstance(v, str):
        return v
    r = round(float(v), 1)
    return str(int(r)) if r == int(r) else str(r)


def el(tag, _body=None, **a):
    parts = []
    for k, v in a.items():
        if v is None:
            continue
        k = {"href": "xlink:href", "cls": "class"}.get(k, k.replace("_", "-"))
        parts.append(' %s="%s"' % (k, num(v)))
    if _body is None:
        return "<%s%s/>" % (tag, "".join(parts))
    return "<%s%s>%s</%s>" % (tag, "".join(parts), _body, tag)


def rgb(h):
    h = h.lstrip("#")
    return [int(h[i:i + 2], 16) for i in (0, 2, 4)]


def mix(a, b, t):
    A, B = rgb(a), rgb(b)
    return "#%02x%02x%02x" % tuple(round(A[i] + (B[i] - A[i]) * t) for i in range(3))


def pts(*xy):
    return " ".join(num(v) for v in xy)


# --------------------------------------------------------------------------
# Paths: a list of ("M", x, y) / ("L", x, y) / ("Q", ...) / ("C", ...) segments.
# The same data gives the SVG `d` string and a polyline used for geometry.
# --------------------------------------------------------------------------


def d_of(segs, close=True):
    out = []
    for s in segs:
        out.append(s[0] + " ".join(num(v) for v in s[1:]))
    d = " ".join(out)
    return d + ("Z" if close else "")


def polyline(segs, n=20):
    p, cur = [], None
    for s in segs:
        c = s[0]
        if c in "ML":
            cur = (s[1], s[2])
            p.append(cur)
        elif c == "Q":
            x0, y0 = cur
            for i in range(1, n + 1):
                t = i / n
                u = 1 - t
                p.append((u * u * x0 + 2 * u * t * s[1] + t * t * s[3],
                          u * u * y0 + 2 * u * t * s[2] + t * t * s[4]))
            cur = (s[3], s[4])
        elif c == "C":
            x0, y0 = cur
            for i in range(1, n + 1):
                t = i / n
                u = 1 - t
                p.append((u ** 3 * x0 + 3 * u * u * t * s[1] + 3 * u * t * t * s[3] + t ** 3 * s[5],
                          u ** 3 * y0 + 3 * u * u * t * s[2] + 3 * u * t * t * s[4] + t ** 3 * s[6]))
            cur = (s[5], s[6])
    p.append(p[0])
    return p


def span(poly, y):
    """Leftmost and rightmost x where the closed polyline crosses height y."""
    xs = []
    for (x1, y1), (x2, y2) in zip(poly, poly[1:]):
        if (y1 - y) * (y2 - y) <= 0 and y1 != y2:
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    if not xs:
        return CX, CX
    return min(xs), max(xs)


# --------------------------------------------------------------------------
# Glasses
# --------------------------------------------------------------------------

def tumbler(top, bot, xl, xr, inset, base):
    bl, br = xl + inset, xr - inset
    return dict(
        kind="glass",
        bowl=[("M", xl, top), ("L", bl, bot - 8), ("Q", bl, bot, bl + 9, bot),
              ("L", br - 9, bot), ("Q", br, bot, br, bot - 8), ("L", xr, top)],
        rim=(top, xl, xr), base=base, floor=base)


def stemmed(bowl, rim, floor, stem_top, foot_y, foot_rx):
    return dict(kind="glass", bowl=bowl, rim=rim, floor=floor,
                stem=(stem_top, foot_y, foot_rx))


GLASSES = {
    "Rocks": dict(tumbler(232, 440, 104, 296, 10, 414), level=282),
    "Highball": dict(tumbler(128, 440, 132, 268, 6, 420), level=160),
    "Collins": dict(tumbler(98, 440, 146, 254, 3, 422), level=130),
    "Coupe": dict(stemmed([("M", 88, 205), ("C", 92, 268, 150, 288, 200, 288),
                           ("C", 250, 288, 308, 268, 312, 205)],
                          (205, 88, 312), 286, 286, 426, 62), level=216),
    "Nick & Nora": dict(stemmed([("M", 130, 180), ("C", 130, 262, 162, 302, 200, 302),
                                 ("C", 238, 302, 270, 262, 270, 180)],
                                (180, 130, 270), 300, 300, 426, 54), level=198),
    "Martini": dict(stemmed([("M", 70, 160), ("L", 193, 293), ("Q", 200, 301, 207, 293),
                             ("L", 330, 160)],
                            (160, 70, 330), 296, 297, 426, 64), level=178),
    "Flute": dict(stemmed([("M", 163, 78), ("C", 161, 185, 170, 292, 200, 300),
                           ("C", 230, 292, 239, 185, 237, 78)],
                          (78, 163, 237), 298, 298, 426, 50), level=104),
    "Wine glass": dict(stemmed([("M", 142, 118), ("C", 112, 190, 108, 255, 136, 287),
                                ("C", 160, 312, 240, 312, 264, 287),
                                ("C", 292, 255, 288, 190, 258, 118)],
                               (118, 142, 258), 305, 305, 426, 60), level=160),
    "Hurricane": dict(stemmed([("M", 142, 98), ("C", 150, 160, 172, 200, 170, 240),
                               ("C", 168, 280, 128, 300, 132, 345),
                               ("C", 136, 385, 170, 394, 200, 394),
                               ("C", 230, 394, 264, 385, 268, 345),
                               ("C", 272, 300, 232, 280, 230, 240),
                               ("C", 228, 200, 250, 160, 258, 98)],
                              (98, 142, 258), 392, 392, 426, 56), level=126),
    "Irish coffee glass": dict(stemmed([("M", 134, 150), ("L", 141, 312),
                                        ("Q", 143, 336, 168, 336), ("L", 232, 336),
                                        ("Q", 257, 336, 259, 312), ("L", 266, 150)],
                                       (150, 134, 266), 335, 335, 424, 56),
                               level=166, handle="M262 186C316 186 322 292 259 296"),
    "Copper mug": dict(kind="copper",
                       bowl=[("M", 116, 218), ("L", 121, 426), ("Q", 122, 436, 132, 436),
                             ("L", 268, 436), ("Q", 278, 436, 279, 426), ("L", 284, 218)],
                       rim=(218, 116, 284)),
    "Julep cup": dict(kind="julep",
                      bowl=[("M", 128, 224), ("L", 142, 410), ("L", 258, 410), ("L", 272, 224)],
                      rim=(224, 128, 272)),
    "Tiki mug": dict(kind="tiki",
                     bowl=[("M", 140, 168), ("C", 128, 250, 128, 360, 140, 436),
                           ("L", 260, 436), ("C", 272, 360, 272, 250, 260, 168)],
                     rim=(168, 140, 260)),
}

# --------------------------------------------------------------------------
# Fruit and garnish colours
# --------------------------------------------------------------------------

FRUIT = {  # rind, pith, flesh
    "lime": ("#4f9e32", "#eef6d8", "#c5e07a"),
    "lemon": ("#f2c81f", "#fbf5d6", "#f9e27a"),
    "orange": ("#f0821a", "#fff0d8", "#ffb347"),
    "grapefruit": ("#f29a52", "#fff0e4", "#f4736a"),
}


class Ctx:
    def __init__(self, slug, glass, spec):
        self.slug, self.g, self.s = slug, glass, spec
        self.rng = random.Random("gallerygen:" + slug)
        self.rim_y, self.xl, self.xr = glass["rim"]
        self.poly = polyline(glass["bowl"])
        self.level = spec.get("level", glass.get("level", self.rim_y))
        self.floor = glass.get("floor", glass["rim"][0])
        self.defs = []
        self.layers = {"back": [], "in": [], "rim": [], "front": []}
        self.used = set()

    def id(self, name):
        return "%s-%s" % (self.slug, name)

    def ref(self, name):
        return "url(#%s)" % self.id(name)

    def need(self, what):
        if what in self.used:
            return
        self.used.add(what)
        if what == "leaf":
            self.defs.append(el("g", el("path", d="M0 0C7-7 8-17 0-26C-8-17-7-7 0 0Z")
                                + el("path", d="M0-3V-21", stroke="#fff", stroke_opacity=".4",
                                     stroke_width="1.2", fill="none"), id=self.id("leaf")))
        elif what == "dots":
            self.defs.append(el("pattern", el("circle", cx=2, cy=2, r=1.4)
                                + el("circle", cx=5.5, cy=5.5, r=1.1),
                                id=self.id("dots"), width=7, height=7, fill="#b7c4ce",
                                patternUnits="userSpaceOnUse"))

    def add(self, layer, s):
        self.layers[layer].append(s)

    def surface_span(self, y=None):
        return span(self.poly, self.level if y is None else y)


# --------------------------------------------------------------------------
# Garnish primitives (each returns an SVG string)
# --------------------------------------------------------------------------


def leaf(c, x, y, ang, sc=1.0, fill="#3f9444"):
    c.need("leaf")
    return el("use", href="#" + c.id("leaf"), fill=fill,
              transform="translate(%s %s) rotate(%s) scale(%s)" % (num(x), num(y), num(ang), num(sc)))


def sprig(c, x, y, ang, length, sc=1.0, fr=(0.45, 0.65, 0.85)):
    a = math.radians(ang)
    tx, ty = x + length * math.sin(a), y - length * math.cos(a)
    out = [el("line", x1=x, y1=y, x2=tx, y2=ty, stroke="#3c7d33", stroke_width=3,
              stroke_linecap="round")]
    for i, f in enumerate(fr):
        px, py = x + (tx - x) * f, y + (ty - y) * f
        s = sc * (0.8 + 0.2 * f)
        out.append(leaf(c, px, py, ang - 55, s, "#3f9444" if i % 2 else "#56ab4f"))
        out.append(leaf(c, px, py, ang + 55, s, "#56ab4f" if i % 2 else "#3f9444"))
    out.append(leaf(c, tx, ty + 2, ang, sc * 1.05, "#4aa04a"))
    return "".join(out)


def wheel(x, y, r, fruit, ang=0):
    rind, pith, flesh = FRUIT[fruit]
    segs = "".join("M0 0L%s %s" % (num((r - 6) * math.cos(math.radians(a))),
                                   num((r - 6) * math.sin(math.radians(a))))
                   for a in range(0, 360, 45))
    return el("g", el("circle", r=r, fill=rind) + el("circle", r=r - 3.5, fill=pith)
              + el("circle", r=r - 6, fill=flesh)
              + el("path", d=segs, stroke=pith, stroke_width=2),
              transform="translate(%s %s) rotate(%s)" % (num(x), num(y), num(ang)))


def wedge(x, y, r, fruit, ang=0):
    rind, pith, flesh = FRUIT[fruit]
    d = lambda rr: "M%s 0A%s %s 0 0 0 %s 0Z" % (num(-rr), num(rr), num(rr), num(rr))
    lines = "".join("M0 0L%s %s" % (num((r - 6) * math.cos(math.radians(a))),
                                    num((r - 6) * math.sin(math.radians(a))))
                    for a in (45, 90, 135))
    return el("g", el("path", d=d(r), fill=rind) + el("path", d=d(r - 4), fill=pith)
              + el("path", d=d(r - 7), fill=flesh)
              + el("path", d=lines, stroke=pith, stroke_width=1.6),
              transform="translate(%s %s) rotate(%s)" % (num(x), num(y), num(ang)))


def twist(x, y, fruit, flip=False):
    rind = FRUIT[fruit][0]
    d = "M0 0C16-18 40-8 30 10C22 26-6 22 2 42C7 54 24 58 32 50"
    return el("g", el("path", d=d, stroke=mix(rind, "#000000", 0.12), stroke_width=9)
              + el("path", d=d, stroke=rind, stroke_width=6)
              + el("path", d=d, stroke="#fff", stroke_opacity=".45", stroke_width=1.5),
              fill="none", stroke_linecap="round",
              transform="translate(%s %s)%s" % (num(x), num(y), " scale(-1 1)" if flip else ""))


def cherry(x, y, r=12, stem=True):
    out = ""
    if stem:
        out += el("path", d="M%s %sq3-18 18-30" % (num(x), num(y - r + 2)), stroke="#6b3b1e",
                  stroke_width=2.5, fill="none", stroke_linecap="round")
    out += el("circle", cx=x, cy=y, r=r, fill="#b8122b")
    out += el("circle", cx=x - r * 0.35, cy=y - r * 0.35, r=r * 0.28, fill="#fff", fill_opacity=".55")
    return out


def pick(x1, y1, x2, y2, color="#d9b77e"):
    return (el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=color, stroke_width=3,
               stroke_linecap="round")
            + el("circle", cx=x1, cy=y1, r=4.5, fill="#e0483e"))


def straw(x1, y1, x2, y2, color):
    return (el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=color, stroke_width=9)
            + el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke="#fff", stroke_width=9,
                 stroke_dasharray="7 9"))


def umbrella(x, y, ang, color):
    canopy = "M-40 -66Q0-112 40-66Q30-74 20-66Q10-74 0-66Q-10-74-20-66Q-30-74-40-66Z"
    ribs = "M0-90L-40-66M0-90L-20-66M0-90V-66M0-90L20-66M0-90L40-66"
    return el("g", el("line", x1=0, y1=0, x2=0, y2=-90, stroke="#c9a86a", stroke_width=3)
              + el("path", d=canopy, fill=color)
              + el("path", d=ribs, stroke="#fff", stroke_opacity=".5", stroke_width=1.4,
                   fill="none"),
              transform="translate(%s %s) rotate(%s)" % (num(x), num(y), num(ang)))


# --------------------------------------------------------------------------
# Garnishes by name.  Each adds SVG to a layer of the context.
#   back  - behind the liquid (things standing in the drink)
#   in    - inside the glass, clipped, above the liquid (ice, fruit in the drink)
#   front - on top of everything (rim garnishes, things floating on top)
# --------------------------------------------------------------------------


def g_wedge(c, fruit="lime", side=1):
    x = c.xr - 8 if side > 0 else c.xl + 8
    c.add("front", wedge(x, c.rim_y - 4, 28, fruit, -28 * side))


def g_wheel(c, fruit="lime", r=30):
    c.add("front", wheel(c.xr - 6, c.rim_y - 6, r, fruit, 12))


def g_wheel_in(c, fruit="orange", dx=30, dy=55, r=36):
    xl, xr = c.surface_span(c.level + dy)
    c.add("in", wheel(min(CX + dx, xr - r * 0.6), c.level + dy, r, fruit, 20))


def g_twist(c, fruit="orange"):
    c.add("front", twist(c.xr - 14, c.rim_y - 6, fruit))


def g_cherry_top(c, dx=18):
    c.add("front", cherry(CX + dx, c.level - 6))


def g_cherry_bottom(c):
    y = max(p[1] for p in c.poly)
    c.add("in", cherry(CX, y - 16, 13, stem=False))


def g_cherry_rim(c):
    c.add("front", cherry(c.xr - 34, c.rim_y - 13))


def g_pick(c, kind="cherry"):
    x1, y1 = c.xr + 12, c.rim_y - 52
    x2, y2 = CX - 25, c.level + 45
    c.add("back", pick(x1, y1, x2, y2))
    f = lambda t: (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
    if kind == "olive":
        for t in (0.62, 0.82):
            x, y = f(t)
            c.add("front", el("ellipse", cx=x, cy=y, rx=13, ry=10, fill="#8aa63a", stroke="#6b8527",
                             stroke_width=2, transform="rotate(-30 %s %s)" % (num(x), num(y)))
                  + el("circle", cx=x + 5, cy=y - 3, r=3.5, fill="#d43d3d"))
    elif kind == "ginger":
        for t in (0.25, 0.4):
            x, y = f(t)
            c.add("front", el("rect", x=x - 11, y=y - 10, width=22, height=20, rx=5, fill="#e9c46a",
                              stroke="#d4a441", stroke_width=2,
                              transform="rotate(15 %s %s)" % (num(x), num(y))))
    else:
        x, y = f(0.3)
        c.add("front", cherry(x, y, 12, stem=False))


def g_raspberries(c):
    y = c.rim_y - 14
    x1, x2 = CX - 70, CX + 90
    out = pick(x2 + 10, y - 6, x1, y + 6)
    for i in range(3):
        x = CX - 35 + i * 34
        yy = y + 3 - i * 2
        out += el("circle", cx=x, cy=yy, r=13, fill="#c81d4e")
        for dx, dy in ((-5, -4), (4, -5), (-4, 5), (5, 3), (0, 0)):
            out += el("circle", cx=x + dx, cy=yy + dy, r=2.2, fill="#ef6a8f")
    c.add("front", out)


def g_olive_pick(c):
    g_pick(c, "olive")


def g_mint_sprig(c, dx=38, length=90, ang=12):
    c.add("back", sprig(c, CX + dx, c.level + 30, ang, length + (c.level - c.rim_y)))


def g_mint_bouquet(c):
    out = ""
    for ang, dx, ln in ((-34, -20, 70), (28, 26, 72), (10, 12, 92), (-12, -4, 96)):
        out += sprig(c, CX + dx, c.rim_y - 12, ang, ln, 1.15, (0.3, 0.55, 0.8))
    c.add("back", out)


def g_mint_leaves(c, n=5):
    xl, xr = c.surface_span(c.level + 40)
    out = ""
    for i in range(n):
        y = c.level + 30 + (c.floor - c.level - 50) * (i + 0.5) / n
        x = xl + 25 + (xr - xl - 50) * ((i * 0.618 + 0.2) % 1)
        out += leaf(c, x, y, c.rng.randint(-150, 150), 1.1, "#3b8a3e")
    c.add("in", el("g", out, opacity=".85"))


def g_lime_chunks(c):
    out = ""
    for i, (dx, dy, a) in enumerate(((-45, 90, 20), (30, 70, -40), (5, 120, 160), (50, 110, 60))):
        out += wedge(CX + dx, c.level + dy - 40, 20, "lime", a)
    c.add("in", out)


def g_lime_wheels_in(c):
    c.add("in", wheel(CX - 22, c.level + 120, 30, "lime", 10) + wheel(CX + 18, c.level + 220, 30, "lime", 40))


def g_straw(c, color="#e0483e", dx=-22):
    top = c.rim_y - (55 if c.rim_y < 140 else 70)
    c.add("back", straw(CX + dx, c.floor - 12, CX + dx + 55, top, color))


def g_celery(c):
    x1, y1, x2, y2 = CX - 10, c.floor - 20, CX + 36, c.rim_y - 72
    out = el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke="#9cc95a", stroke_width=16, stroke_linecap="round")
    out += el("line", x1=x1 + 3, y1=y1, x2=x2 + 3, y2=y2, stroke="#c7e390", stroke_width=4,
              stroke_linecap="round")
    for ang, s in ((-50, 1.2), (-15, 1.4), (20, 1.3), (55, 1.1), (0, 1.0)):
        out += leaf(c, x2, y2 + 4, ang, s, "#5f9f34")
    c.add("back", out)


def g_umbrella(c, color="#f06292", dx=-30, ang=-22):
    c.add("back", umbrella(CX + dx, c.level + 10, ang, color))


def g_pineapple(c):
    x, y = c.xr - 10, c.rim_y - 2
    out = ""
    for ang, s in ((-30, 1.3), (-8, 1.6), (15, 1.4)):
        out += leaf(c, x + 14, y - 36, ang, s, "#4c9a3c")
    out += el("path", d="M%s %sl46-40l8 10z" % (num(x - 20), num(y)), fill="#c98b2a")
    out += el("path", d="M%s %sl44-38l-10 46z" % (num(x - 22), num(y - 2)), fill="#ffd75e")
    c.add("front", out)


def g_coffee_beans(c):
    out = ""
    for i, dx in enumerate((-26, 0, 26)):
        x, y = CX + dx, c.level - 1 + (2 if i == 1 else 0)
        out += el("ellipse", cx=x, cy=y, rx=8, ry=5.5, fill="#4a2a17") + el(
            "path", d="M%s %sq4 3 11 0" % (num(x - 5.5), num(y - 1)), stroke="#a9825f",
            stroke_width=1.4, fill="none")
    c.add("front", out)


def g_bitters_dots(c):
    out = "".join(el("ellipse", cx=CX + dx, cy=c.level + (1 if dx == 0 else -1), rx=5, ry=2.6,
                     fill="#8e2a1c") for dx in (-28, 0, 28))
    c.add("front", out)


def g_choc(c):
    r = c.rng
    xl, xr = c.surface_span()
    out = "".join(el("circle", cx=r.uniform(xl + 40, xr - 40), cy=c.level + r.uniform(-5, 5),
                     r=r.uniform(1.4, 2.6)) for _ in range(16))
    c.add("front", el("g", out, fill="#4a2a17") + leaf(c, CX + 30, c.level + 2, 70, 0.9, "#3f9444"))


def g_salt_rim(c, sugar=False):
    c.need("dots")
    band = el("rect", x=0, y=c.rim_y, width=W, height=16, fill="#fff" if not sugar else "#fdf8ec")
    band += el("rect", x=0, y=c.rim_y, width=W, height=16, fill=c.ref("dots"),
               opacity=".8" if not sugar else ".5")
    c.add("rim", band)


def g_lime_shell(c):
    x, y = CX - 28, c.rim_y - 26
    out = el("path", d="M%s %sa30 30 0 0 0 60 0z" % (num(x - 30), num(y)), fill="#4f9e32")
    out += el("ellipse", cx=x, cy=y, rx=30, ry=9, fill="#eef6d8")
    out += el("ellipse", cx=x, cy=y, rx=24, ry=6.5, fill="#d4e98f")
    c.add("front", out)


def g_peach(c):
    x, y = c.xr - 4, c.rim_y - 2
    out = el("path", d="M%s %sa30 30 0 0 0 56 0z" % (num(x - 28), num(y)), fill="#f08a5d",
             transform="rotate(-25 %s %s)" % (num(x), num(y)))
    out += el("path", d="M%s %sa24 24 0 0 0 44 0z" % (num(x - 22), num(y)), fill="#ffd39b",
              transform="rotate(-25 %s %s)" % (num(x), num(y)))
    c.add("front", out)


def g_paper_plane(c):
    x, y = c.xr - 30, c.rim_y - 30
    out = el("path", d="M0 0L70-22L22 14Z", fill="#ffffff")
    out += el("path", d="M22 14L70-22L30 24Z", fill="#dfe6ee")
    out += el("path", d="M22 14L26 30L34 21Z", fill="#c3ccd6")
    c.add("front", el("g", out, stroke="#8795a3", stroke_width="1.2", stroke_linejoin="round",
                      transform="translate(%s %s) rotate(8)" % (num(x - 20), num(y))))


def g_cinnamon(c):
    x1, y1, x2, y2 = CX + 10, c.level + 70, CX + 55, c.rim_y - 70
    out = el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke="#7a3f1d", stroke_width=14, stroke_linecap="round")
    out += el("line", x1=x1 + 2, y1=y1, x2=x2 + 2, y2=y2, stroke="#a55a2a", stroke_width=6, stroke_linecap="round")
    c.add("back", out)


def g_clove_wheel(c):
    x, y = CX - 22, c.level - 2
    out = el("ellipse", cx=x, cy=y, rx=34, ry=10, fill=FRUIT["lemon"][0])
    out += el("ellipse", cx=x, cy=y, rx=29, ry=7.5, fill=FRUIT["lemon"][2])
    out += "".join(el("circle", cx=x + dx, cy=y + dy, r=2.6, fill="#3d2314")
                   for dx, dy in ((-18, 0), (-6, -4), (8, 3), (19, -1)))
    c.add("front", out)


def g_steam(c):
    out = ""
    for dx, h in ((-35, 70), (0, 90), (35, 65)):
        x, y = CX + dx, c.rim_y - 18
        out += el("path", d="M%s %sc-14-15 14-22 0-%s s14-22 0-%s" % (num(x), num(y), num(h / 2), num(h / 2)))
    c.add("front", el("g", out, fill="none", stroke="#fff", stroke_width=5, stroke_linecap="round",
                      opacity=".75"))


def g_cream_swirl(c):
    xl, xr = c.surface_span(c.level + 20)
    out = ""
    for i, dx in enumerate((-30, 15, 45)):
        x, y = CX + dx, c.level + 8
        out += el("path", d="M%s %sc-30 14 18 34-6 50s20 30-10 48" % (num(x), num(y)))
    c.add("in", el("g", out, fill="none", stroke="#fbf3e6", stroke_width=10, stroke_linecap="round",
                   opacity=".5"))


GARNISH = {
    "wedge": g_wedge, "wheel": g_wheel, "wheel_in": g_wheel_in, "twist": g_twist,
    "cherry_top": g_cherry_top, "cherry_bottom": g_cherry_bottom, "cherry_rim": g_cherry_rim,
    "pick": g_pick, "olive_pick": g_olive_pick, "raspberries": g_raspberries,
    "mint_sprig": g_mint_sprig, "mint_bouquet": g_mint_bouquet, "mint_leaves": g_mint_leaves,
    "lime_chunks": g_lime_chunks, "lime_wheels_in": g_lime_wheels_in, "straw": g_straw,
    "celery": g_celery, "umbrella": g_umbrella, "pineapple": g_pineapple,
    "coffee_beans": g_coffee_beans, "bitters_dots": g_bitters_dots, "choc": g_choc,
    "salt_rim": g_salt_rim, "sugar_rim": lambda c: g_salt_rim(c, True),
    "lime_shell": g_lime_shell, "peach": g_peach, "paper_plane": g_paper_plane,
    "cinnamon": g_cinnamon, "clove_wheel": g_clove_wheel, "steam": g_steam,
    "cream_swirl": g_cream_swirl,
}

# --------------------------------------------------------------------------
# Ice and bubbles
# --------------------------------------------------------------------------


def ice_cubes(c, n, size):
    r = c.rng
    y = c.level - 14 if not c.s.get("foam") else c.level + c.s["foam"][1] - 6
    out = []
    while y + size * 0.5 < c.floor and len(out) < n:
        xl, xr = span(c.poly, y + size / 2)
        avail = xr - xl - 14
        k = max(1, min(2, int(avail // (size + 4))))
        for i in range(k):
            if len(out) >= n:
                break
            x = xl + 7 + (i + 0.5) * avail / k + r.uniform(-6, 6) - size / 2
            yy = y + r.uniform(-4, 4)
            a = r.randint(-15, 15)
            out.append(el("rect", x=x, y=yy, width=size, height=size, rx=7,
                          transform="rotate(%d %s %s)" % (a, num(x + size / 2), num(yy + size / 2))))
        y += size * 0.9
    c.add("in", el("g", "".join(out), fill="#fff", fill_opacity=".28", stroke="#fff",
                   stroke_opacity=".8", stroke_width=2))


def big_cube(c):
    s = 92
    x, y = CX - s / 2 - 4, c.level - 16
    c.add("in", el("rect", x=x, y=y, width=s, height=s, rx=10, fill="#fff", fill_opacity=".25",
                   stroke="#fff", stroke_opacity=".85", stroke_width=2.5,
                   transform="rotate(-6 %s %s)" % (num(x + s / 2), num(y + s / 2)))
          + el("path", d="M%s %sh50" % (num(x + 16), num(y + 16)), stroke="#fff", stroke_opacity=".7",
               stroke_width=4, stroke_linecap="round", transform="rotate(-6 %s %s)" % (num(x + s / 2), num(y + s / 2))))


def need_chunks(c):
    if "chunks" in c.used:
        return
    c.used.add("chunks")
    shapes = ("M4 6L20 2L25 15L10 20Z", "M33 4L50 9L46 22L30 17Z", "M14 28L30 25L34 41L17 45Z",
              "M40 30L54 33L51 47L37 44Z", "M0 30L8 33L5 44L0 42Z", "M56 30L62 33L59 44L54 42Z")
    c.defs.append(el("pattern", "".join(el("path", d=d) for d in shapes), id=c.id("ice"),
                     width=56, height=50, patternUnits="userSpaceOnUse", fill="#fff",
                     fill_opacity=".35", stroke="#fff", stroke_opacity=".75", stroke_width=1.5))


def crushed(c, n=0):
    need_chunks(c)
    top = c.level - 6
    c.add("in", el("rect", x=0, y=top, width=W, height=c.floor - top, fill="#fff", opacity=".18")
          + el("rect", x=0, y=top, width=W, height=c.floor - top, fill=c.ref("ice"), opacity=".6"))


def ice_mound(c, height=22):
    r = c.rng
    need_chunks(c)
    x, pts_ = c.xl + 4, []
    while x < c.xr - 4:
        t = (x - c.xl) / (c.xr - c.xl)
        pts_.append("%s %s" % (num(x), num(c.rim_y - 6 - height * math.sin(math.pi * t) ** 0.7
                                            - r.uniform(0, 7))))
        x += r.uniform(9, 15)
    d = "M%s %sL%sL%s %sZ" % (num(c.xl + 4), num(c.rim_y + 4), "L".join(pts_), num(c.xr - 4),
                               num(c.rim_y + 4))
    c.add("back", el("path", d=d, fill="#eef6fa", stroke="#cddce5", stroke_width=2,
                     stroke_linejoin="round")
          + el("path", d=d, fill=c.ref("ice"), stroke="none", opacity=".9"))


def bubbles(c, n):
    r = c.rng
    out = []
    for _ in range(n * 4):
        if len(out) >= n:
            break
        y = r.uniform(c.level + 12, c.floor - 10)
        xl, xr = span(c.poly, y)
        if xr - xl < 24:
            continue
        out.append(el("circle", cx=r.uniform(xl + 10, xr - 10), cy=y, r=r.uniform(1.8, 4)))
    c.add("in", el("g", "".join(out), fill="#fff", fill_opacity=".35", stroke="#fff",
                   stroke_opacity=".85", stroke_width=1.3))


# --------------------------------------------------------------------------
# Vessels
# --------------------------------------------------------------------------


def stem_svg(g):
    top, foot, rx = g["stem"]
    d = "M195 %sL196 %sQ197 %s %s %sH%sQ203 %s 204 %sL205 %sZ" % (
        num(top - 2), num(foot - 14), num(foot - 4), num(CX - rx * 0.6), num(foot - 2),
        num(CX + rx * 0.6), num(foot - 4), num(foot - 14), num(top - 2))
    return (el("path", d=d, fill="#fff", fill_opacity=".55", stroke=GLASS_LINE, stroke_opacity=".55",
               stroke_width=2.5)
            + el("ellipse", cx=CX, cy=foot, rx=rx, ry=9, fill="#fff", fill_opacity=".6",
                 stroke=GLASS_LINE, stroke_opacity=".55", stroke_width=2.5))


def highlight(c):
    top = c.rim_y + 18
    bottom = c.floor - 16 if c.g.get("base") else max(p[1] for p in c.poly) - 40
    ys = [top + (bottom - top) * i / 6 for i in range(7)]
    ys = ys[:5] if bottom - top > 120 else ys
    d = "M" + " L".join("%s %s" % (num(span(c.poly, y)[0] + 13), num(y)) for y in ys)
    return el("path", d=d, fill="none", stroke="#fff", stroke_opacity=".6", stroke_width=6,
              stroke_linecap="round", stroke_linejoin="round")


def draw_glass(c, out):
    g, s = c.g, c.s
    bowl_d = d_of(g["bowl"])
    rx = (c.xr - c.xl) / 2
    ry = max(4, rx * 0.08)
    c.defs.append(el("clipPath", el("path", d=bowl_d), id=c.id("c")))
    if g.get("stem"):
        out.append(stem_svg(g))
    if g.get("handle"):
        out.append(el("path", d=g["handle"], fill="none", stroke=GLASS_LINE, stroke_opacity=".5",
                      stroke_width=13, stroke_linecap="round")
                   + el("path", d=g["handle"], fill="none", stroke="#fff", stroke_opacity=".7",
                        stroke_width=8, stroke_linecap="round"))
    out.append(el("path", d=bowl_d, fill="#fff", fill_opacity=".4"))
    out.append(el("ellipse", cx=CX, cy=c.rim_y, rx=rx, ry=ry, fill="#fff", fill_opacity=".3"))
    out.extend(c.layers["back"])
    liquid = []
    if s.get("liquid"):
        stops = s["liquid"]
        if isinstance(stops, str):
            stops = [stops, stops]
        if not isinstance(stops[0], tuple):
            stops = [(i / (len(stops) - 1), col) for i, col in enumerate(stops)]
        c.defs.append(el("linearGradient", "".join(el("stop", offset=o, stop_color=col) for o, col in stops),
                         id=c.id("g"), x1=0, y1=0, x2=0, y2=1))
        bottom = g.get("base") or max(p[1] for p in c.poly)
        liquid.append(el("rect", x=0, y=c.level, width=W, height=bottom - c.level, fill=c.ref("g"),
                         opacity=s.get("op", 0.92)))
        top_col = stops[0][1]
        foam = s.get("foam")
        xl, xr = c.surface_span()
        srx, sry = (xr - xl) / 2, max(3.5, (xr - xl) * 0.04)
        top = []
        if foam:
            col, thick = foam
            top.append(el("rect", x=0, y=c.level, width=W, height=thick, fill=col))
            top.append(el("rect", x=0, y=c.level + thick - 2, width=W, height=2, fill=mix(col, "#000000", 0.08)))
            top_col = col
        top.append(el("ellipse", cx=(xl + xr) / 2, cy=c.level, rx=srx, ry=sry,
                      fill=mix(top_col, "#ffffff", 0.3 if not foam else 0.4)))
        if foam:
            c.layers["in"].extend(top)
        else:
            liquid.extend(top)
    if g.get("base"):
        liquid.append(el("rect", x=0, y=g["base"], width=W, height=40, fill="#fff", fill_opacity=".45"))
    out.append(el("g", "".join(liquid + c.layers["in"]), clip_path=c.ref("c")))
    if c.layers.get("rim"):
        out.append(el("g", "".join(c.layers["rim"]), clip_path=c.ref("c")))
        out.append(el("ellipse", cx=CX, cy=c.rim_y, rx=rx, ry=ry, fill="none", stroke="#fff",
                      stroke_width=6, opacity=".9"))
    out.append(highlight(c))
    out.append(el("path", d=d_of(g["bowl"], close=False), fill="none", stroke=GLASS_LINE,
                  stroke_opacity=".6", stroke_width=3, stroke_linejoin="round"))
    out.append(el("ellipse", cx=CX, cy=c.rim_y, rx=rx, ry=ry, fill="none", stroke=GLASS_LINE,
                  stroke_opacity=".6", stroke_width=2.5))
    out.extend(c.layers["front"])


def opening(c, fill):
    rx = (c.xr - c.xl) / 2
    return el("ellipse", cx=CX, cy=c.rim_y, rx=rx - 2, ry=max(6, rx * 0.1), fill=fill)


def draw_copper(c, out):
    g = c.g
    bd = d_of(g["bowl"])
    c.defs.append(el("linearGradient",
                     "".join(el("stop", offset=o, stop_color=col) for o, col in
                             ((0, "#9a4620"), (.3, "#e59a63"), (.55, "#c8703a"), (1, "#8a3b1a"))),
                     id=c.id("cu")))
    liq = (c.s.get("liquid") or ["#e8dcae"])[0]
    out.append(opening(c, mix(liq, "#7a5a30", 0.25)))
    out.extend(c.layers["back"])
    out.append(el("path", d="M282 250C336 246 340 372 280 382", fill="none", stroke="#8a3b1a",
                  stroke_width=16, stroke_linecap="round"))
    out.append(el("path", d="M282 250C336 246 340 372 280 382", fill="none", stroke="#d98a55",
                  stroke_width=6, stroke_linecap="round"))
    out.append(el("path", d=bd, fill=c.ref("cu")))
    out.append(el("rect", x=117, y=218, width=166, height=14, fill="#f0b07a", opacity=".55",
                  clip_path=None))
    dents = "".join(el("ellipse", cx=x, cy=y, rx=9, ry=6)
                    for x, y in ((150, 280), (240, 300), (190, 350), (140, 390), (250, 400), (215, 255)))
    out.append(el("g", dents, fill="#fff", opacity=".16"))
    out.append(el("path", d="M140 245V410", stroke="#fff", stroke_opacity=".5", stroke_width=7,
                  stroke_linecap="round"))
    out.extend(c.layers["front"])


def draw_julep(c, out):
    g = c.g
    bd = d_of(g["bowl"])
    c.need("dots")
    c.defs.append(el("linearGradient",
                     "".join(el("stop", offset=o, stop_color=col) for o, col in
                             ((0, "#8f9aa4"), (.3, "#f1f4f7"), (.6, "#b8c1c9"), (1, "#7f8a94"))),
                     id=c.id("ag")))
    out.append(opening(c, "#dfe9ee"))
    out.extend(c.layers["back"])
    out.append(el("path", d="M136 430L142 410H258L264 430Z", fill=c.ref("ag")))
    out.append(el("path", d=bd, fill=c.ref("ag")))
    out.append(el("path", d=bd, fill=c.ref("dots"), opacity=".55"))
    out.append(el("rect", x=128, y=224, width=144, height=10, fill="#fff", opacity=".5"))
    out.extend(c.layers["front"])


def draw_tiki(c, out):
    g = c.g
    bd = d_of(g["bowl"])
    c.defs.append(el("linearGradient",
                     "".join(el("stop", offset=o, stop_color=col) for o, col in
                             ((0, "#6e3f22"), (.35, "#b0764a"), (.65, "#93592f"), (1, "#5f3219"))),
                     id=c.id("tk")))
    out.append(opening(c, "#5a3118"))
    out.extend(c.layers["back"])
    out.append(el("path", d=bd, fill=c.ref("tk")))
    dark, light = "#4a2612", "#d9a06b"
    face = [
        el("path", d="M146 200Q200 184 254 200V222Q200 208 146 222Z", fill=dark),
        el("path", d="M152 206H248", stroke=light, stroke_width=2, stroke_dasharray="6 6"),
        el("ellipse", cx=172, cy=250, rx=18, ry=11, fill=dark),
        el("ellipse", cx=228, cy=250, rx=18, ry=11, fill=dark),
        el("circle", cx=172, cy=250, r=4, fill=light),
        el("circle", cx=228, cy=250, r=4, fill=light),
        el("path", d="M191 236H209L226 306Q200 320 174 306Z", fill="#a86c41", stroke=dark,
           stroke_width=3, stroke_linejoin="round"),
        el("rect", x=152, y=332, width=96, height=42, rx=14, fill=dark),
        el("path", d="M162 340H238V352H162Z", fill="#f0dfc0"),
        el("path", d="M181 340V352M200 340V352M219 340V352", stroke=dark, stroke_width=2),
        el("path", d="M144 404H256M146 418H254", stroke=dark, stroke_width=3, opacity=".6"),
        el("path", d="M148 200Q140 300 150 420", stroke="#fff", stroke_opacity=".3",
           stroke_width=6, fill="none", stroke_linecap="round"),
    ]
    out.extend(face)
    out.append(el("ellipse", cx=CX, cy=c.rim_y, rx=60, ry=7, fill="none", stroke="#c58a5a", stroke_width=4))
    out.extend(c.layers["front"])


# --------------------------------------------------------------------------
# The drinks.  liquid: gradient colours top->bottom (or (offset, colour) pairs).
# ice: "cubes" | "big" | "crushed" | "mound" (crushed heaped above the rim).
# --------------------------------------------------------------------------

L = "#f2f7ff"

DRINKS = {
    "mojito": dict(bg="#e2f1e3", liquid=["#e4f3c8", "#bcdc8f"], op=.8, ice="cubes", bubbles=8,
                   garnish=["mint_leaves", "straw:#2f9e6f", "mint_sprig", "wedge:lime"]),
    "daiquiri": dict(bg="#fbf4df", liquid=["#f1f1c9", "#dfe59f"], garnish=["wheel:lime"]),
    "margarita": dict(bg="#e4f2ee", liquid=["#eef3bf", "#d3e28a"], op=.85, ice="cubes",
                      garnish=["salt_rim", "wedge:lime"]),
    "negroni": dict(bg="#fbe6e0", liquid=["#d0162f", "#8a0a1c"], ice="big",
                    garnish=["wheel_in:orange"]),
    "old-fashioned": dict(bg="#f6e9d8", liquid=["#e0952f", "#a65610"], ice="big",
                          garnish=["twist:orange", "cherry_top:-40"]),
    "manhattan": dict(bg="#f3e4dc", liquid=["#b0461f", "#6c200e"], garnish=["cherry_bottom"]),
    "dry-martini": dict(bg="#e4edf3", liquid=["#f7f9ef", "#e3e9d2"], op=.75, garnish=["olive_pick"]),
    "gimlet": dict(bg="#edf5e3", liquid=["#e9f2c6", "#cde29a"], garnish=["wheel:lime"]),
    "tom-collins": dict(bg="#e3eef7", liquid=["#fbf6d6", "#efe4a0"], op=.85, ice="cubes", bubbles=14,
                        garnish=["straw:#e0483e", "wheel:lemon", "cherry_rim"]),
    "whiskey-sour": dict(bg="#f7eedd", liquid=["#e8b85c", "#c3842a"], ice="cubes", foam=("#f6e8c8", 22),
                         garnish=["bitters_dots", "cherry_top:30"]),
    "aperol-spritz": dict(bg="#fff0df", liquid=["#ff8f2e", "#ee5f17"], op=.9, ice="cubes", bubbles=12,
                          garnish=["wheel_in:orange"]),
    "moscow-mule": dict(bg="#e3f2ee", liquid=["#efe6b8"], ice="mound",
                        garnish=["mint_sprig:10:60", "wedge:lime"]),
    "dark-n-stormy": dict(bg="#e5ebf3", liquid=[(0, "#3d1c0c"), (.2, "#5a2c12"), (.32, "#c08a3c"),
                                                 (1, "#ead08a")], ice="cubes", bubbles=8,
                          garnish=["wedge:lime"]),
    "mai-tai": dict(bg="#fdebd8", liquid=["#e7a04a", "#b4601b"], ice="mound", level=252,
                    garnish=["umbrella:#2ab1a8:40:18", "mint_sprig:-30:70:-10", "lime_shell"]),
    "pina-colada": dict(bg="#dff2ef", liquid=["#fdf4d6", "#f5df9f"], op=1,
                        garnish=["straw:#f06292:-30", "umbrella:#ff8a3d:-40:-25", "pineapple",
                                 "cherry_top:40"]),
    "cosmopolitan": dict(bg="#fde6ec", liquid=["#f27a98", "#d93f67"], garnish=["twist:orange"]),
    "sidecar": dict(bg="#f4ebdc", liquid=["#eab552", "#cc8526"], garnish=["sugar_rim", "twist:orange"]),
    "french-75": dict(bg="#ecedf8", liquid=["#f9eebb", "#ecd684"], bubbles=16, garnish=["twist:lemon"]),
    "bellini": dict(bg="#fdece4", liquid=["#fdd0b2", "#f4a183"], bubbles=14, garnish=["peach"]),
    "mimosa": dict(bg="#fff4dc", liquid=["#ffbe4d", "#ff9418"], bubbles=14, garnish=["wedge:orange"]),
    "bloody-mary": dict(bg="#f6ebe2", liquid=["#c9351f", "#9a2210"], op=1, ice="cubes",
                        garnish=["celery", "wedge:lemon"]),
    "caipirinha": dict(bg="#e8f4df", liquid=["#f1f5da", "#dce7b0"], op=.8, ice="crushed", level=262,
                       garnish=["lime_chunks", "wedge:lime"]),
    "paloma": dict(bg="#e6f0f6", liquid=["#fcd9d4", "#f3aea8"], op=.9, ice="cubes", bubbles=12,
                   garnish=["salt_rim", "wedge:grapefruit"]),
    "espresso-martini": dict(bg="#efe5da", liquid=["#3b2116", "#1f1009"], op=1, foam=("#c89a6a", 12),
                             garnish=["coffee_beans"]),
    "boulevardier": dict(bg="#f4e3dc", liquid=["#9e2b1c", "#5e140c"], ice="big", garnish=["twist:orange"]),
    "sazerac": dict(bg="#f4eae4", liquid=["#cf7a45", "#a0442a"], level=330, garnish=["twist:lemon"]),
    "last-word": dict(bg="#f0f3e1", liquid=["#dfeaa9", "#c2d87c"], garnish=["pick"]),
    "aviation": dict(bg="#e9e8f6", liquid=["#ddd3f0", "#bfb0e2"], op=.85, garnish=["cherry_bottom"]),
    "corpse-reviver-no-2": dict(bg="#f7f0e0", liquid=["#f6eec4", "#e9d995"], garnish=["twist:orange"]),
    "penicillin": dict(bg="#f6eed9", liquid=["#eabb52", "#c58a22"], ice="big", garnish=["pick:ginger"]),
    "paper-plane": dict(bg="#e5edf6", liquid=["#f29a45", "#d4661c"], garnish=["paper_plane"]),
    "bees-knees": dict(bg="#fdf5de", liquid=["#f8e39a", "#edc85a"], garnish=["twist:lemon"]),
    "clover-club": dict(bg="#fbe7ec", liquid=["#f07a95", "#d44a6c"], foam=("#fbe1e6", 16),
                        garnish=["raspberries"]),
    "pisco-sour": dict(bg="#eaf2ec", liquid=["#f2eec9", "#e3d99f"], foam=("#f8f0d9", 22),
                       garnish=["bitters_dots"]),
    "americano": dict(bg="#fce9e2", liquid=["#e04a3c", "#b3241a"], op=.85, ice="cubes", bubbles=12,
                      garnish=["wheel_in:orange"]),
    "irish-coffee": dict(bg="#ede4da", liquid=["#3c2314", "#20100a"], op=1, foam=("#fbf5e8", 36),
                         garnish=["steam"]),
    "hot-toddy": dict(bg="#f8ead8", liquid=["#e5aa4e", "#c07a22"], op=.9,
                      garnish=["cinnamon", "clove_wheel", "steam"]),
    "shirley-temple": dict(bg="#fde8ef", liquid=[(0, "#fbe7b8"), (.45, "#f6b7a0"), (1, "#dc2f4c")],
                           op=.9, ice="cubes", bubbles=14,
                           garnish=["straw:#e0483e", "wheel:orange", "cherry_rim", "cherry_top:-25"]),
    "virgin-mojito": dict(bg="#e1f3ef", liquid=["#eef8dc", "#cfe8ab"], op=.8, ice="crushed", bubbles=8,
                          garnish=["lime_wheels_in", "mint_leaves", "straw:#2f9e6f", "mint_sprig"]),
    "arnold-palmer": dict(bg="#f5f0df", liquid=[(0, "#f6e19a"), (.35, "#e2a857"), (1, "#a8601f")],
                          op=.9, ice="cubes", garnish=["straw:#f2c81f", "wheel:lemon"]),
    "mint-julep": dict(bg="#e6f0e5", liquid=["#d9a55a"], ice="mound", garnish=["straw:#e8e8e8:30", "mint_bouquet"]),
    "zombie": dict(bg="#dcefed", liquid=["#d9782e"], ice="mound",
                   garnish=["straw:#ffcc33:20", "umbrella:#f06292:-35:-24", "mint_sprig:25:60:20"]),
    "grasshopper": dict(bg="#edf5e8", liquid=["#c4e6b4", "#9fce8b"], op=1, garnish=["choc"]),
    "white-russian": dict(bg="#f1ebe3", liquid=[(0, "#f2e4cf"), (.35, "#d8b995"), (.7, "#6b3d22"),
                                                 (1, "#4a2815")], op=.95, ice="cubes",
                          garnish=["cream_swirl"]),
}

ALIASES = {"mint_sprig": lambda c, dx="38", ln="90", ang="12": g_mint_sprig(c, int(dx), int(ln), int(ang)),
           "umbrella": lambda c, col="#f06292", dx="-30", ang="-22": g_umbrella(c, col, int(dx), int(ang)),
           "straw": lambda c, col="#e0483e", dx="-22": g_straw(c, col, int(dx)),
           "cherry_top": lambda c, dx="18": g_cherry_top(c, int(dx))}


def apply_garnish(c, item):
    name, *args = item.split(":")
    fn = ALIASES.get(name) or GARNISH[name]
    fn(c, *args)


# --------------------------------------------------------------------------
# Front matter and main
# --------------------------------------------------------------------------


def front_matter(text):
    m = re.match(r"---\n(.*?)\n---\n", text, re.S)
    fm = {}
    if m:
        for line in m.group(1).splitlines():
            k = re.match(r"([a-z_]+):\s*(.*)$", line)
            if k and not line.startswith(" "):
                fm[k.group(1)] = k.group(2).strip().strip("\"'")
    return fm


def draw(slug, fm):
    glass_name = fm.get("glass", "Rocks")
    glass = GLASSES.get(glass_name, GLASSES["Rocks"])
    spec = DRINKS.get(slug) or dict(bg="#eef1f5", liquid=["#f3d9a4", "#d9a55a"], ice="cubes")
    c = Ctx(slug, glass, spec)
    if glass["kind"] != "glass":
        c.level = c.rim_y
    ice = spec.get("ice")
    if ice == "cubes":
        ice_cubes(c, 8 if glass_name in ("Highball", "Collins") else 4,
                  44 if glass_name != "Collins" else 40)
    elif ice == "big":
        big_cube(c)
    elif ice == "crushed":
        crushed(c, 30)
    elif ice == "mound":
        if glass["kind"] == "glass":
            crushed(c, 24)
        ice_mound(c)
    if spec.get("bubbles"):
        bubbles(c, spec["bubbles"])
    for item in spec.get("garnish", []):
        apply_garnish(c, item)

    ch, sc, top = LAYOUT.get(glass_name, LAYOUT["Rocks"])
    ty = (ch - (BOTTOM - top) * sc) / 2 - top * sc
    body = [el("ellipse", cx=CX, cy=438, rx=122, ry=11, fill="#000", opacity=".07")]
    {"glass": draw_glass, "copper": draw_copper, "julep": draw_julep, "tiki": draw_tiki}[glass["kind"]](c, body)
    scene = el("g", "".join(body), transform="translate(%s %s) scale(%s)" % (
        num(CX - CX * sc), num(ty), num(sc)))
    back = (el("rect", width=W, height=ch, fill=spec["bg"])
            + el("circle", cx=CX, cy=ch / 2, r=round(min(178, ch * 0.4)), fill="#fff", opacity=".35"))
    defs = el("defs", "".join(c.defs)) if c.defs else ""
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            'width="%d" height="%d" viewBox="0 0 %d %d">\n' % (W, ch, W, ch)
            + defs + back + scene + "\n</svg>\n")


# Recipes whose picture is drawn by hand, not a drink in a glass (the Simple Syrup's bottle):
# left alone unless named on the command line.
HAND_DRAWN = {"simple-syrup"}


def main(argv):
    rdir = os.path.join(SITE, "recipes")
    wanted = set(argv)
    count = 0
    for name in sorted(os.listdir(rdir)):
        if not name.endswith(".md"):
            continue
        slug = name[:-3]
        if wanted and slug not in wanted:
            continue
        if slug in HAND_DRAWN and not wanted:
            continue
        with open(os.path.join(rdir, name), encoding="utf-8") as fh:
            fm = front_matter(fh.read())
        if slug not in DRINKS:
            print("warning: no drawing spec for %s, using a generic drink" % slug, file=sys.stderr)
        svg = draw(slug, fm)
        rel = fm.get("image") or "images/%s.svg" % slug
        path = os.path.join(SITE, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(svg)
        count += 1
    print("wrote %d illustrations" % count)


if __name__ == "__main__":
    main(sys.argv[1:])
