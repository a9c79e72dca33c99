#!/usr/bin/env bash
# CI as it runs on a busy machine: a CPU hog keeps one core busy (scripts/cpu-hog.mjs, a bounded
# busy loop that stops by itself) while the tests run.
#
#   scripts/ci-stress.sh [--runs N]         clone this checkout's HEAD afresh for each run and run
#                                           `bash .ci/run` in the clone (what CI does), N times
#                                           (default 3), stopping at the first failure
#   scripts/ci-stress.sh --browser-only [--runs N]
#                                           in this checkout, the browser and e2e projects only
#                                           (`vitest run --project browser --project e2e`), N times
#   --keep                                  keep each fresh clone (default: removed after a pass)
#
# Prints each run's duration and result, and a log file per run; exits 1 if any run failed.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
runs=3
browser_only=0
keep=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs)
      runs=${2:-}
      shift 2
      ;;
    --browser-only)
      browser_only=1
      shift
      ;;
    --keep)
      keep=1
      shift
      ;;
    *)
      echo "ci-stress: unknown option '$1' (see the comment at the top of $0)" >&2
      exit 2
      ;;
  esac
done
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
  echo "ci-stress: --runs takes a whole number of at least 1, got '$runs'" >&2
  exit 2
fi

logs=$(mktemp -d "${TMPDIR:-/tmp}/ci-stress-XXXXXX")
failed=0
for ((i = 1; i <= runs; i++)); do
  # The hog outlives no run: it stops after 40 minutes, or as soon as this script is gone.
  node scripts/cpu-hog.mjs --seconds 2400 &
  hog=$!
  start=$(date +%s)
  log="$logs/run-$i.log"
  if [[ $browser_only -eq 1 ]]; then
    npx vitest run --project browser --project e2e >"$log" 2>&1
    rc=$?
  else
    clone=$(mktemp -d "$(dirname "$root")/ci-stress-clone-XXXXXX")
    git clone -q "$root" "$clone" && (cd "$clone" && CI=true bash .ci/run </dev/null) >"$log" 2>&1
    rc=$?
    if [[ $rc -eq 0 && $keep -eq 0 ]]; then rm -rf "$clone"; else echo "  clone kept: $clone"; fi
  fi
  kill "$hog" 2>/dev/null
  wait "$hog" 2>/dev/null
  secs=$(($(date +%s) - start))
  if [[ $rc -eq 0 ]]; then verdict=passed; else verdict="FAILED (exit $rc)"; fi
  printf 'run %d of %d: %s in %dm%02ds, log %s\n' "$i" "$runs" "$verdict" $((secs / 60)) $((secs % 60)) "$log"
  grep -E '^\s*(Test Files|Tests)\s' "$log" | sed 's/\x1b\[[0-9;]*m//g; s/^/  /'
  if [[ $rc -ne 0 ]]; then
    failed=1
    grep -E '(FAIL|×) ' "$log" | sed 's/\x1b\[[0-9;]*m//g; s/^/  /' | head -20
    break
  fi
done
exit $failed
