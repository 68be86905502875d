#!/usr/bin/env bash
# Builds the librdkafka mock-cluster launcher.
# Usage: scripts/kafka-mock/build.sh [output-path]
#   default output: scripts/kafka-mock/bin/kafka-mock (relative to the repo root)
# Skips the compile when the binary is already newer than the source, so
# test helpers can call this unconditionally.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src="$here/kafka-mock.c"
out="${1:-$here/bin/kafka-mock}"

if [[ -x "$out" && "$out" -nt "$src" ]]; then
  exit 0
fi

if ! command -v pkg-config >/dev/null 2>&1; then
  echo "kafka-mock/build.sh: pkg-config not found." >&2
  echo "  Install with: apt-get install -y pkg-config librdkafka-dev" >&2
  exit 1
fi
if ! pkg-config --exists rdkafka; then
  echo "kafka-mock/build.sh: librdkafka development files not found (pkg-config rdkafka)." >&2
  echo "  Install with: apt-get install -y librdkafka-dev" >&2
  exit 1
fi
cc_bin="${CC:-cc}"
if ! command -v "$cc_bin" >/dev/null 2>&1; then
  echo "kafka-mock/build.sh: C compiler '$cc_bin' not found (apt-get install -y gcc)." >&2
  exit 1
fi

mkdir -p "$(dirname "$out")"
# Compile to a temp file and rename, so a concurrent caller (parallel test
# workers) never executes a half-written binary.
tmp="$out.tmp.$$"
trap 'rm -f "$tmp"' EXIT
# shellcheck disable=SC2046 # pkg-config output must be word-split
"$cc_bin" -O2 -Wall -Wextra -o "$tmp" "$src" $(pkg-config --cflags --libs rdkafka)
mv -f "$tmp" "$out"
