#!/usr/bin/env python3
"""Draws the game's icon: the hexagonal board of hexagonal cells in the
classic theme's colours, the throne at its centre held by Light's queen and
ringed by her six guards (the winning formation).

Writes assets/icon/agon.png (256 px, the window's icon), assets/icon/agon.ico
(16 to 256 px, for the Windows executable) and web/favicon.png (48 px).
The files are committed; run this again only to change the drawing.
Needs Pillow (pip install pillow).
Usage: python3 scripts/icon.py
"""
import math
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
S = 1024  # drawn large, then scaled down smoothly

FRAME = (74, 52, 38)
RINGS = [(212, 170, 72), (196, 178, 146), (222, 206, 176),
         (196, 178, 146), (222, 206, 176), (180, 160, 126)]
LIGHT = (240, 232, 214)
TRIM = (196, 150, 60)
EDGE = (120, 96, 70)


def hexagon(cx, cy, r, start_deg):
    return [(cx + r * math.cos(math.radians(start_deg + 60 * k)),
             cy + r * math.sin(math.radians(start_deg + 60 * k))) for k in range(6)]


def draw(n):
    """The board with `n` rings of cells around the throne: 5 as in the game
    for the large sizes, fewer for the small ones, where 91 cells would blur."""
    img = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = S / 2
    # The board: a pointy-topped hexagon with its wooden frame.
    outer = S * 0.495
    d.polygon(hexagon(c, c, outer, -90), fill=FRAME)
    # Cells: flat-topped hexagons around the throne, coloured by ring as on
    # the board, inside the frame.
    cell = outer * math.cos(math.radians(30)) * 0.9 / (1.5 * n + 1)
    for q in range(-n, n + 1):
        for r in range(max(-n, -q - n), min(n, -q + n) + 1):
            ring = max(abs(q), abs(r), abs(q + r))
            colour = RINGS[0] if ring == 0 else RINGS[1 + (ring - 1) % 2] if ring < n else RINGS[5]
            x = c + cell * 1.5 * q
            y = c + cell * math.sqrt(3) * (r + q / 2)
            d.polygon(hexagon(x, y, cell * 0.9, 0), fill=colour)
    # The queen on the throne, her six guards around it.
    def piece(x, y, rad, crown):
        d.ellipse([x - rad, y - rad, x + rad, y + rad], fill=LIGHT, outline=EDGE,
                  width=max(3, int(rad * 0.16)))
        if crown:
            d.ellipse([x - rad * 0.45, y - rad * 0.45, x + rad * 0.45, y + rad * 0.45], fill=TRIM)
    for k in range(6):
        a = math.radians(30 + 60 * k)
        piece(c + cell * math.sqrt(3) * math.cos(a), c + cell * math.sqrt(3) * math.sin(a),
              cell * 0.72, False)
    piece(c, c, cell * 0.86, True)
    return img


def main():
    full, small = draw(5), draw(2)
    sized = lambda s: (full if s >= 64 else small).resize((s, s), Image.LANCZOS)
    icon_dir = ROOT / "assets" / "icon"
    icon_dir.mkdir(parents=True, exist_ok=True)
    sized(256).save(icon_dir / "agon.png", optimize=True)
    sizes = [16, 24, 32, 48, 64, 128, 256]
    sized(256).save(icon_dir / "agon.ico", sizes=[(s, s) for s in sizes],
                    append_images=[sized(s) for s in sizes[:-1]])
    sized(48).save(ROOT / "web" / "favicon.png", optimize=True)
    for p in [icon_dir / "agon.png", icon_dir / "agon.ico", ROOT / "web" / "favicon.png"]:
        print(p.relative_to(ROOT), p.stat().st_size, "bytes")


if __name__ == "__main__":
    main()
