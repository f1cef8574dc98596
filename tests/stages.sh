#!/usr/bin/env bash
# The test stages of `npm test` in order, each timed; at the end, failed or not, each stage's
# time. `.ci/run` sources this file to time its own stages (the install) in the same list.
set -uo pipefail

stage_times=()

print_stage_times() {
  echo '::: stage times'
  local line
  for line in "${stage_times[@]}"; do echo "  $line"; done
}

# stage NAME COMMAND...: runs the command as one timed stage; the first failure ends the run.
stage() {
  local name=$1
  shift
  echo "::: $name"
  local started=$SECONDS status=0
  "$@" || status=$?
  local took=$((SECONDS - started))
  local result=''
  [ "$status" -eq 0 ] || result=" (failed, exit $status)"
  stage_times+=("$(printf '%-10s %3dm %02ds%s' "$name" $((took / 60)) $((took % 60)) "$result")")
  [ "$status" -eq 0 ] || exit "$status"
}

# side_by_side COMMAND...: runs the commands (each one string) at once, each one's output kept
# apart and printed once it is done; fails if any of them failed.
side_by_side() {
  local dir status=0 i
  local pids=()
  dir=$(mktemp -d)
  i=0
  for command in "$@"; do
    bash -c "$command" >"$dir/$i" 2>&1 &
    pids+=($!)
    i=$((i + 1))
  done
  i=0
  for command in "$@"; do
    local result=0
    wait "${pids[$i]}" || result=$?
    echo "::: $command (exit $result)"
    cat "$dir/$i"
    [ "$result" -eq 0 ] || status=$result
    i=$((i + 1))
  done
  rm -rf "$dir"
  return "$status"
}

# The type check, the lint and the build each keep one core busy for about a minute: side by
# side on two cores, they take little more than the longest of them. The route tree they all
# read is generated first, so that none of them writes it while another reads it.
checks() {
  npx tsr generate &&
    side_by_side 'npm run typecheck' 'npm run lint' 'npm run build -- --logLevel warn'
}

# The unit and API tests. Node 24's V8 now and then aborts a test worker that has opened and
# closed many PGlites, freeing a Wasm-to-JS wrapper it no longer tracks ("Check failed:
# jit_page_->allocations_.erase(addr) == 1", SIGTRAP; nodejs/node#64500). Vitest then runs the
# other files in a new worker and fails the run for the one under way. When that abort is the
# only failure, that file alone runs again, in full, and decides; a failed test never does.
unit_tests() {
  local log status=0
  log=$(mktemp)
  npm run test:unit 2>&1 | tee "$log" || status=$?
  local plain
  plain=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
  rm -f "$log"
  [ "$status" -ne 0 ] || return 0
  grep -q 'jit_page_->allocations_.erase(addr) == 1' <<<"$plain" || return "$status"
  # No file or test failed (a beforeAll that throws fails its file), and each error is an abort.
  grep -qE '^ *Tests? Files? .*failed|^ *Tests +.*failed' <<<"$plain" && return "$status"
  local files errors
  mapfile -t files < <(grep -oE 'signal SIGTRAP during [a-z]+ state while running test file [^ ]+' <<<"$plain" | awk '{print $NF}' | sort -u)
  errors=$(grep -oE '^ *Errors +[0-9]+ errors?' <<<"$plain" | grep -oE '[0-9]+' | head -1)
  [ "${#files[@]}" -gt 0 ] && [ "${errors:-0}" -eq "${#files[@]}" ] || return "$status"
  echo "::: V8 aborted the worker running ${files[*]} (nodejs/node#64500): running it again"
  npx vitest run "${files[@]}"
}

run_test_stages() {
  trap print_stage_times EXIT
  stage checks checks
  stage unit unit_tests
  stage e2e npm run test:e2e:run
}

# Run as a script (npm test): the test stages alone.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  cd "$(dirname "$0")/.."
  run_test_stages
fi
