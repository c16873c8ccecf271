#!/usr/bin/env bash
# Solves a few bundled levels into a SOK file, then checks that `sokoban
# verify` replays every stored solution, and that a corrupted copy fails.
set -euo pipefail
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$SOKOBAN_SOURCE_DIR"
"$SOKOBAN_BINARY" solve puzzles/microban.xsb --level 1-5 -o "$tmp/out.sok" >/dev/null
"$SOKOBAN_BINARY" verify "$tmp/out.sok" >/dev/null
# A solution with its first push turned into a walk no longer solves.
awk '!done && /^[lurdLURD]*[LURD][lurdLURD]*$/ { sub(/[LURD]/, "l"); done = 1 } { print }' \
  "$tmp/out.sok" >"$tmp/bad.sok"
if cmp -s "$tmp/out.sok" "$tmp/bad.sok"; then
  echo "no solution line found to corrupt" >&2
  exit 1
fi
if "$SOKOBAN_BINARY" verify "$tmp/bad.sok" >/dev/null 2>&1; then
  echo "verify accepted a corrupted solution" >&2
  exit 1
fi
