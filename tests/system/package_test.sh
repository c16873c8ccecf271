#!/usr/bin/env bash
# The Debian package of the Release build as it is (cpack -G DEB on
# SOKOBAN_BUILD_DIR, nothing rebuilt): lintian finds no errors in it; taken
# apart with dpkg-deb -x, its sokoban runs (--version names the version and
# the commit) and solves a bundled puzzle from its own share/; every man
# page renders with man -l without a warning; the completion, the copyright
# and the changelog are where Debian wants them.
set -euo pipefail
: "${SOKOBAN_BINARY:?}" "${SOKOBAN_BUILD_DIR:?}"
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_tools "apt-get install cmake dpkg-dev file lintian man-db" cpack dpkg-deb dpkg-shlibdeps file lintian man
tmp="$(mktemp -d /tmp/sokoban-package-XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cpack -G DEB --config "$SOKOBAN_BUILD_DIR/CPackConfig.cmake" -B "$tmp/out" >"$tmp/cpack.log" 2>&1 ||
  fail "cpack failed: $(tail -n 20 "$tmp/cpack.log")"
debs=("$tmp"/out/sokoban_*.deb)
[[ ${#debs[@]} -eq 1 && -f "${debs[0]}" ]] || fail "no single sokoban_*.deb: ${debs[*]}"
deb="${debs[0]}"
version="$("$SOKOBAN_BINARY" --version | awk '{print $2}')"
[[ "$(basename "$deb")" == "sokoban_${version}_$(dpkg --print-architecture).deb" ]] ||
  fail "package named $(basename "$deb") for version $version"
dpkg-deb -f "$deb" Depends | grep -q "libc6" || fail "no computed Depends: $(dpkg-deb -f "$deb" Depends)"

# lintian: errors fail; the rest is shown.
lintian --tag-display-limit 0 "$deb" >"$tmp/lintian.log" 2>&1 || true
if grep -q '^E: ' "$tmp/lintian.log"; then
  cat "$tmp/lintian.log" >&2
  fail "lintian reports errors"
fi
grep -E '^[WI]: ' "$tmp/lintian.log" >&2 || true

dpkg-deb -x "$deb" "$tmp/root"
usr="$tmp/root/usr"
[[ -x "$usr/bin/sokoban" ]] || fail "no usr/bin/sokoban"
"$usr/bin/sokoban" --version | grep -Eq "^sokoban $version \(commit [0-9a-f]+(-dirty)?, " ||
  fail "--version: $("$usr/bin/sokoban" --version)"
file "$usr/bin/sokoban" | grep -q "stripped" && ! file "$usr/bin/sokoban" | grep -q "not stripped" ||
  fail "the binary is not stripped"
out="$("$usr/bin/sokoban" solve "$usr/share/sokoban/puzzles/microban.xsb" --level 1-3 -t 10)" ||
  fail "the packaged sokoban did not solve Microban 1-3: $out"
grep -q "^Solved 3 of 3 levels" <<<"$out" || fail "solve: $out"
for f in microban.xsb microban2.xsb xsokoban90.xsb README.md; do
  [[ -s "$usr/share/sokoban/puzzles/$f" ]] || fail "no share/sokoban/puzzles/$f"
done
for f in copyright changelog.gz; do
  [[ -s "$usr/share/doc/sokoban/$f" ]] || fail "no share/doc/sokoban/$f"
done
grep -q "David W. Skinner" "$usr/share/doc/sokoban/copyright" || fail "copyright: no puzzle credits"
[[ -s "$usr/share/bash-completion/completions/sokoban" ]] || fail "no bash completion"

# One man page for the tool and one per command, each rendering cleanly.
pages=("$usr"/share/man/man1/*.1.gz)
commands="$("$usr/bin/sokoban" --help | awk '/^Commands:/ {on = 1; next} on && NF == 0 {exit} on && $1 != "help" {print $1}')"
[[ ${#pages[@]} -eq $(($(wc -l <<<"$commands") + 1)) ]] || fail "man pages: ${pages[*]}"
for c in $commands; do
  [[ -f "$usr/share/man/man1/sokoban-$c.1.gz" ]] || fail "no man page for $c"
done
for page in "${pages[@]}"; do
  if ! LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l "$page" >"$tmp/page.txt" 2>"$tmp/warnings"; then
    fail "man -l $(basename "$page") failed: $(cat "$tmp/warnings")"
  fi
  [[ ! -s "$tmp/warnings" ]] || fail "man -l $(basename "$page"): $(cat "$tmp/warnings")"
  grep -q "^NAME" "$tmp/page.txt" || fail "$(basename "$page") has no NAME section"
done
grep -q -- "--time-limit" <(man -l "$usr/share/man/man1/sokoban-solve.1.gz" 2>/dev/null) ||
  fail "sokoban-solve(1) does not list --time-limit"
echo "package: $(basename "$deb"), lintian without errors, ${#pages[@]} man pages, extracted tool solves"
