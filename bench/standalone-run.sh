#!/usr/bin/env bash
# One benchmark run: the sandbox in its own JVM (so the injector's CPU is measured alone), then one
# simulation against it with -Dtarget=standalone-sandbox, then the figures of the archived run and the
# CPU of both JVMs. Used by the benchmark scripts beside it:
#   bench/standalone-run.sh <sandbox port> "<sandbox -D options>" <simulation class> <profile> \
#     <target users/s> [request name ...] -- [extra -D options for the run]
# With no request name, the figures list every request.
set -euo pipefail
cd "$(dirname "$0")/.."
port=$1 sandbox_opts=$2 simulation=$3 profile=$4 rate=$5
shift 5
requests=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do requests+=("$1"); shift; done
[ $# -gt 0 ] && shift

mvn -q -B test-compile
# shellcheck disable=SC2086 # the sandbox options are a list of -D words
mvn -q -B exec:java -Dexec.mainClass=simulations.StandaloneSandbox $sandbox_opts > target/bench-sandbox.log 2>&1 &
sandbox_mvn=$!
trap 'kill $sandbox_mvn 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do (echo > /dev/tcp/127.0.0.1/"$port") 2>/dev/null && break; sleep 1; done

# Samples the CPU time of the JVM whose command line matches $1 until it exits; prints cores used.
cpu_of() {
  local pid=""
  for _ in $(seq 1 120); do pid=$(pgrep -f "$1" | head -n 1 || true); [ -n "$pid" ] && break; sleep 1; done
  local tick; tick=$(getconf CLK_TCK)
  local t0; t0=$(date +%s.%N)
  local c0; c0=$(awk '{print $14+$15}' /proc/"$pid"/stat)
  local c1=$c0 t1=$t0
  while [ -r /proc/"$pid"/stat ]; do
    c1=$(awk '{print $14+$15}' /proc/"$pid"/stat 2>/dev/null || echo "$c1"); t1=$(date +%s.%N); sleep 5
  done
  echo "$c0 $c1 $t0 $t1 $tick" | awk '{printf "%.2f cores (%.0f%% of one core) over %.0f s\n", ($2-$1)/$5/($4-$3), 100*($2-$1)/$5/($4-$3), $4-$3}'
}
cpu_of "io.gatling.app.Gatling" > target/bench-injector-cpu.txt &
sampler=$!

before=$(ls -d results/*/ 2>/dev/null | sort || true)
status=0
mvn -B gatling:test -Dgatling.simulationClass="$simulation" -Dprofile="$profile" \
  -Dtarget=standalone-sandbox "$@" > target/bench-gatling.log 2>&1 || status=$?
wait $sampler || true
grep -E "^(ERROR|results:)" target/bench-gatling.log || true
sandbox_pid=$(pgrep -f "simulations.StandaloneSandbox" | head -n 1 || true)
[ -n "$sandbox_pid" ] && ps -o cputime=,etimes= -p "$sandbox_pid" | awk '{split($1,a,":"); s=a[1]*3600+a[2]*60+a[3]; printf "sandbox JVM: %.2f cores on average since it started\n", s/$2}' > target/bench-sandbox-cpu.txt

run=$(comm -13 <(echo "$before") <(ls -d results/*/ | sort) | tail -n 1)
if [ -z "$run" ]; then
  echo "The run left no archive (gatling:test exit code $status): see target/bench-gatling.log" >&2
  exit 1
fi
[ "$status" -eq 0 ] || echo "gatling:test exit code $status (a threshold was breached?): figures below are still the run's"
echo
figure_args="${run%/} $rate"
for r in "${requests[@]}"; do figure_args+=" '$r'"; done
mvn -q -B exec:java -Dexec.mainClass=bench.LoadFigures -Dexec.args="$figure_args"
echo "injector JVM: $(cat target/bench-injector-cpu.txt)"
cat target/bench-sandbox-cpu.txt 2>/dev/null || true
