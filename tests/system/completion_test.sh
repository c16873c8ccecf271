#!/usr/bin/env bash
# The bash completion the build writes (SOKOBAN_BUILD_DIR/packaging/
# completions/sokoban), loaded in bash: `complete -p sokoban` names its
# function; completing the first word offers every command `sokoban --help`
# lists, `generate --style` every style the parser's error message names,
# and a few more (--prune after a comma, --view, options). Then the same
# file loaded the way bash-completion loads it from an install prefix
# (XDG_DATA_DIRS), when bash-completion is installed.
set -euo pipefail
: "${SOKOBAN_BINARY:?}" "${SOKOBAN_BUILD_DIR:?}"
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_tools "apt-get install bash" bash
fail() { echo "FAIL: $*" >&2; exit 1; }
script="$SOKOBAN_BUILD_DIR/packaging/completions/sokoban"
[[ -s "$script" ]] || fail "no completion script at $script"
cmp -s "$script" <("$SOKOBAN_BINARY" --bash-completion) || fail "$script is not what the tool prints"
tmp="$(mktemp -d /tmp/sokoban-completion-XXXXXX)"
trap 'rm -rf "$tmp"' EXIT

commands="$("$SOKOBAN_BINARY" --help | awk '/^Commands:/ {on = 1; next} on && NF == 0 {exit} on {print $1}')"
[[ $(wc -l <<<"$commands") -ge 9 ]] || fail "too few commands in --help: $commands"
# The styles as the parser names them when it refuses one.
styles="$({ "$SOKOBAN_BINARY" generate --style nosuch -n 1 2>&1 || true; } | sed -n 's/.*(known: \(.*\)).*/\1/p' | tr -d ',')"
[[ -n "$styles" ]] || fail "no style list in generate's error"

# complete WORD... prints what bash offers for the last word.
cat >"$tmp/complete.sh" <<'SCRIPT'
complete_words() {
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE="$*" COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  local spec function
  spec="$(complete -p sokoban)" || return 1
  function="$(sed -n 's/.*-F \([^ ]*\) .*/\1/p' <<<"$spec")"
  "$function" sokoban "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
  printf '%s\n' "${COMPREPLY[@]}"
}
SCRIPT

check() {  # check LABEL EXPECTED_WORDS -- WORD...
  local label="$1" expected="$2" got w
  shift 3
  got="$(bash -c 'source "$1"; source "$2"; shift 2; complete_words "$@"' _ "$load" "$tmp/complete.sh" "$@")" ||
    fail "$label: completion failed"
  for w in $expected; do
    grep -qxF -- "$w" <<<"$got" || fail "$label: '$w' not offered for '$*' (got: $(echo $got))"
  done
}

run_checks() {
  bash -c 'source "$1"; complete -p sokoban' _ "$load" | grep -q -- "-F _sokoban sokoban$" ||
    fail "complete -p sokoban: $(bash -c 'source "$1"; complete -p sokoban' _ "$load" 2>&1)"
  check "commands" "$commands --version" -- sokoban ""
  check "help COMMAND" "$(grep -vx help <<<"$commands")" -- sokoban help ""
  check "--style" "$styles" -- sokoban generate --style ""
  check "--style=" "$styles" -- sokoban generate --style = ""
  check "--style r" "room rooms" -- sokoban generate --style r
  check "--view" "top iso" -- sokoban render --view ""
  check "--mode" "fast optimal" -- sokoban solve --mode ""
  check "--prune after a comma" "default,-learned" -- sokoban solve --prune default,-lea
  check "--members after a comma" "default,-roomsets" -- sokoban solve --members default,-room
  check "solve options" "--time-limit --threads --journal --shard" -- sokoban solve --
  check "merge options" "--from --output" -- sokoban merge --
  local got
  got="$(cd "$tmp" && bash -c 'source "$1"; source "$2"; shift 2; complete_words "$@"' _ "$load" "$tmp/complete.sh" sokoban solve --journal comp)"
  grep -qx "complete.sh" <<<"$got" || fail "--journal does not complete files (got: $got)"
}

load="$script"
run_checks
echo "completion: $(wc -w <<<"$commands") commands and $(wc -w <<<"$styles") styles offered"

# As bash-completion finds it under an install prefix.
bc=/usr/share/bash-completion/bash_completion
if [[ -f "$bc" ]]; then
  mkdir -p "$tmp/prefix/share/bash-completion/completions"
  cp "$script" "$tmp/prefix/share/bash-completion/completions/sokoban"
  cat >"$tmp/load.sh" <<SCRIPT
source $bc
XDG_DATA_DIRS=$tmp/prefix/share __load_completion sokoban
SCRIPT
  load="$tmp/load.sh"
  run_checks
  echo "completion: loaded by bash-completion from PREFIX/share/bash-completion/completions"
elif [[ "${SOKOBAN_SYSTEM_TOOLS_REQUIRED:-0}" == 1 ]]; then
  fail "bash-completion is not installed (apt-get install bash-completion)"
fi
