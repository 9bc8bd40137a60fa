#!/usr/bin/env bash
# Builds the desktop packages a player downloads, into packages/:
#   agon-VERSION-linux-x86_64.tar.gz   the binary, agon.desktop, agon.png, how to play,
#                                      the licences
#   agon-VERSION-windows-x86_64.zip    agon.exe (its icon inside), how to play, the
#                                      licences; cross-built with MinGW-w64
# The sounds are inside the binaries: each runs from any folder with nothing
# beside it. Prints each artefact's size and SHA-256.
#
# Usage: scripts/package.sh [--linux-only|--windows-only] [--check]
#   --check  also tries the packages: unpacks the Linux one into an empty folder
#            and runs it there under Xvfb with an empty data folder, taking a
#            screenshot (packages/check-linux.png, must not be blank); runs
#            `agon.exe --version` under Wine, and tries a screenshot under Wine.
# Cold, each platform's release build takes 30 to 45 minutes on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

linux=1 windows=1 check=0
for arg in "$@"; do
    case "$arg" in
        --linux-only) windows=0 ;;
        --windows-only) linux=0 ;;
        --check) check=1 ;;
        *) echo "usage: scripts/package.sh [--linux-only|--windows-only] [--check]" >&2; exit 2 ;;
    esac
done

version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
target_dir="${CARGO_TARGET_DIR:-target}"
out=packages
mkdir -p "$out"
# Symbols stripped: a smaller download, the same speed.
export CARGO_PROFILE_RELEASE_STRIP=symbols

common_files() {
    cp packaging/HOW-TO-PLAY.txt LICENSE-MIT LICENSE-APACHE "$1/"
    # The interface's fonts are built into the game; their licences travel with it.
    mkdir -p "$1/font-licences"
    cp assets/fonts/*.txt "$1/font-licences/"
}

report() {
    local f=$1
    printf '%s  %s KiB  sha256 %s\n' "$f" "$(( $(stat -c %s "$f") / 1024 ))" \
        "$(sha256sum "$f" | cut -d' ' -f1)"
}

if [ "$linux" = 1 ]; then
    need_packages "${BUILD_PACKAGES[@]}"
    say "building for Linux x86_64 (release)"
    cargo build --locked --release -p agon --bin agon
    name="agon-$version-linux-x86_64"
    stage=$(mktemp -d)
    mkdir "$stage/$name"
    cp "$target_dir/release/agon" packaging/agon.desktop assets/icon/agon.png "$stage/$name/"
    common_files "$stage/$name"
    tar -C "$stage" -czf "$out/$name.tar.gz" --owner=0 --group=0 "$name"
    rm -rf "$stage"
fi

if [ "$windows" = 1 ]; then
    need_packages gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 zip
    need_target x86_64-pc-windows-gnu
    say "building for Windows x86_64 (release, cross-built with MinGW-w64)"
    CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc \
        cargo build --locked --release -p agon --bin agon --target x86_64-pc-windows-gnu
    name="agon-$version-windows-x86_64"
    stage=$(mktemp -d)
    mkdir "$stage/$name"
    cp "$target_dir/x86_64-pc-windows-gnu/release/agon.exe" "$stage/$name/"
    common_files "$stage/$name"
    # Windows readers expect CRLF line ends.
    for f in "$stage/$name"/*.txt "$stage/$name"/LICENSE-*; do sed -i 's/$/\r/' "$f"; done
    rm -f "$out/$name.zip"
    (cd "$stage" && zip -q -r -9 "$OLDPWD/$out/$name.zip" "$name")
    rm -rf "$stage"
fi

say "packages"
for f in "$out"/agon-"$version"-*; do
    case "$f" in *.tar.gz|*.zip) report "$f" ;; esac
done

[ "$check" = 1 ] || exit 0

if [ "$linux" = 1 ]; then
    need_packages xvfb mesa-vulkan-drivers imagemagick
    say "check: the Linux package, unpacked into an empty folder, run under Xvfb"
    dir=$(mktemp -d)
    tar -C "$dir" -xzf "$out/agon-$version-linux-x86_64.tar.gz"
    data=$(mktemp -d)
    (
        cd "$dir/agon-$version-linux-x86_64"
        AGON_DATA_DIR="$data" xvfb-run -a -s "-screen 0 1280x800x24" \
            ./agon --mode vs-computer --play f1-f2 --screenshot "$dir/shot.png" --frames 40 \
            >"$dir/log.txt" 2>&1
    ) || { cat "$dir/log.txt"; echo "the game failed to run" >&2; exit 1; }
    cp "$dir/shot.png" "$out/check-linux.png"
    colours=$(convert "$dir/shot.png" -format '%k' info:)
    [ "$colours" -gt 50 ] || { echo "the screenshot is blank ($colours colours)" >&2; exit 1; }
    if grep -qi "sounds/.*\(not found\|error\)\|Path not found" "$dir/log.txt"; then
        echo "the game looked for files beside it:" >&2; grep -i "not found" "$dir/log.txt" >&2; exit 1
    fi
    say "check: Linux ran from an empty folder: $out/check-linux.png, $colours colours"
    rm -rf "$dir" "$data"
fi

if [ "$windows" = 1 ]; then
    need_packages wine wine64 xvfb unzip
    say "check: the Windows package under Wine"
    dir=$(mktemp -d)
    unzip -q "$out/agon-$version-windows-x86_64.zip" -d "$dir"
    exe="$dir/agon-$version-windows-x86_64/agon.exe"
    export WINEPREFIX="$dir/wine" WINEDEBUG=-all
    # Rust's std asks bcryptprimitives.dll for random bytes (Windows 10 and
    # later have it); Wine 8.0, Debian 12's, does not. A stand-in beside the
    # exe, for this check only (it is not in the package).
    x86_64-w64-mingw32-gcc -shared -O2 -o "$(dirname "$exe")/bcryptprimitives.dll" \
        packaging/wine/bcryptprimitives.c -ladvapi32
    printed=$(xvfb-run -a wine "$exe" --version 2>/dev/null | tr -d '\r' || true)
    [ "$printed" = "agon $version" ] || { echo "agon.exe --version printed: $printed" >&2; exit 1; }
    say "check: agon.exe --version under Wine printed \"$printed\""
    # Rendering needs Vulkan or DirectX 12 through Wine: try, and say what happened.
    # (Wine's Direct3D 12 cannot compile wgpu's shaders here: Vulkan, on
    # the host's lavapipe.)
    if WGPU_BACKEND=vulkan AGON_DATA_DIR="$dir/data" timeout 300 xvfb-run -a -s "-screen 0 1280x800x24" \
        wine "$exe" --screenshot 'Z:\tmp\agon-wine-shot.png' --frames 30 >"$dir/log.txt" 2>&1 \
        && [ -f /tmp/agon-wine-shot.png ]; then
        cp /tmp/agon-wine-shot.png "$out/check-windows.png"
        say "check: a screenshot under Wine: $out/check-windows.png"
    else
        say "check: no screenshot under Wine on this machine (see below); the game did not render"
        grep -v ALSA "$dir/log.txt" | tail -5 >&2 || true
    fi
    rm -rf "$dir"
fi
