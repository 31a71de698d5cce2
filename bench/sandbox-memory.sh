#!/usr/bin/env bash
# Does the sandbox's memory stay flat over a long run? RAiD's reference load (x1: 50 new users/s, 8
# requests each) for an hour against the sandbox in its own JVM, forcing a full GC in that JVM every 5
# minutes (jcmd GC.run) and reading the heap left after it from the JVM's own GC log. Prints each sample
# and whether the last is within 10 % of the one at 10 minutes, then the run's gate line and its figures.
# Usage: bench/sandbox-memory.sh [minutes]    (default 60; needs a quiet machine only for its latencies)
# BENCH_SMOKE=1 bench/sandbox-memory.sh: 20 s of load after 2 s of warm-up, no think time, a sample every 5 s (the second taking minute 10's
# place), the same lines.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/run-folders.sh
source bench/run-folders.sh
# shellcheck source=bench/sandbox-start.sh
source bench/sandbox-start.sh
minutes=${1:-60}
# A sample every $every seconds over $length seconds; the second sample is the reference (minute 10).
every=300 length=$((minutes * 60)) unit=60 label=minute warm=15s think=1
if [ "${BENCH_SMOKE:-0}" = 1 ]; then every=5 length=20 unit=1 label=second warm=2s think=0; fi
gc_log=target/bench-memory-gc.log base_urls=target/bench-memory-base-urls.conf

mvn -q -B test-compile
rm -f "$gc_log"
# sandbox_jvm is the sandbox JVM's pid (mvn execs its JVM), for jcmd.
MAVEN_OPTS="-Xlog:gc:file=$gc_log:uptime" start_measured_sandbox target/bench-memory-sandbox.log "$base_urls" \
  target/bench-memory-sandbox-jvm.csv

# The heap in use after a full GC forced now, in MiB, from the GC log's "Pause Full (Diagnostic Command)
# A->B(C)"; empty if the JVM did not log one.
heap_after_full_gc() {
  jcmd "$sandbox_jvm" GC.run > /dev/null || return 0
  sleep 2
  { grep 'Pause Full' "$gc_log" || true; } | tail -n 1 | sed -E 's/.*->([0-9]+)M\(.*/\1/'
}

before=$(run_folders)
mvn -B gatling:test -Dgatling.simulationClass=simulations.RaidSimulation -Dprofile=reference \
  -Dprofiles.raid.reference.warmUp=$warm "-Dprofiles.raid.reference.duration=$length seconds" \
  -Dtarget=standalone-sandbox -Dtargets.standalone-sandbox.baseUrlsFile="$base_urls" \
  -Dsuite.resultsDir="$results_dir" -DthinkTime.multiplier="$think" \
  > target/bench-memory-gatling.log 2>&1 &
gatling=$!
trap 'kill $gatling $sandbox_jvm 2>/dev/null || true' EXIT
echo "sandbox heap after a forced full GC (MiB), by ${label}s since the run started:"
at_ten=""
last=""
for t in $(seq "$every" "$every" "$length"); do
  sleep "$every"
  m=$((t / unit))
  kill -0 "$gatling" 2>/dev/null || { echo "the run ended before $label $m"; break; }
  last=$(heap_after_full_gc)
  [ "$t" -eq $((2 * every)) ] && at_ten=$last
  echo "  $label $m: $last MiB"
done
status=0
wait "$gatling" || status=$?
maven_lines target/bench-memory-gatling.log "^(ERROR|results:)" || true
if [ -n "$at_ten" ] && [ -n "$last" ]; then
  awk -v a="$at_ten" -v b="$last" -v at="$label $((2 * every / unit))" 'BEGIN { d = (b - a) * 100 / a; printf "last sample %d MiB against %d MiB at %s: %+.1f %% (%s)\n", b, a, at, d, (d <= 10 && d >= -10) ? "flat: within 10 %" : "NOT within 10 %" }'
fi
run=$(new_run_folder "$before")
[ -n "$run" ] || { echo "The run left no archive (exit code $status): see target/bench-memory-gatling.log" >&2; exit 1; }
mvn -q -B exec:java -Dexec.mainClass=bench.LoadFigures -Dexec.args="${run%/} 50 'mint raid'"
