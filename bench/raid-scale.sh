#!/usr/bin/env bash
# The largest RAiD scale this machine carries, with the sandbox in-process and with the sandbox in its own
# JVM: RAiD's reference profile (50 new users/s per unit of scale, 6 s think time, 8 requests per user) at
# each scale given, 15 s warm-up and 60 s steady per step (short: the machine is shared), stepping up until
# a step misses >= 99 % of its arrivals or has a KO, and printing what stopped it (the capacity preflight's
# line, the gate's INVALID reason, or the run's errors).
# Usage: bench/raid-scale.sh [scale ...]    (default: 1 2 3 4; about 3 minutes per step)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/run-folders.sh
source bench/run-folders.sh
scales=("$@")
[ ${#scales[@]} -gt 0 ] || scales=(1 2 3 4)
port=19471
step=(-Dgatling.simulationClass=simulations.RaidSimulation -Dprofile=reference
  -Dprofiles.raid.reference.warmUp=15s "-Dprofiles.raid.reference.duration=60 seconds")

mvn -q -B test-compile

# One step: prints "carried" or what stopped it, with the figures of the archived run.
run_step() {
  local mode=$1 scale=$2 log=target/bench-raid-scale-$1-$2.log
  shift 2
  local before; before=$(run_folders)
  mvn -B gatling:test "${step[@]}" -Dscale="$scale" "$@" > "$log" 2>&1 || true
  local run; run=$(new_run_folder "$before")
  echo "== $mode, scale $scale (target $((50 * scale)) users/s)"
  if [ -z "$run" ]; then
    echo "stopped before load: $(grep -m1 -E '^ERROR' "$log" || echo "no archive, see $log")"
    return 1
  fi
  local figures; figures=$(mvn -q -B exec:java -Dexec.mainClass=bench.LoadFigures -Dexec.args="${run%/} $((50 * scale)) 'mint raid'")
  echo "$figures" | grep -E "^(arrival rate|peak concurrent|requests/s|requests \(whole|mint raid)"
  grep -E "^results: (INVALID|FAILED)" "$log" | head -n 5 || true
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

echo "### sandbox in its own JVM (port $port)"
mvn -q -B exec:java -Dexec.mainClass=simulations.StandaloneSandbox -Dsandbox.raid.port=$port \
  > target/bench-raid-scale-sandbox.log 2>&1 &
sandbox_mvn=$!
trap 'kill $sandbox_mvn 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do (echo > /dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 1; done
for s in "${scales[@]}"; do
  run_step standalone "$s" -Dtarget=standalone-sandbox \
    "-Dtargets.standalone-sandbox.raid.baseUrl=http://127.0.0.1:$port" || break
done
grep -E "^sandbox: " target/bench-raid-scale-sandbox.log || true
