#!/usr/bin/env bash
# Benchmark: the suite's cost against plain Gatling. RAiD's journey with no think time and no stub delay,
# a closed population that saturates the machine, held BENCH_SECONDS (60), against the sandbox in its own
# JVM: once through the suite (RaidSimulation, profile `closed` with startUsers = targetUsers), once
# through bench.PlainRaidSimulation (the same requests and checks, nothing else). Each side gets the same
# target: a fresh sandbox, waited for until every stand-in is up, then warmed for BENCH_WARMUP seconds (15)
# by a plain run that is not measured, so that neither side pays for the sandbox's start or its JIT.
# Prints requests/s, KO, p99, the injector JVM's CPU seconds per 1,000 requests and peak heap for both,
# their ratios, and the sandbox JVM's CPU during each; every CPU figure is recorded inside its own JVM.
# BENCH_ORDER=plain-first swaps the sides' order. BENCH_JFR=1 also records both injectors and both sandboxes with JFR (target/bench-overhead-*/).
# About 7 minutes.
# Usage: bench/overhead.sh   (BENCH_USERS=32 BENCH_SECONDS=60 BENCH_WARMUP=15)
# BENCH_SMOKE=1 bench/overhead.sh: 2 users for 5 s, warmed 2 s (unless set), the same figures.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/run-folders.sh
source bench/run-folders.sh
# shellcheck source=bench/sandbox-start.sh
source bench/sandbox-start.sh
base_urls=target/bench-overhead-base-urls.conf users=${BENCH_USERS:-32} seconds=${BENCH_SECONDS:-60} warmup=${BENCH_WARMUP:-15}
if [ "${BENCH_SMOKE:-0}" = 1 ]; then users=${BENCH_USERS:-2} seconds=${BENCH_SECONDS:-5} warmup=${BENCH_WARMUP:-2}; fi

mvn -q -B test-compile

# JFR into target/bench-overhead-<what>/ (a folder: under `mvn gatling:test` Maven's JVM records one too).
jfr() {
  [ "${BENCH_JFR:-0}" = 1 ] || return 0
  mkdir -p "target/bench-overhead-$1"
  echo "-XX:StartFlightRecording=filename=target/bench-overhead-$1,settings=profile"
}

# A fresh sandbox recording its CPU to target/bench-sandbox-<side>.csv, returned once every stand-in is up,
# with raid_url set to RAiD's stand-in's base URL (a free port) from the base URLs file it wrote.
start_sandbox() {
  MAVEN_OPTS="$(jfr "sandbox-$1")" start_measured_sandbox "target/bench-sandbox-$1.log" "$base_urls" \
    "target/bench-sandbox-$1.csv" -Dsandbox.stubs.delay.ms=0
  raid_url=$(sed -n 's/^raid\.baseUrl = "\(.*\)"$/\1/p' "$base_urls")
  [ -n "$raid_url" ] || { echo "The sandbox wrote no RAiD base URL to $base_urls" >&2; exit 1; }
}

stop_sandbox() { kill "$sandbox_jvm"; wait "$sandbox_jvm" 2>/dev/null || true; sandbox_jvm=; }

plain_run() { # seconds, figures file, log
  mvn -B gatling:test -Dgatling.simulationClass=bench.PlainRaidSimulation -Dbench.baseUrl="$raid_url" \
    -Dbench.users="$users" -Dbench.seconds="$1" -Dbench.figuresFile="$2" > "$3" 2>&1 || true
}

suite_side() {
  start_sandbox suite
  plain_run "$warmup" target/bench-warmup-injector.txt target/bench-overhead-warmup-suite.log
  before=$(run_folders)
  JAVA_TOOL_OPTIONS="$(jfr injector-suite)" mvn -B gatling:test -Dgatling.simulationClass=simulations.RaidSimulation \
    -Dtarget=standalone-sandbox -Dtargets.standalone-sandbox.baseUrlsFile="$base_urls" \
    -Draid.thinkTime=0s -Dprofile=closed -Dprofiles.raid.closed.startUsers="$users" \
    -Dprofiles.raid.closed.targetUsers="$users" -Dprofiles.raid.closed.hold="$seconds seconds" \
    -Dsuite.resultsDir="$results_dir" \
    > target/bench-overhead-suite.log 2>&1 || true
  suite_run=$(new_run_folder "$before")
  [ -n "$suite_run" ] || { echo "The suite's run left no archive: see target/bench-overhead-suite.log" >&2; exit 1; }
  stop_sandbox
}

plain_side() {
  start_sandbox plain
  plain_run "$warmup" target/bench-warmup-injector.txt target/bench-overhead-warmup-plain.log
  JAVA_TOOL_OPTIONS="$(jfr injector-plain)" plain_run "$seconds" target/bench-plain-injector.txt \
    target/bench-overhead-plain.log
  plain_run=$(newest_folder target/gatling plainraidsimulation-)
  stop_sandbox
}

# BENCH_ORDER=plain-first runs plain Gatling's side first: a ratio that follows the order is the machine's.
if [ "${BENCH_ORDER:-suite-first}" = plain-first ]; then plain_side; suite_side; else suite_side; plain_side; fi

echo "suite: $suite_run   plain: $plain_run   ($users users, $seconds s, stub delay 0, sandbox warmed $warmup s)"
mvn -q -B exec:java -Dexec.mainClass=bench.OverheadFigures \
  -Dexec.args="${suite_run%/} ${plain_run%/} target/bench-plain-injector.txt target/bench-sandbox-suite.csv target/bench-sandbox-plain.csv"
