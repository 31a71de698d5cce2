#!/usr/bin/env bash
# The largest RAiD scale this machine carries, with the sandbox in-process and with the sandbox in its own
# JVM: RAiD's reference profile (50 new users/s per unit of scale, 6 s think time, 8 requests per user) at
# each scale given, 15 s warm-up and 60 s steady per step, stepping up until a step misses >= 99 % of its
# arrivals or has a KO, and printing what stopped it (the capacity preflight's line, the gate's INVALID
# reason, or the run's errors). In its own JVM each step gets a fresh sandbox, which prints its CPU and
# the time it added per request name; both JVMs' CPU figures come from inside them.
# Usage: bench/raid-scale.sh [scale ...]    (default: 1 2 3 4; about 3 minutes per step)
# BENCH_SMOKE=1 bench/raid-scale.sh: scale 1 (unless given), 2 s warm-up and 5 s steady per step, no think
# time (so that journeys end in seconds), the same lines.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/run-folders.sh
source bench/run-folders.sh
# shellcheck source=bench/maven-log.sh
source bench/maven-log.sh
scales=("$@")
warm=15s steady="60 seconds" think=1
if [ "${BENCH_SMOKE:-0}" = 1 ]; then
  [ ${#scales[@]} -gt 0 ] || scales=(1)
  warm=2s steady="5 seconds" think=0
fi
[ ${#scales[@]} -gt 0 ] || scales=(1 2 3 4)
step=(-Dgatling.simulationClass=simulations.RaidSimulation -Dprofile=reference
  -Dprofiles.raid.reference.warmUp="$warm" "-Dprofiles.raid.reference.duration=$steady" -DthinkTime.multiplier="$think")

mvn -q -B test-compile

# One step: prints "carried" or what stopped it, with the figures of the archived run.
run_step() {
  local mode=$1 scale=$2 log=target/bench-raid-scale-$1-$2.log
  shift 2
  local before; before=$(run_folders)
  mvn -B gatling:test "${step[@]}" -Dscale="$scale" -Dsuite.resultsDir="$results_dir" "$@" > "$log" 2>&1 || true
  local run; run=$(new_run_folder "$before")
  echo "== $mode, scale $scale (target $((50 * scale)) users/s)"
  if [ -z "$run" ]; then
    echo "stopped before load: $(maven_lines "$log" -m1 '^ERROR' || echo "no archive, see $log")"
    return 1
  fi
  local figures; figures=$(mvn -q -B exec:java -Dexec.mainClass=bench.LoadFigures \
    -Dbench.timeline=target/no-such-timeline -Dexec.args="${run%/} $((50 * scale)) 'mint raid'")
  echo "$figures" | grep -E "^(arrival rate|peak concurrent|requests/s|requests \(whole|mint raid|injector JVM)"
  maven_lines "$log" -m5 "^results: (INVALID|FAILED)" || true
  local percent ko
  percent=$(echo "$figures" | sed -n 's/^arrival rate.*(\([0-9.]*\)%)$/\1/p')
  ko=$(echo "$figures" | sed -n 's/^requests (whole run).* KO \([0-9]*\)$/\1/p')
  if awk -v p="$percent" 'BEGIN { exit !(p >= 99) }' && [ "$ko" = 0 ]; then echo "carried"; return 0; fi
  echo "not carried: arrivals $percent %, $ko KO; errors:"
  grep -A8 -E "^---- Errors" "$log" | tail -n 8 | grep -E "^>" | head -n 5 || true
  return 1
}

echo "### sandbox in-process (ulimit -n $(ulimit -n))"
for s in "${scales[@]}"; do run_step in-process "$s" || break; done

echo "### sandbox in its own JVM (a fresh one per step: bench/standalone-run.sh)"
for s in "${scales[@]}"; do
  log=target/bench-raid-scale-standalone-$s.log
  echo "== standalone, scale $s (target $((50 * s)) users/s)"
  BENCH_SMOKE=0 BENCH_WORK=target/bench-raid-scale bench/standalone-run.sh "" simulations.RaidSimulation reference $((50 * s)) \
    'mint raid' 'update raid - add contributor 2' 'update raid - add contributor 3' 'read raid data' \
    'list raids for service-point' -- -Dscale="$s" "${step[@]:2}" > "$log" 2>&1 || true
  maven_lines "$log" "^(ERROR|results:|sandbox: raid|sandbox: stub|sandbox: served|arrival rate|peak concurrent|requests|mint raid|update raid|read raid|list raids|injector JVM|sandbox JVM|machine:)" || true
  percent=$(sed -n 's/^arrival rate.*(\([0-9.]*\)%)$/\1/p' "$log")
  ko=$(sed -n 's/^requests (whole run).* KO \([0-9]*\)$/\1/p' "$log")
  if [ -n "$percent" ] && awk -v p="$percent" 'BEGIN { exit !(p >= 99) }' && [ "$ko" = 0 ]; then echo "carried"
  else echo "not carried: see $log"; break; fi
done
