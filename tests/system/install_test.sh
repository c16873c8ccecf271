#!/usr/bin/env bash
# `cmake --install` of the Release build into a fresh prefix gives a
# sokoban that works from there alone: with the source tree, the build
# folder and ../shared hidden (empty tmpfs mounts in a private mount
# namespace), the installed tool prints its version, finds its man pages
# and completion under the prefix, and solves a bundled puzzle from
# PREFIX/share/sokoban/puzzles. Where no mount namespace can be made (not
# root), it checks instead that the binary carries no RPATH and no path of
# the source or build folder.
set -euo pipefail
: "${SOKOBAN_BINARY:?}" "${SOKOBAN_BUILD_DIR:?}" "${SOKOBAN_SOURCE_DIR:?}"
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_tools "apt-get install cmake binutils util-linux" cmake readelf strings unshare
tmp="$(mktemp -d /tmp/sokoban-install-XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
prefix="$tmp/prefix"
cmake --install "$SOKOBAN_BUILD_DIR" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
  fail "cmake --install failed: $(tail -n 20 "$tmp/install.log")"
for f in bin/sokoban share/sokoban/puzzles/microban.xsb share/sokoban/puzzles/README.md \
  share/man/man1/sokoban.1.gz share/man/man1/sokoban-solve.1.gz \
  share/bash-completion/completions/sokoban share/doc/sokoban/copyright; do
  [[ -e "$prefix/$f" ]] || fail "not installed: $f"
done
if readelf -d "$prefix/bin/sokoban" | grep -Eq 'RPATH|RUNPATH'; then
  fail "the installed binary has an RPATH: $(readelf -d "$prefix/bin/sokoban" | grep -E 'RPATH|RUNPATH')"
fi
source_dir="$(realpath "$SOKOBAN_SOURCE_DIR")" build_dir="$(realpath "$SOKOBAN_BUILD_DIR")"
if strings "$prefix/bin/sokoban" | grep -Fq -e "$source_dir" -e "$build_dir"; then
  fail "the installed binary names the source or build folder"
fi

# What the installed tool is run for, from an empty folder.
cat >"$tmp/run.sh" <<'SCRIPT'
set -euo pipefail
prefix="$1"
cd "$(mktemp -d)"
export PATH="$prefix/bin:/usr/bin:/bin" MANPATH="$prefix/share/man"
[[ "$(command -v sokoban)" == "$prefix/bin/sokoban" ]]
sokoban --version
sokoban solve "$prefix/share/sokoban/puzzles/microban.xsb" --level 1-2 -t 10
sokoban info "$prefix/share/sokoban/puzzles/xsokoban90.xsb" --level 1
man -w sokoban-solve
SCRIPT
# The build folder first: it may lie inside the source tree.
hidden=("$build_dir")
shared="${SOKOBAN_SHARED_DIR:-}"
[[ -n "$shared" && -d "$shared" ]] && hidden+=("$(realpath "$shared")")
hidden+=("$source_dir")
mounts=""
for d in "${hidden[@]}"; do mounts+="mount -t tmpfs none $(printf '%q' "$d") && "; done
if unshare -m --propagation private true 2>/dev/null; then
  unshare -m --propagation private bash -c "${mounts} [[ -z \"\$(ls -A $(printf '%q' "$source_dir"))\" ]] && bash $(printf '%q' "$tmp/run.sh") $(printf '%q' "$prefix")" \
    >"$tmp/run.out" 2>&1 || fail "the installed sokoban failed with the source and build hidden: $(cat "$tmp/run.out")"
  how="the source, build and shared folders hidden"
else
  bash "$tmp/run.sh" "$prefix" >"$tmp/run.out" 2>&1 || fail "the installed sokoban failed: $(cat "$tmp/run.out")"
  how="no mount namespace here: checked for RPATH and build paths only"
fi
grep -q "^sokoban [0-9.]* (commit " "$tmp/run.out" || fail "no version line: $(cat "$tmp/run.out")"
grep -q "^Solved 2 of 2 levels" "$tmp/run.out" || fail "no solve: $(cat "$tmp/run.out")"
grep -q "^$prefix/share/man/man1/sokoban-solve.1.gz$" "$tmp/run.out" ||
  fail "man does not find the installed page: $(cat "$tmp/run.out")"
echo "install: $prefix works alone ($how)"
