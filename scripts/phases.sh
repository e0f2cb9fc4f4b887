#!/usr/bin/env bash
# Phases of a test run, some side by side (sourced by scripts/test.sh). A phase run beside others writes
# to $PHASE_DIR/<name>.log (default test-results/phases), printed whole when it ends; a foreground phase
# prints as it goes. Every failure is remembered and `give_up_if_failed` ends the run naming all of them;
# leaving early (a failure, Ctrl-C) stops the phases still running, with their children.
PHASE_DIR=${PHASE_DIR:-test-results/phases}
run_started=${run_started:-$(date +%s)}
mkdir -p "$PHASE_DIR"

# Each background phase runs in its own process group (monitor mode while it starts), so stopping it stops
# its children too. Foreground phases stay in the run's group: Ctrl-C reaches the run, which stops them all.
declare -A phase_pid=()
failed=()

stop_phases() {
  for name in "${!phase_pid[@]}"; do kill -TERM -- "-${phase_pid[$name]}" 2>/dev/null || true; done
}
trap 'stop_phases' EXIT
trap 'exit 130' INT TERM

# start <name> <command…>: runs the command in the background, its output in $PHASE_DIR/<name>.log.
start() {
  local name=$1
  shift
  echo "== $name (started beside others at $(($(date +%s) - run_started)) s)"
  set -m
  (
    begun=$(date +%s)
    if "$@" >"$PHASE_DIR/$name.log" 2>&1; then rc=0; else rc=$?; fi
    echo "$rc $(($(date +%s) - begun))" >"$PHASE_DIR/$name.status"
    exit "$rc"
  ) &
  phase_pid[$name]=$!
  set +m
}

# finish <name…>: waits for each, prints its output and time; a failed one is remembered.
finish() {
  local name rc seconds
  for name in "$@"; do
    wait "${phase_pid[$name]}" || true
    unset "phase_pid[$name]"
    read -r rc seconds <"$PHASE_DIR/$name.status" 2>/dev/null || { rc=1 seconds='?'; }
    echo "== $name: $([ "$rc" = 0 ] && echo passed || echo "FAILED (exit $rc)") in $seconds s"
    cat "$PHASE_DIR/$name.log"
    [ "$rc" = 0 ] || failed+=("$name")
  done
}

# run <name> <command…>: in the foreground, its output as it comes.
run() {
  local name=$1 begun
  shift
  echo "== $name"
  begun=$(date +%s)
  if "$@"; then
    echo "== $name: passed in $(($(date +%s) - begun)) s"
  else
    echo "== $name: FAILED (exit $?) in $(($(date +%s) - begun)) s"
    failed+=("$name")
  fi
}

give_up_if_failed() {
  if [ ${#failed[@]} -gt 0 ]; then
    echo "FAILED: ${failed[*]} (after $(($(date +%s) - run_started)) s)" >&2
    exit 1
  fi
}

