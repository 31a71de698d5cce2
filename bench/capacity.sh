#!/usr/bin/env bash
# RAiD's capacity search (docs/capacity.md) against the sandbox in its own JVM with 100,000 raids seeded:
# the largest multiple of its reference load (50 new users/s) that this machine, the suite and its sandbox
# carry within RAiD's thresholds (`mint raid`: a stub floor of 2,000 ms against its 8,000 ms p99 limit).
# Prints each step as the search judged it (multiple, load, worst p99 against its limit, KO, verdict, next
# step), the results step's lines, the sandbox's own times and how long the search took. Up to 4x, not the
# default 8x: 8x is 24,000 concurrent users, more open files than this machine's `ulimit -n` (20,000) and
# more than a 2-core injector carries (docs/scaling.md); a -Dcapacity.maxMultiple given replaces it. Steps of
# 2 minutes after 1 minute's settling: about 30 minutes. Usage: bench/capacity.sh [extra -D options for the run]
# BENCH_SMOKE=1 bench/capacity.sh: the search compressed (-Dsmoke=true: 4 s steps, a minute at most), no
# seeded raids, the same lines.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/run-folders.sh
source bench/run-folders.sh
sandbox_opts="-Dsandbox.raid.port=18080 -Dsandbox.raid.seedRaids=100000"
run_opts=(-Dcapacity.maxMultiple=4 "$@")
if [ "${BENCH_SMOKE:-0}" = 1 ]; then sandbox_opts="-Dsandbox.raid.port=18080" run_opts=(-Dsmoke=true); fi

mvn -q -B test-compile
rm -f target/bench-sandbox-jvm.csv target/bench-sandbox.log
# shellcheck disable=SC2086 # the sandbox options are a list of -D words
mvn -q -B exec:java -Dexec.mainClass=bench.MeasuredSandbox $sandbox_opts > target/bench-sandbox.log 2>&1 &
sandbox_jvm=$!
trap 'kill $sandbox_jvm 2>/dev/null || true' EXIT
for _ in $(seq 1 180); do grep -q "Ctrl-C stops." target/bench-sandbox.log && break; sleep 1; done
(echo > /dev/tcp/127.0.0.1/18080) 2>/dev/null || {
  grep -m1 "^ERROR" target/bench-sandbox.log >&2 || true
  echo "The sandbox is not answering on 18080: see target/bench-sandbox.log" >&2
  exit 1
}

before=$(run_folders)
status=0
started=$(date +%s)
mvn -B gatling:test -Dgatling.simulationClass=simulations.RaidSimulation -Dprofile=capacity \
  -Dtarget=standalone-sandbox -Dsuite.resultsDir="$results_dir" "${run_opts[@]}" > target/bench-capacity.log 2>&1 ||
  status=$?
took=$(($(date +%s) - started))
grep -E "^(ERROR|capacity raid: |results:)" target/bench-capacity.log || true
kill "$sandbox_jvm" 2>/dev/null || true
wait "$sandbox_jvm" 2>/dev/null || true
grep -E "^sandbox: " target/bench-sandbox.log || true

run=$(new_run_folder "$before")
if [ -z "$run" ]; then
  echo "The run left no archive (gatling:test exit code $status): see target/bench-capacity.log" >&2
  exit 1
fi
# A search's failing steps are meant to fail; its exit code is its gate's.
echo "gatling:test exit code $status; the run: $run"
steps=$(grep -c "^capacity raid: step " target/bench-capacity.log || true)
echo "search: $steps steps in $took s (Maven and Gatling's start included)"
