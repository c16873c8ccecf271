# Shared by scripts/run and scripts/test: install what is missing, then
# configure and build in an existing or new build folder.
#
#   source "$(dirname "$0")/common.sh"
#   ensure_packages && build_release
#   "$SOKOBAN" info puzzles/*.xsb
#
# SOKOBAN_BUILD_DIR chooses the build folder (default: build/ in the repo);
# SOKOBAN_ASAN_BUILD_DIR the sanitizer build's (default: build-asan/).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$(realpath -m "${SOKOBAN_BUILD_DIR:-$ROOT/build}")"
SOKOBAN="$BUILD_DIR/tools/sokoban"
ASAN_BUILD_DIR="$(realpath -m "${SOKOBAN_ASAN_BUILD_DIR:-$ROOT/build-asan}")"

# What the build needs on Debian 12. make is listed because cmake only
# recommends it.
REQUIRED_PACKAGES=(cmake make g++ libboost-program-options-dev libabsl-dev
  nlohmann-json3-dev libgtest-dev libbenchmark-dev)
# Nice to have (formatting the sources); its absence never stops a build.
OPTIONAL_PACKAGES=(clang-format)
# What the system tests (tests/system/) need beyond the build: real programs
# the tool's output is checked with (the last five check the Debian package,
# the install, the man pages and the bash completion). scripts/test installs
# them; scripts/run does not.
TEST_PACKAGES=(python3 chromium python3-websocket librsvg2-bin libxml2-utils slurm-wlm munge parallel
  dpkg-dev file lintian man-db bash-completion)

say() { printf '%s\n' "$*" >&2; }

package_installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]
}

# Runs a command as root: directly when we are root, else through sudo.
as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    say "error: need root to run: $*"
    return 1
  fi
}

# Installs the missing packages only; says nothing and touches nothing when
# everything is there. apt-get update runs only when something is installed.
# EXTRA_PACKAGES (an array, may be unset) are required too.
ensure_packages() {
  local required=("${REQUIRED_PACKAGES[@]}" ${EXTRA_PACKAGES[@]+"${EXTRA_PACKAGES[@]}"})
  if ! command -v dpkg-query >/dev/null; then
    say "note: not a Debian system; make sure these are installed: ${required[*]}"
    return 0
  fi
  local missing=() optional=() p
  for p in "${required[@]}"; do package_installed "$p" || missing+=("$p"); done
  for p in "${OPTIONAL_PACKAGES[@]}"; do package_installed "$p" || optional+=("$p"); done
  if [[ ${#missing[@]} -eq 0 && ${#optional[@]} -eq 0 ]]; then return 0; fi
  say "Installing: ${missing[*]} ${optional[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  if [[ ${#missing[@]} -gt 0 ]]; then
    as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
  if [[ ${#optional[@]} -gt 0 ]]; then
    as_root apt-get install -y -qq --no-install-recommends "${optional[@]}" >/dev/null ||
      say "note: could not install ${optional[*]} (optional); going on"
  fi
}

# Runs a command with its output kept in a log, shown only when it fails.
quietly() {
  local log="$1"
  shift
  if ! "$@" >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    say "error: '$*' failed (full log: $log)"
    return 1
  fi
}

# Configures DIR (once; later runs reuse the build folder, its generator and
# its objects) with the given CMake options and builds it with every core.
#   build_in DIR LABEL CMAKE_OPTION...
build_in() {
  local dir="$1" label="$2" jobs
  shift 2
  jobs="$(nproc 2>/dev/null || echo 2)"
  mkdir -p "$dir"
  if [[ ! -f "$dir/CMakeCache.txt" ]]; then
    say "Configuring $dir ($label)"
    quietly "$dir/configure.log" cmake -S "$ROOT" -B "$dir" "$@"
  fi
  say "Building in $dir"
  quietly "$dir/build.log" cmake --build "$dir" -j "$jobs"
}

# The Release build in BUILD_DIR.
build_release() {
  build_in "$BUILD_DIR" Release -DCMAKE_BUILD_TYPE=Release
}

# The AddressSanitizer + UndefinedBehaviorSanitizer build of the tests in
# ASAN_BUILD_DIR (no benchmarks).
build_sanitized() {
  build_in "$ASAN_BUILD_DIR" "AddressSanitizer + UBSan" -DCMAKE_BUILD_TYPE=Release \
    -DSOKOBAN_SANITIZE=ON -DSOKOBAN_BUILD_BENCH=OFF
}
