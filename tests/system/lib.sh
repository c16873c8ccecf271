# Shared by the shell system tests: `source "$(dirname "$0")/lib.sh"`.

# need_tools HINT TOOL...: every TOOL must be on PATH. When one is missing
# the test is skipped (exit 77), except under scripts/test, which installs
# every tool these tests need and sets SOKOBAN_SYSTEM_TOOLS_REQUIRED=1:
# there it fails. HINT says how to install them.
need_tools() {
  local hint="$1" tool
  shift
  for tool in "$@"; do
    command -v "$tool" >/dev/null && continue
    if [[ "${SOKOBAN_SYSTEM_TOOLS_REQUIRED:-0}" == 1 ]]; then
      echo "failed: $tool is not installed ($hint)" >&2
      exit 1
    fi
    echo "skipped: $tool is not installed ($hint)" >&2
    exit 77
  done
}
