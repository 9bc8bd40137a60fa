#!/usr/bin/env bash
# Rebuilds assets/fonts/ from egui's default fonts, keeping only the
# characters the game can show: Latin (English, Italian, Norwegian), Greek,
# punctuation, arrows and the few symbols of the panel's buttons. egui's full
# fonts were 0.76 MiB of the web build's gzip; these are under 0.1 MiB.
# Not part of the build: the subsets are committed. Needs fonttools (pip).
# Usage: scripts/fonts.sh
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/epaint_default_fonts-0.36.2/fonts | head -1)
out=assets/fonts
text="U+0020-007E,U+00A0-017F,U+0370-03FF,U+2000-206F,U+2190-21FF,U+2212,U+2211,U+221E,U+2264,U+2265,U+2300-23FF,U+25A0-25FF,U+2713,U+2714,U+2716,U+FFFD"
# The panel's symbols (undo, redo, hint, resign, invite, analysis) and egui's own
# (arrows of combo boxes and collapsing headers, check marks, close).
symbols="U+1F4A1,U+1F4C8,U+2709,U+2691,U+27F2,U+27F3,U+23F4-23F7,U+2699,U+26A0,U+2714,U+2716,U+1F5D9"
subset() {
    pyftsubset "$src/$1.ttf" --unicodes="$2" --no-hinting --layout-features='*' \
        --output-file="$out/$1.ttf"
}
subset Ubuntu-Light "$text"
subset Hack-Regular "U+0020-007E,U+00A0-017F,U+0370-03FF,U+2000-206F,U+2190-21FF,U+2212,U+FFFD"
subset NotoEmoji-Regular "$symbols"
subset emoji-icon-font "$symbols"
# ◻ (U+25FB), what egui draws for a character no font has, in a face of its
# own: egui takes every character of the face holding it for missing.
pyftsubset "$src/NotoEmoji-Regular.ttf" --unicodes=U+25FB --no-hinting \
    --output-file="$out/replacement.ttf"
cp "$src"/{OFL.txt,UFL.txt,Hack-Regular.txt,emoji-icon-font-mit-license.txt} "$out/"
ls -l "$out"
