#!/usr/bin/env bash
# Checks that every patched dependency under patches/ is exactly the crate
# published on crates.io (its checksum checked against the registry's index)
# with patches/<crate>.diff applied: nothing else of ours slipped into the
# copy, and the diff still describes it. See patches/README.md.
# Usage: scripts/check-patches.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
need_packages curl ca-certificates patch python3

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for copy in patches/*/; do
    name=$(basename "$copy")
    version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$copy/Cargo.toml" | head -n 1)
    [ -n "$version" ] || { echo "patches: no version in $copy/Cargo.toml" >&2; exit 1; }
    crate="$work/$name-$version.crate"
    curl -sSfL --retry 3 -o "$crate" "https://static.crates.io/crates/$name/$name-$version.crate"
    # The sparse index's path: the first two and the next two letters.
    index="https://index.crates.io/${name:0:2}/${name:2:2}/$name"
    curl -sSfL --retry 3 -o "$work/index" "$index"
    python3 - "$work/index" "$version" "$crate" <<'EOF'
import hashlib, json, sys
index, version, crate = sys.argv[1:]
sums = [json.loads(l)["cksum"] for l in open(index) if json.loads(l)["vers"] == version]
got = hashlib.sha256(open(crate, "rb").read()).hexdigest()
if sums != [got]:
    sys.exit(f"patches: {crate} has sha256 {got}, crates.io's index says {sums}")
EOF
    tar -xzf "$crate" -C "$work"
    published="$work/$name-$version"
    # What the copy leaves out (patches/README.md): Cargo's own files, and
    # the tone-mapping tables the game does not enable.
    rm -rf "$published"/{Cargo.toml.orig,Cargo.lock,.cargo_vcs_info.json,.cargo-ok}
    rm -rf "$published/src/tonemapping/luts"
    patch -s -p1 -d "$published" < "patches/$name.diff"
    if diff -r "$published" "$copy" > "$work/diff"; then
        say "patches/$name is $name $version from crates.io with patches/$name.diff"
    else
        echo "patches/$name differs from $name $version with patches/$name.diff:" >&2
        cat "$work/diff" >&2
        status=1
    fi
done
exit "$status"
