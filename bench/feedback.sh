#!/usr/bin/env bash
# Benchmark: the feedback loop. Wall time of `mvn gatling:test` (the default: every journey at smoke, the
# sandbox in the injector's JVM) on a warm Maven cache and compiled sources; with --with-tests, then of
# `mvn test` (every unit and end-to-end test). Prints each command's wall time and exit code; their output
# goes to target/bench-feedback-*.log. The load average before each says how busy the machine was.
# Usage: bench/feedback.sh [--with-tests]
# BENCH_SMOKE=1 bench/feedback.sh: times `mvn gatling:test` of RaidSimulation alone, never `mvn test` (the
# tests run this script: docs.BenchSmokeTest), its output the same.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B test-compile

timed() {
  local name=$1; shift
  echo "$name: load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  local start status=0; start=$(date +%s.%N)
  "$@" > "target/bench-feedback-$name.log" 2>&1 || status=$?
  awk -v s="$start" -v e="$(date +%s.%N)" -v n="$name" -v c="$status" \
    'BEGIN {printf "%s: %.0f s wall, exit code %d\n", n, e - s, c}'
}
if [ "${BENCH_SMOKE:-0}" = 1 ]; then
  timed gatling-test mvn -B gatling:test -Dgatling.simulationClass=simulations.RaidSimulation \
    -Dsuite.resultsDir="$(realpath -m "${BENCH_RESULTS:-results}")"
  exit 0
fi
timed gatling-test mvn -B gatling:test
[ "${1:-}" = "--with-tests" ] && timed test mvn -B test
exit 0
