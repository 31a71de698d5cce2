#!/usr/bin/env bash
# Benchmark: the suite's cost against plain Gatling. RAiD's journey with no think time and no stub delay,
# a closed population that saturates the machine, held BENCH_SECONDS (60), against the sandbox in its own
# JVM: once through the suite (RaidSimulation, profile `closed` with startUsers = targetUsers), once
# through bench.PlainRaidSimulation (the same requests and checks, nothing else). Prints requests/s, KO,
# p99, the injector JVM's CPU seconds per 1,000 requests and peak heap for both, their ratios, and the
# sandbox JVM's CPU during each; every CPU figure is recorded inside its own JVM. About 5 minutes.
# Usage: bench/overhead.sh   (BENCH_USERS=32 BENCH_SECONDS=60 BENCH_RAID_PORT=18080 to change them)
set -euo pipefail
cd "$(dirname "$0")/.."
port=${BENCH_RAID_PORT:-18080} users=${BENCH_USERS:-32} seconds=${BENCH_SECONDS:-60}

mvn -q -B test-compile
rm -f target/bench-sandbox-jvm.csv target/bench-plain-injector.txt
mvn -q -B exec:java -Dexec.mainClass=bench.MeasuredSandbox -Dsandbox.raid.port="$port" \
  -Dsandbox.stubs.delay.ms=0 > target/bench-sandbox.log 2>&1 &
sandbox_jvm=$!
trap 'kill $sandbox_jvm 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do (echo > /dev/tcp/127.0.0.1/"$port") 2>/dev/null && break; sleep 1; done

before=$(ls -d results/*/ 2>/dev/null | sort || true)
mvn -B gatling:test -Dgatling.simulationClass=simulations.RaidSimulation -Dtarget=standalone-sandbox \
  -Dtargets.standalone-sandbox.raid.baseUrl="http://127.0.0.1:$port" -Draid.thinkTime=0s -Dprofile=closed \
  -Dprofiles.raid.closed.startUsers="$users" -Dprofiles.raid.closed.targetUsers="$users" \
  -Dprofiles.raid.closed.hold="$seconds seconds" > target/bench-overhead-suite.log 2>&1 || true
suite_run=$(comm -13 <(echo "$before") <(ls -d results/*/ | sort) | tail -n 1)
[ -n "$suite_run" ] || { echo "The suite's run left no archive: see target/bench-overhead-suite.log" >&2; exit 1; }

mvn -B gatling:test -Dgatling.simulationClass=bench.PlainRaidSimulation -Dbench.baseUrl="http://127.0.0.1:$port" \
  -Dbench.users="$users" -Dbench.seconds="$seconds" > target/bench-overhead-plain.log 2>&1 || true
plain_run=$(ls -td target/gatling/plainraidsimulation-*/ | head -n 1)

echo "suite: $suite_run   plain: $plain_run   ($users users, $seconds s, stub delay 0)"
mvn -q -B exec:java -Dexec.mainClass=bench.OverheadFigures \
  -Dexec.args="${suite_run%/} ${plain_run%/} target/bench-plain-injector.txt"
