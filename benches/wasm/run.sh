#!/bin/sh
# Wasm perft benchmark in one command: builds qitong-rules (crate qitong/, with the site's release
# profile and its qitong-rules package override, both read from the root Cargo.toml) and shakmaty
# 0.30.1 (crate shakmaty/, opt-level 3) to wasm32-unknown-unknown as plain exports, builds the
# shipped modules (`cargo xtask build`: the teacher module's `perft` export is the number issue 14
# asks about),
# then times all three under Node (run.mjs; measured numbers in README.md here). No wasm-opt.
#
# usage: benches/wasm/run.sh [runs]     (default 5; best run counts)
#        CARGO_PROFILE_QITONG_OPT_LEVEL=3 benches/wasm/run.sh   (our plain side with another setting)
#        QITONG_BENCH_NO_SHIPPED=1 benches/wasm/run.sh          (skip the build and the shipped column)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$here"

command -v node >/dev/null || { echo "run.sh needs Node (20 or later) on PATH" >&2; exit 1; }
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi

# The site's [profile.release] keys become CARGO_PROFILE_QITONG_<KEY> for our build.
profile_env=$(awk '
    /^[ \t]*\[/ { in_release = ($0 ~ /^[ \t]*\[profile\.release\][ \t]*$/); next }
    in_release && /^[ \t]*[A-Za-z-]+[ \t]*=/ {
        line = $0; sub(/#.*/, "", line)
        key = line; sub(/[ \t]*=.*/, "", key); gsub(/[ \t]/, "", key)
        value = line; sub(/^[^=]*=[ \t]*/, "", value); gsub(/[ \t"]/, "", value)
        gsub(/-/, "_", key)
        printf "CARGO_PROFILE_QITONG_%s=%s\n", toupper(key), value
    }' "$root/Cargo.toml")
# A CARGO_PROFILE_QITONG_* already in the environment wins (to try another setting, e.g.
# CARGO_PROFILE_QITONG_OPT_LEVEL=3 benches/wasm/run.sh).
for assignment in $profile_env; do
    name=${assignment%%=*}
    eval "already=\${$name+set}"
    [ -n "$already" ] || export "$assignment"
done
echo "qitong built with the root [profile.release], unless overridden:" $(env | grep '^CARGO_PROFILE_QITONG_' | sort)

# The root's [profile.release.package.qitong-rules] keys (the rules crate built for speed inside
# the size-optimised site) become --config overrides of the same package in our profile.
package_config=$(awk '
    /^[ \t]*\[/ { in_rules = ($0 ~ /^[ \t]*\[profile\.release\.package\.qitong-rules\][ \t]*$/); next }
    in_rules && /^[ \t]*[A-Za-z-]+[ \t]*=/ {
        line = $0; sub(/#.*/, "", line)
        key = line; sub(/[ \t]*=.*/, "", key); gsub(/[ \t]/, "", key)
        value = line; sub(/^[^=]*=[ \t]*/, "", value); gsub(/[ \t]/, "", value)
        printf "--config profile.qitong.package.qitong-rules.%s=%s\n", key, value
    }' "$root/Cargo.toml")
echo "qitong-rules package override from the root Cargo.toml:" ${package_config:-none}

# shellcheck disable=SC2086 # one word per --config and its value
cargo build --profile qitong --package perft-wasm-qitong --target wasm32-unknown-unknown $package_config
cargo build --profile shakmaty --package perft-wasm-shakmaty --target wasm32-unknown-unknown

out="$here/target/wasm32-unknown-unknown"
shipped=""
if [ -z "${QITONG_BENCH_NO_SHIPPED:-}" ]; then
    (cd "$root" && cargo xtask build)
    shipped="$root/www/pkg/qitong_teacher.js"
fi
node "$here/run.mjs" "$out/qitong/perft_wasm_qitong.wasm" "$out/shakmaty/perft_wasm_shakmaty.wasm" "${1:-5}" $shipped
