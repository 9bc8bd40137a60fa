#!/usr/bin/env bash
# Synthesizes every sound of the game into assets/sounds/*.ogg with SoX, so
# the project ships only sounds it made itself. Rerun after changing a recipe.
# Usage: scripts/make-sounds.sh   (installs sox if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
need_packages sox libsox-fmt-all

out=assets/sounds
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
R=(-r 44100 -c 1)

# tone NAME DURATION WAVE FREQ [EFFECTS...]: one synthesized note into $tmp/NAME.wav
tone() {
    local name=$1 dur=$2 wave=$3 freq=$4
    shift 4
    sox -n "${R[@]}" "$tmp/$name.wav" synth "$dur" "$wave" "$freq" gain -3 "$@"
}

# A wooden "tock": a plucked low note, damped, with a touch of noise.
tone tock1 0.16 pluck A3 lowpass 1800 fade 0 0.16 0.12 gain -4
sox -n "${R[@]}" "$tmp/tick.wav" synth 0.03 pinknoise highpass 2500 fade 0 0.03 0.025 gain -16
sox -m "$tmp/tock1.wav" "$tmp/tick.wav" "$out/step.ogg"

# Picking a piece up: a light, higher click.
tone sel 0.07 pluck E6 highpass 600 fade 0 0.07 0.05 gain -10
sox "$tmp/sel.wav" "$out/select.ogg"

# An interface click: a short tick.
sox -n "${R[@]}" "$out/click.ogg" synth 0.025 pluck C7 fade 0 0.025 0.02 gain -14

# A capture: a hard clack over a low thud.
tone clack 0.12 pluck E4 fade 0 0.12 0.1 gain -2
tone thud 0.28 sine 82 fade 0 0.28 0.25 gain -3
sox -n "${R[@]}" "$tmp/crack.wav" synth 0.05 whitenoise bandpass 2200 800 fade 0 0.05 0.04 gain -8
sox -m "$tmp/clack.wav" "$tmp/thud.wav" "$tmp/crack.wav" "$out/capture.ogg" norm -3

# A relocation: a rising whoosh, then a soft landing.
sox -n "${R[@]}" "$tmp/whoosh.wav" synth 0.45 pinknoise sinc 300-2200 tremolo 3 40 \
    fade q 0.2 0.45 0.25 gain -12
tone land 0.14 pluck G3 lowpass 1500 fade 0 0.14 0.1 gain -6
sox "$tmp/whoosh.wav" "$tmp/land.wav" "$out/relocate.ogg"

# An illegal click: a short, soft, low buzz.
tone buzz 0.14 square 98 lowpass 500 fade 0.01 0.14 0.08 gain -18
sox "$tmp/buzz.wav" "$out/illegal.ogg"

# Your turn: a gentle two-note chime.
tone c1 0.5 sine 1046.5 fade 0 0.5 0.45 gain -16
tone c2 0.5 sine 1568 fade 0 0.5 0.45 gain -20
sox -m "$tmp/c1.wav" "$tmp/c2.wav" "$tmp/chime.wav"
sox "$tmp/chime.wav" "$out/your-turn.ogg" pad 0.02 0

# Win: a rising arpeggio. Loss: a falling minor line. Draw: two even notes.
arp() {
    local name=$1
    shift
    local parts=()
    for f in "$@"; do
        tone "$name-$f" 0.22 pluck "$f" fade 0 0.22 0.15 gain -6
        parts+=("$tmp/$name-$f.wav")
    done
    sox "${parts[@]}" "$tmp/$name-run.wav"
}
arp win C5 E5 G5
tone winlast 0.9 pluck C6 fade 0 0.9 0.8 gain -4
sox "$tmp/win-run.wav" "$tmp/winlast.wav" "$out/win.ogg" reverb 30
arp loss A4 F4 D4
tone losslast 0.9 pluck A3 fade 0 0.9 0.8 gain -5
sox "$tmp/loss-run.wav" "$tmp/losslast.wav" "$out/loss.ogg" reverb 30
arp draw E5 E5
sox "$tmp/draw-run.wav" "$out/draw.ogg" reverb 20

# Quiet music: slow chords (A minor, F, C, G) of soft sines, looped.
chord() {
    local name=$1
    shift
    local parts=()
    for f in "$@"; do
        tone "$name-$f" 4 sine "$f" fade q 1.2 4 1.6 gain -24 tremolo 0.3 20
        parts+=("$tmp/$name-$f.wav")
    done
    sox -m "${parts[@]}" "$tmp/$name.wav"
}
chord am 220 261.63 329.63
chord f 174.61 220 261.63
chord c 196 261.63 329.63
chord g 196 246.94 293.66
sox "$tmp/am.wav" "$tmp/f.wav" "$tmp/c.wav" "$tmp/g.wav" "$out/music.ogg" reverb 60 norm -12

say "sounds written to $out:"
ls -l "$out"
