#!/usr/bin/env bash
# Benchmark: the suite's cost against plain Gatling. RAiD's journey with no think time and no stub delay,
# a closed population that saturates the machine, held BENCH_SECONDS (60), against the sandbox in its own
# JVM: once through the suite (RaidSimulation, profile `closed` with startUsers = targetUsers), once
# through bench.PlainRaidSimulation (the same requests and checks, nothing else). Each side gets the same
# target: a fresh sandbox, waited for until every stand-in is up, then warmed for BENCH_WARMUP seconds (15)
# by a plain run that is not measured, so that neither side pays for the sandbox's start or its JIT.
# Prints requests/s, KO, p99, the injector JVM's CPU seconds per 1,000 requests and peak heap for both,
# their ratios, and the sandbox JVM's CPU during each; every CPU figure is recorded inside its own JVM.
# BENCH_ROUNDS rounds (2), in mirrored order: suite then plain, plain then suite, ... On a 2-core VM the side
# measured second can run a quarter slower whichever it is, so one round's ratio is partly the machine's: over
# mirrored rounds a drift linear in time cancels in the ratios' geometric mean, printed with their range.
# BENCH_ORDER=plain-first starts with plain Gatling's side. BENCH_MAX_CPU_RATIO=r: exit code 4 when the
# suite's CPU per request over the rounds is more than r times plain Gatling's.
# BENCH_JFR=1 also records both injectors and both sandboxes with JFR (target/bench-overhead-*-<round>/), and
# prints the share of the suite's injector's engine-thread samples spent in the suite's own code, by method.
# About 5 minutes a round.
# Usage: bench/overhead.sh   (BENCH_USERS=32 BENCH_SECONDS=60 BENCH_WARMUP=15 BENCH_ROUNDS=2)
# BENCH_MAX_SUITE_PERCENT=p (with BENCH_JFR=1): exit code 4 when the suite's own code took more than p % of the
# engine threads' samples (33: its own work half again plain Gatling's, 1.5x, measured within one run).
# BENCH_SMOKE=1 bench/overhead.sh: 2 users for 5 s, warmed 2 s (unless set), 2 rounds, the same figures, with JFR
# and BENCH_MAX_SUITE_PERCENT=33: the check .ci/run makes. Its ratios are not judged: a few hundred requests
# measure the JVMs' warm-up (CPU per request 0.29x and 1.67x in two smoke runs; 1.63x at 20 s on a machine
# busy with four builds, where a quiet one reads 1.11x at 60 s).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/run-folders.sh
source bench/run-folders.sh
# shellcheck source=bench/sandbox-start.sh
source bench/sandbox-start.sh
base_urls=target/bench-overhead-base-urls.conf users=${BENCH_USERS:-32} seconds=${BENCH_SECONDS:-60} warmup=${BENCH_WARMUP:-15}
rounds=${BENCH_ROUNDS:-2} max_cpu_ratio=${BENCH_MAX_CPU_RATIO:-} max_suite_percent=${BENCH_MAX_SUITE_PERCENT:-}
case ${BENCH_ORDER:-suite-first} in
  suite-first) sides=(suite plain) ;;
  plain-first) sides=(plain suite) ;;
  *) echo "BENCH_ORDER must be suite-first or plain-first: ${BENCH_ORDER}" >&2; exit 3 ;;
esac
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "BENCH_ROUNDS must be a whole number, 1 or more: $rounds" >&2; exit 3; }
if [ "${BENCH_SMOKE:-0}" = 1 ]; then
  users=${BENCH_USERS:-2} seconds=${BENCH_SECONDS:-5} warmup=${BENCH_WARMUP:-2} BENCH_JFR=${BENCH_JFR:-1}
  max_suite_percent=${BENCH_MAX_SUITE_PERCENT:-33}
fi
[[ -z $max_cpu_ratio || $max_cpu_ratio =~ ^[0-9]+(\.[0-9]+)?$ ]] ||
  { echo "BENCH_MAX_CPU_RATIO must be a ratio such as 1.5: $max_cpu_ratio" >&2; exit 3; }
[[ -z $max_suite_percent || $max_suite_percent =~ ^[0-9]+(\.[0-9]+)?$ ]] ||
  { echo "BENCH_MAX_SUITE_PERCENT must be a percentage such as 33: $max_suite_percent" >&2; exit 3; }
[[ -z $max_suite_percent || ${BENCH_JFR:-0} = 1 ]] ||
  { echo "BENCH_MAX_SUITE_PERCENT needs BENCH_JFR=1: the share is read from JFR's samples" >&2; exit 3; }

mvn -q -B test-compile

# JFR into target/bench-overhead-<what>/, emptied first (a folder: under `mvn gatling:test` Maven's JVM records one too).
jfr() {
  [ "${BENCH_JFR:-0}" = 1 ] || return 0
  rm -rf "target/bench-overhead-$1" && mkdir -p "target/bench-overhead-$1"
  echo "-XX:StartFlightRecording=filename=target/bench-overhead-$1,settings=profile"
}

# A fresh sandbox recording its CPU to target/bench-sandbox-<side>-<round>.csv, returned once every stand-in is up,
# with raid_url set to RAiD's stand-in's base URL (a free port) from the base URLs file it wrote.
start_sandbox() {
  MAVEN_OPTS="$(jfr "sandbox-$1-$round")" start_measured_sandbox "target/bench-sandbox-$1.log" "$base_urls" \
    "target/bench-sandbox-$1-$round.csv" -Dsandbox.stubs.delay.ms=0
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
  JAVA_TOOL_OPTIONS="$(jfr "injector-suite-$round")" mvn -B gatling:test -Dgatling.simulationClass=simulations.RaidSimulation \
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
  JAVA_TOOL_OPTIONS="$(jfr "injector-plain-$round")" plain_run "$seconds" "target/bench-plain-injector-$round.txt" \
    target/bench-overhead-plain.log
  plain_run=$(newest_folder target/gatling plainraidsimulation-)
  stop_sandbox
}

# Round by round in mirrored order; BENCH_ORDER=plain-first mirrors that too.
figures=()
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) = 1 ]; then "${sides[0]}_side"; "${sides[1]}_side"; else "${sides[1]}_side"; "${sides[0]}_side"; fi
  echo "suite: $suite_run   plain: $plain_run   (round $round of $rounds: $users users, $seconds s, stub delay 0, sandbox warmed $warmup s)"
  figures+=("${suite_run%/}" "${plain_run%/}" "target/bench-plain-injector-$round.txt"
    "target/bench-sandbox-suite-$round.csv" "target/bench-sandbox-plain-$round.csv")
done
too_costly=target/bench-overhead-too-costly.txt
rm -f "$too_costly"
if [ "${BENCH_JFR:-0}" = 1 ]; then
  mvn -q -B exec:java -Dexec.mainClass=bench.SuiteFrames ${max_suite_percent:+-Dbench.maxSuitePercent="$max_suite_percent"} \
    -Dbench.tooCostlyFile="$too_costly" -Dexec.args="$(seq -f target/bench-overhead-injector-suite-%g -s ' ' "$rounds")"
fi
mvn -q -B exec:java -Dexec.mainClass=bench.OverheadFigures ${max_cpu_ratio:+-Dbench.maxCpuRatio="$max_cpu_ratio"} \
  -Dbench.tooCostlyFile="$too_costly" -Dexec.args="${figures[*]}"
[ ! -f "$too_costly" ] || exit 4
