#!/usr/bin/env bash
# Runs every check of the project: formatting, lints, all tests (the rules,
# the AI, the engine protocol, the headless game), the web server's tests, a
# web build check, a Windows build check, and the web build played in headless
# Chromium. Installs what is missing first.
# Usage: scripts/test.sh [--no-web]   (--no-web skips the browser test)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

started=$(date +%s)
need_packages "${BUILD_PACKAGES[@]}"
need_component rustfmt
need_component clippy
need_target wasm32-unknown-unknown
# The online server's tests start a throw-away PostgreSQL and Redis.
need_packages postgresql redis-server

say "cargo fmt --check"
cargo fmt --all --check

say "cargo clippy (all targets, warnings are errors)"
cargo clippy --workspace --all-targets --locked -- -D warnings

say "cargo test (the whole workspace)"
cargo test --workspace --locked

say "perft 5 and 6 from the start (release)"
cargo test --release --locked -p agon-rules --test clauses -- --ignored

say "the patched dependencies are the published crates plus our diffs"
scripts/check-patches.sh

say "the web server's tests (precompressed files, caching headers)"
need_packages python3
python3 -m unittest web/test_serve.py

say "cargo check of the game for the web (wasm32)"
cargo check --locked -p agon --target wasm32-unknown-unknown

say "cargo check of the game for Windows (x86_64-pc-windows-gnu)"
need_target x86_64-pc-windows-gnu
cargo check --locked -p agon --target x86_64-pc-windows-gnu

if [ "${1:-}" != "--no-web" ]; then
    say "the web build, played in headless Chromium"
    scripts/web.sh test
fi

say "all checks passed in $(( $(date +%s) - started )) s"
