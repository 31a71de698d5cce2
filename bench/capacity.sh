#!/usr/bin/env bash
# RAiD's capacity search (docs/capacity.md) against the sandbox in its own JVM with 100,000 raids seeded:
# the largest multiple of its reference load (50 new users/s) that this machine, the suite and its sandbox
# carry within RAiD's thresholds (`mint raid`: a stub floor of 2,000 ms against its 8,000 ms p99 limit).
# Prints each step as the search judged it (multiple, load, worst p99 against its limit, KO, verdict and what
# it failed, a pace it did not keep included, next step), the results step's lines, the sandbox's own times
# and how long the search took. Up to 4x, not the default 8x: 8x is 24,000 concurrent users, more open
# files than this machine's `ulimit -n` (20,000) and more than a 2-core injector carries (docs/scaling.md);
# a -Dcapacity.maxMultiple given replaces it. Steps of
# 2 minutes after 1 minute's settling (longer where a step needs more answers): about 11 minutes when every
# step passes, 30 when it bisects. Usage: bench/capacity.sh [extra -D options for the run]
# BENCH_SMOKE=1 bench/capacity.sh: the search compressed (-Dsmoke=true: 4 s steps, a minute at most), no
# seeded raids, the same lines.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/run-folders.sh
source bench/run-folders.sh
# shellcheck source=bench/sandbox-start.sh
source bench/sandbox-start.sh
work=target/bench-capacity
base_urls=$work/base-urls.conf
sandbox_opts=(-Dsandbox.raid.seedRaids=100000)
run_opts=(-Dcapacity.maxMultiple=4 "$@")
if [ "${BENCH_SMOKE:-0}" = 1 ]; then sandbox_opts=() run_opts=(-Dsmoke=true); fi

mvn -q -B test-compile
mkdir -p "$work"
# The sandbox takes free ports and writes its base URLs to $base_urls, where the run reads them.
start_measured_sandbox "$work/sandbox.log" "$base_urls" "$work/sandbox-jvm.csv" "${sandbox_opts[@]}"
grep -qs '^raid\.baseUrl = ' "$base_urls" || {
  maven_lines "$work/sandbox.log" -m1 "^ERROR" >&2 || true
  echo "The sandbox wrote no RAiD base URL to $base_urls: see $work/sandbox.log" >&2
  exit 1
}

before=$(run_folders)
status=0
started=$(date +%s)
mvn -B gatling:test -Dgatling.simulationClass=simulations.RaidSimulation -Dprofile=capacity \
  -Dtarget=standalone-sandbox -Dtargets.standalone-sandbox.baseUrlsFile="$base_urls" -Dsuite.resultsDir="$results_dir" \
  "${run_opts[@]}" > "$work/run.log" 2>&1 ||
  status=$?
took=$(($(date +%s) - started))
maven_lines "$work/run.log" "^(ERROR|capacity raid: |raid: |results:)" || true
kill "$sandbox_jvm" 2>/dev/null || true
wait "$sandbox_jvm" 2>/dev/null || true
maven_lines "$work/sandbox.log" "^sandbox: " || true

run=$(new_run_folder "$before")
if [ -z "$run" ]; then
  echo "The run left no archive (gatling:test exit code $status): see $work/run.log" >&2
  exit 1
fi
# A search's failing steps are meant to fail; its exit code is its gate's.
echo "gatling:test exit code $status; the run: $run"
steps=$(maven_lines "$work/run.log" -c "^capacity raid: step " || true)
echo "search: $steps steps in $took s (Maven and Gatling's start included)"
