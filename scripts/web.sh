#!/usr/bin/env bash
# The web build. Installs what is missing (the wasm32 target, the matching
# wasm-bindgen CLI) first.
#   scripts/web.sh build   build the site into dist/
#   scripts/web.sh serve   serve dist/ on http://127.0.0.1:8080 (building it first if missing),
#                          precompressed files with Content-Encoding (web/serve.py)
#   scripts/web.sh test    build, then run the end-to-end tests in headless Chromium (the
#                          game, and online play between two pages through agon-server)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

PORT="${PORT:-8080}"
target_dir="${CARGO_TARGET_DIR:-target}"
wasm="$target_dir/wasm32-unknown-unknown/wasm-release/agon.wasm"

need_wasm_bindgen() {
    local want
    want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
    if ! command -v wasm-bindgen >/dev/null || [ "$(wasm-bindgen --version | awk '{print $2}')" != "$want" ]; then
        say "installing wasm-bindgen-cli $want (it must match Cargo.lock's wasm-bindgen)"
        cargo install wasm-bindgen-cli --version "$want"
    fi
}

build() {
    need_packages "${BUILD_PACKAGES[@]}" brotli
    need_target wasm32-unknown-unknown
    need_wasm_bindgen
    say "building the game for the web (release, size-optimised)"
    cargo build --locked --profile wasm-release --target wasm32-unknown-unknown -p agon
    rm -rf dist
    mkdir -p dist
    say "generating the JavaScript bindings"
    wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
        --out-dir dist --out-name agon "$wasm"
    if command -v wasm-opt >/dev/null && wasm-opt --version | grep -Eq 'version (1[1-9][0-9]|[2-9][0-9]{2})'; then
        say "shrinking with $(wasm-opt --version)"
        wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
            --enable-mutable-globals --enable-reference-types \
            dist/agon_bg.wasm -o dist/agon_bg.opt.wasm
        mv dist/agon_bg.opt.wasm dist/agon_bg.wasm
    fi
    # The loading screen shows progress against the wasm's size.
    sed "s/data-wasm-bytes=\"0\"/data-wasm-bytes=\"$(stat -c %s dist/agon_bg.wasm)\"/" \
        web/index.html >dist/index.html
    cp -r assets dist/
    # The desktop's icons stay out (the page has its favicon), and the fonts are built in.
    rm -rf dist/assets/icon dist/assets/fonts
    cp web/favicon.png dist/
    # Precompressed twins, served by web/serve.py (or any static host) with
    # Content-Encoding; the sounds are compressed already.
    say "compressing (brotli and gzip)"
    for f in dist/agon_bg.wasm dist/agon.js dist/index.html; do
        brotli -f -q 11 -o "$f.br" "$f"
        gzip -f -9 -k "$f"
    done
    local raw gz br
    raw=$(stat -c %s dist/agon_bg.wasm)
    gz=$(stat -c %s dist/agon_bg.wasm.gz)
    br=$(stat -c %s dist/agon_bg.wasm.br)
    say "dist/ is ready: agon_bg.wasm $((raw / 1024)) KiB raw, $((gz / 1024)) KiB gzip, $((br / 1024)) KiB brotli"
}

serve() {
    [ -f dist/index.html ] || build
    need_packages python3
    say "serving dist/ at http://127.0.0.1:$PORT (precompressed, revalidated; Ctrl+C stops)"
    exec python3 web/serve.py dist "$PORT"
}

e2e() {
    [ -f dist/index.html ] || build
    need_packages chromium python3 curl
    command -v npm >/dev/null || need_packages nodejs npm
    (cd web/e2e && { [ -d node_modules/playwright-core ] || npm install --no-audit --no-fund; })
    say "building the online server (agon-server)"
    cargo build --locked -p agon-server
    local data
    data=$(mktemp -d)
    # The folder expanded now (the trap runs after this function's locals
    # are gone); the servers, when it runs.
    trap "kill \$(jobs -p) 2>/dev/null; rm -rf '$data'" EXIT
    say "end-to-end test in headless Chromium"
    PORT="${E2E_PORT:-$((20000 + RANDOM % 20000))}"
    python3 web/serve.py dist "$PORT" >/dev/null 2>&1 &
    sleep 1
    URL="http://127.0.0.1:$PORT/" node web/e2e/play.mjs
    say "online play in two pages, through agon-server (which serves the site too)"
    local online=$((PORT + 1))
    "$target_dir/debug/agon-server" --listen "127.0.0.1:$online" --db "$data/online.db" --dist dist \
        >"$data/server.log" 2>&1 &
    for _ in $(seq 100); do
        curl -sf "http://127.0.0.1:$online/healthz" >/dev/null && break
        sleep 0.2
    done
    URL="http://127.0.0.1:$online/" node web/e2e/online.mjs || { cat "$data/server.log" >&2; exit 1; }
}

case "${1:-}" in
    build) build ;;
    serve) serve ;;
    test) build; e2e ;;
    *) echo "usage: scripts/web.sh build|serve|test" >&2; exit 2 ;;
esac
