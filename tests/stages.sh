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

run_test_stages() {
  trap print_stage_times EXIT
  stage typecheck npm run typecheck
  stage lint npm run lint
  stage unit npm run test:unit
  stage build npm run build -- --logLevel warn
  stage e2e npm run test:e2e:run
}

# Run as a script (npm test): the test stages alone.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  cd "$(dirname "$0")/.."
  run_test_stages
fi
