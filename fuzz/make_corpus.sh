#!/usr/bin/env bash
# Builds the seed corpus of every fuzz target in OUT (default build-fuzz/corpus):
# the shared level collections split into one level a file, the format samples,
# and the hand-written seeds in fuzz/seeds/. Each target's inputs get the
# framing its harness expects (see the comment at the top of each *_fuzzer.cc).
#
#   fuzz/make_corpus.sh [OUT]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$ROOT/build-fuzz/corpus}"
SHARED="${SOKOBAN_SHARED_DIR:-$ROOT/../shared}"
mkdir -p "$OUT/read_collection" "$OUT/moves" "$OUT/solver"

# Splits a collection into blank-line-separated blocks, at most MAX of them.
split_levels() {
  local file="$1" prefix="$2" max="$3"
  awk -v out="$prefix" -v max="$max" '
    BEGIN { n = 0; buf = "" }
    /^[ \t]*$/ { if (buf != "" && buf ~ /#/) { n++; if (n <= max) { f = out "-" n; printf "%s", buf > f; close(f) } } buf = ""; next }
    { buf = buf $0 "\n" }
    END { if (buf != "" && buf ~ /#/) { n++; if (n <= max) { f = out "-" n; printf "%s", buf > f; close(f) } } }
  ' "$file"
}

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
if [[ -d "$SHARED/levels" ]]; then
  for f in "$SHARED"/levels/*.xsb; do
    name="$(basename "$f" .xsb)"
    max=200
    [[ "$name" == boxoban* ]] && max=40
    split_levels "$f" "$tmp/$name" "$max"
  done
fi
for f in "$tmp"/*; do
  [[ -f "$f" ]] || continue
  base="$(basename "$f")"
  { printf '\0'; cat "$f"; } >"$OUT/read_collection/$base"
  cp "$f" "$OUT/solver/$base"
  { printf '\1'; cat "$f"; printf '!'; } >"$OUT/moves/$base"
done
# The format samples, read as each format.
if [[ -d "$SHARED/formats" ]]; then
  for f in "$SHARED"/formats/*; do
    base="$(basename "$f")"
    for i in 0 1 2 3 4 5; do
      { printf "\\$(printf '%03o' "$i")"; cat "$f"; } >"$OUT/read_collection/$base-$i"
    done
  done
fi
for target in read_collection moves solver; do
  if [[ -d "$ROOT/fuzz/seeds/$target" ]]; then cp "$ROOT/fuzz/seeds/$target"/* "$OUT/$target/"; fi
done
echo "corpus in $OUT: $(ls "$OUT/read_collection" | wc -l) read_collection, $(ls "$OUT/moves" | wc -l) moves, $(ls "$OUT/solver" | wc -l) solver" >&2
