#!/usr/bin/env bash
# Benchmark: the key-upload sweep (12 concurrency levels x 500 pairs x 3 repeats, the `sweep` profile)
# against the key-upload stand-in in its own JVM, then the highest level alone for longer,
# to read the injector's and the stand-in's CPU there. Prints the curve (summary.md's table), its peak
# pairs/s, best level and headroom; then, for the highest level, pairs/s, the injector JVM's CPU (its own
# sampling, summary.json) and the sandbox JVM's (its own MXBean, printed as it stops).
# Takes a few minutes. Usage: bench/keyupload.sh [extra -D options for both runs]
# TOP_PAIRS sets how many pairs the highest level runs alone (20,000). The sandbox takes free ports and writes
# them to target/bench-keyupload-base-urls.conf, where the runs read them.
# BENCH_SMOKE=1 bench/keyupload.sh: 2 levels x 5 pairs x 1 repeat, then the higher alone for 10 pairs, the
# extra options ignored and the connectivity check's floor at 1 request/s (a smoke run on a busy machine
# measures nothing that needs 300); the same figures, in a minute or two.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/run-folders.sh
source bench/run-folders.sh
# shellcheck source=bench/maven-log.sh
source bench/maven-log.sh
base_urls=target/bench-keyupload-base-urls.conf
top_level=128
top_pairs=${TOP_PAIRS:-20000}
sweep=(-Dprofile=sweep)
extra=("$@")
shape="12 levels x 500 pairs x 3 repeats"
if [ "${BENCH_SMOKE:-0}" = 1 ]; then
  sweep+=(-Dprofiles.key-upload.sweep.levels.0=1 -Dprofiles.key-upload.sweep.levels.1=2
    -Dprofiles.key-upload.sweep.iterationsPerLevel=5 -Dprofiles.key-upload.sweep.repeats=1)
  shape="2 levels x 5 pairs x 1 repeat (smoke)" top_level=2 top_pairs=10
  extra=(-Dkey-upload.connectivityCheck.minRequestsPerSecond=1)
fi
mkdir -p target
mvn -q -B test-compile

sandbox_mvn=""
stop_sandbox() {
  if [ -n "$sandbox_mvn" ]; then kill "$sandbox_mvn" 2>/dev/null || true; wait "$sandbox_mvn" 2>/dev/null || true; fi
  sandbox_mvn=""
}
trap stop_sandbox EXIT
# The sandbox in its own JVM (mvn execs java: the kill reaches the JVM, whose shutdown hook prints its CPU),
# returned once every stand-in is up and their base URLs are written.
start_sandbox() {
  rm -f "$1" "$base_urls"
  mvn -q -B exec:java -Dexec.mainClass=simulations.StandaloneSandbox \
    -Dtargets.standalone-sandbox.baseUrlsFile="$base_urls" > "$1" 2>&1 &
  sandbox_mvn=$!
  for _ in $(seq 1 180); do
    grep -qs "Ctrl-C stops." "$1" && return
    kill -0 "$sandbox_mvn" 2>/dev/null || break
    sleep 1
  done
  echo "the sandbox did not start: see $1" >&2
  exit 1
}
# One run against the sandbox; prints the new run folder.
run() {
  local log=$1
  shift
  local before; before=$(run_folders)
  local status=0
  mvn -B gatling:test -Dgatling.simulationClass=simulations.KeyUploadSimulation -Dtarget=standalone-sandbox \
    -Dtargets.standalone-sandbox.baseUrlsFile="$base_urls" -Dsuite.resultsDir="$results_dir" "$@" \
    > "$log" 2>&1 || status=$?
  maven_lines "$log" "^(ERROR|Connectivity check|results:)" >&2 || true
  [ "$status" -eq 0 ] || echo "gatling:test exit code $status: see $log" >&2
  new_run_folder "$before"
}

echo "== The sweep: $shape"
start_sandbox target/bench-keyupload-sandbox-sweep.log
swept=$(run target/bench-keyupload-sweep.log "${sweep[@]}" "${extra[@]}")
stop_sandbox
maven_lines target/bench-keyupload-sandbox-sweep.log "^sandbox:" || true
[ -n "$swept" ] || { echo "the sweep left no archive" >&2; exit 1; }
awk '/^## /{show = ($0 ~ /^## Throughput curve/)} show' "$swept/summary.md"
echo
mvn -q -B exec:java -Dexec.mainClass=bench.SweepFigures -Dexec.args="${swept%/}"

echo
echo "== The highest level alone: $top_level users, $top_pairs pairs, once"
start_sandbox target/bench-keyupload-sandbox-top.log
top=$(run target/bench-keyupload-top.log -Dprofile=sweep -Dprofiles.key-upload.sweep.levels.0=$top_level \
  -Dprofiles.key-upload.sweep.repeats=1 -Dprofiles.key-upload.sweep.iterationsPerLevel="$top_pairs" "${extra[@]}")
stop_sandbox
[ -n "$top" ] || { echo "the highest level's run left no archive" >&2; exit 1; }
mvn -q -B exec:java -Dexec.mainClass=bench.SweepFigures -Dexec.args="${top%/}"
maven_lines target/bench-keyupload-sandbox-top.log "^sandbox:" || true
