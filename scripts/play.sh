#!/usr/bin/env bash
# Builds and starts the game, installing what is missing first.
# Usage: scripts/play.sh [--dev] [GAME OPTIONS...]   (scripts/play.sh --help for the game's options)
# --dev uses the faster-to-build development profile (shared with the tests).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

profile=(--release)
if [ "${1:-}" = "--dev" ]; then
    profile=()
    shift
fi
# Build needs, then what the game needs to open a window and draw with
# Vulkan (present on most desktops already).
need_packages "${BUILD_PACKAGES[@]}" libvulkan1 mesa-vulkan-drivers libxkbcommon-x11-0 \
    libxcursor1 libxrandr2 libxi6 libx11-xcb1
say "building and starting Agon (the first build takes a while; later ones are quick)"
exec cargo run "${profile[@]}" --locked -p agon -- "$@"
