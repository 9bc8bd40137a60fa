#!/usr/bin/env bash
# How light the game is at rest and how quick it is to load, in one report:
#   1. the desktop game's CPU at rest: % of one core over 10 s, at the
#      player's turn against the computer with the board still (Xvfb and
#      Mesa's software Vulkan, where every frame costs CPU);
#   2. the game's own frame times while the computer thinks (watching it
#      play itself), from the game's diagnostics;
#   3. the web build's wasm: raw, gzip and brotli (builds dist/ if missing);
#   4. the web build's time to a playable board: median of 5 loads in
#      headless Chromium at 1280x800, precompressed files served by web/serve.py.
# These are benchmarks, not tests: run them on a quiet machine and compare
# runs of the same machine.
# Usage: scripts/bench.sh [--release] [--no-web]
#   --release  measure the release build (default: the dev build the tests use)
#   --no-web   skip 3 and 4
#   AGON_BIN=path measures that binary instead (e.g. an older build, to compare)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

profile=()
dir=debug
web=1
for arg in "$@"; do
    case "$arg" in
        --release) profile=(--release); dir=release ;;
        --no-web) web=0 ;;
        *) echo "usage: scripts/bench.sh [--release] [--no-web]" >&2; exit 2 ;;
    esac
done
target_dir="${CARGO_TARGET_DIR:-target}"
game="${AGON_BIN:-$target_dir/$dir/agon}"

need_packages "${BUILD_PACKAGES[@]}" xvfb mesa-vulkan-drivers libvulkan1 procps
if [ -z "${AGON_BIN:-}" ]; then
    say "building the game (${dir})"
    cargo build --locked "${profile[@]}" -p agon
fi

scratch=$(mktemp -d)
xvfb_pid=
game_pid=
cleanup() {
    [ -n "$game_pid" ] && kill "$game_pid" 2>/dev/null || true
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT

display=":$((90 + RANDOM % 100))"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
sleep 1
export DISPLAY="$display" AGON_DATA_DIR="$scratch" BEVY_ASSET_ROOT="$PWD"

# The CPU time (user + system, in clock ticks) of a process and its threads.
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

say "1. at rest: the player's turn against the computer, board still"
"$game" --mode vs-computer --side light --level easy --no-save >"$scratch/rest.log" 2>&1 &
game_pid=$!
sleep 20 # launch, warm-up, the board's first animation (slow on a busy machine)
hz=$(getconf CLK_TCK)
before=$(ticks "$game_pid")
sleep 10
after=$(ticks "$game_pid")
kill "$game_pid"
wait "$game_pid" 2>/dev/null || true
game_pid=
idle=$(awk -v t=$((after - before)) -v hz="$hz" 'BEGIN { printf "%.1f", 100 * t / hz / 10 }')

say "2. frame times while the computer thinks (it plays itself for 300 frames)"
"$game" --mode watch --level medium --no-save --screenshot "$scratch/watch.png" --frames 300 \
    >"$scratch/watch.log" 2>&1 || true
frames=$(grep -o 'frames [0-9]*: .*' "$scratch/watch.log" | tail -1)

if [ "$web" = 1 ]; then
    [ -f dist/agon_bg.wasm ] || scripts/web.sh build
    raw=$(stat -c %s dist/agon_bg.wasm)
    gz=$(gzip -9 -c dist/agon_bg.wasm | wc -c)
    br=$(stat -c %s dist/agon_bg.wasm.br 2>/dev/null || echo 0)
    say "4. time to a playable board (5 loads)"
    need_packages chromium python3
    command -v npm >/dev/null || need_packages nodejs npm
    (cd web/e2e && { [ -d node_modules/playwright-core ] || npm install --no-audit --no-fund; })
    port=$((20000 + RANDOM % 20000))
    python3 web/serve.py dist "$port" >/dev/null 2>&1 &
    server=$!
    sleep 1
    load=$(URL="http://127.0.0.1:$port/" LOADS=5 node web/e2e/load.mjs || echo "failed")
    kill "$server" 2>/dev/null || true
fi

mib() { awk -v b="$1" 'BEGIN { printf "%.2f MiB", b / 1048576 }'; }
echo
echo "Agon benchmark, $(date -u +%Y-%m-%d), $(nproc) cores, the ${dir} build"
echo "  at rest (desktop, Xvfb + software Vulkan): ${idle}% of one core over 10 s"
echo "  while the computer thinks: ${frames:-no frame times logged (see $scratch/watch.log)}"
if [ "$web" = 1 ]; then
    echo "  wasm: $(mib "$raw") raw, $(mib "$gz") gzip, $(mib "$br") brotli"
    echo "  to a playable board (1280x800, headless Chromium): ${load//$'\n'/; }"
fi
