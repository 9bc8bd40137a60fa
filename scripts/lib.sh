# Shared helpers for the scripts: say what is happening, install what is missing.
# shellcheck shell=bash

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# need_packages PKG...: installs the Debian packages that are not installed yet.
need_packages() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        say "installing Debian packages: ${missing[*]}"
        if ! as_root apt-get install -y -q --no-install-recommends "${missing[@]}"; then
            as_root apt-get update -q
            as_root apt-get install -y -q --no-install-recommends "${missing[@]}"
        fi
    fi
}

# need_target TRIPLE: adds a rustup target if it is missing.
need_target() {
    rustup target list --installed | grep -qx "$1" || { say "adding the Rust target $1"; rustup target add "$1"; }
}

# need_component NAME: adds a rustup component (rustfmt, clippy) if missing.
need_component() {
    rustup component list --installed | grep -q "^$1" || { say "adding the Rust component $1"; rustup component add "$1"; }
}

# Packages a build of the game needs on Debian (kira's ALSA backend).
BUILD_PACKAGES=(pkg-config libasound2-dev)
