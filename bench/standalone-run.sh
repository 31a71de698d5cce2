#!/usr/bin/env bash
# One benchmark run: the sandbox in its own JVM (so the injector's CPU is measured alone), then one
# simulation against it with -Dtarget=standalone-sandbox, then the figures of the archived run and the
# CPU and heap of both JVMs, each recorded from inside the JVM itself (the injector's in its summary.json,
# the sandbox's in its sandbox-jvm.csv, see bench.JvmTimeline), and last how busy the whole machine
# was while the run's gatling:test ran (bench/machine-cpu.sh). Used by the scripts beside it:
#   bench/standalone-run.sh "<sandbox -D options>" <simulation class> <profile> <target users/s> \
#     [request name ...] -- [extra -D options for the run]
# Its files go to BENCH_WORK (default target/bench-standalone-run; each benchmark names its own, so that two
# run side by side): the sandbox's log (sandbox.log), its CPU and heap (sandbox-jvm.csv), the run's log
# (gatling.log) and the sandbox's base URLs (base-urls.conf): its stand-ins take free ports, which the run
# reads there (-Dtargets.standalone-sandbox.baseUrlsFile).
# With no request name, the figures list every request. BENCH_FIGURES names another figures class, called
# with the run folder and BENCH_FIGURES_ARGS instead (bench/all-peaks.sh: bench.PeakFigures);
# BENCH_WARM_SANDBOX=1 warms the sandbox with a smoke run first (see below). BENCH_SMOKE=1 runs the
# simulation's `smoke` profile instead, without the options after -- (they shape the long run) and with every
# request's figures (the smoke profile may not send the named ones): a few seconds, the same figures printed
# (the tests' check that a benchmark still runs, docs.BenchSmokeTest).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/run-folders.sh
source bench/run-folders.sh
# shellcheck source=bench/machine-cpu.sh
source bench/machine-cpu.sh
# shellcheck source=bench/sandbox-start.sh
source bench/sandbox-start.sh
sandbox_opts=$1 simulation=$2 profile=$3 rate=$4
shift 4
requests=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do requests+=("$1"); shift; done
[ $# -gt 0 ] && shift
run_opts=("$@")
if [ "${BENCH_SMOKE:-0}" = 1 ]; then profile=smoke run_opts=() requests=(); fi

work=${BENCH_WORK:-target/bench-standalone-run}
timeline=$work/sandbox-jvm.csv base_urls=$work/base-urls.conf
mvn -q -B test-compile
mkdir -p "$work"
# shellcheck disable=SC2086 # the sandbox options are a list of -D words
start_measured_sandbox "$work/sandbox.log" "$base_urls" "$timeline" $sandbox_opts
run_target=(-Dtarget=standalone-sandbox -Dtargets.standalone-sandbox.baseUrlsFile="$base_urls")

# BENCH_WARM_SANDBOX=1: a smoke run of the same simulation first, so that the measured run meets a sandbox
# whose code the JIT has compiled, as a real system's would be, not one answering its first requests
# interpreted. Its archive is left beside the measured run's, and its figures are not read: nor is its
# verdict (a cold sandbox's first seconds may break a p99 limit, a busy machine start users late), but a run
# that ended without one (bad input, a crash) stops here.
if [ "${BENCH_WARM_SANDBOX:-0}" = 1 ]; then
  warm_status=0
  mvn -B gatling:test -Dgatling.simulationClass="$simulation" -Dprofile=smoke "${run_target[@]}" \
    -Dsuite.resultsDir="$results_dir" > "$work/warm-up.log" 2>&1 || warm_status=$?
  if [ "$warm_status" -ne 0 ]; then
    verdict=$(sed -n '/^results: gate /{s/^results: gate \([A-Z]*\) for .*/\1/p;q}' "$work/warm-up.log")
    [ -n "$verdict" ] || { echo "The sandbox's warm-up run failed: see $work/warm-up.log" >&2; exit 1; }
    echo "The sandbox's warm-up run's verdict, $verdict, does not judge the measured run ($work/warm-up.log)"
  fi
fi

before=$(run_folders)
status=0
machine_before=$(machine_cpu_mark)
mvn -B gatling:test -Dgatling.simulationClass="$simulation" -Dprofile="$profile" "${run_target[@]}" \
  -Dsuite.resultsDir="$results_dir" "${run_opts[@]}" > "$work/gatling.log" 2>&1 || status=$?
machine=$(machine_cpu_since "$machine_before")
maven_lines "$work/gatling.log" "^(ERROR|results:)" || true
# The sandbox stops now and says where its requests' time went: per request name, the p99 it added beside
# its stub calls' (warm-up included), the wait from accept to first request, and the stubs' own times.
kill "$sandbox_jvm" 2>/dev/null || true
wait "$sandbox_jvm" 2>/dev/null || true
maven_lines "$work/sandbox.log" "^sandbox: " || true

run=$(new_run_folder "$before")
if [ -z "$run" ]; then
  echo "The run left no archive (gatling:test exit code $status): see $work/gatling.log" >&2
  exit 1
fi
[ "$status" -eq 0 ] || echo "gatling:test exit code $status (a threshold was breached?): figures below are still the run's"
echo
if [ -n "${BENCH_FIGURES:-}" ]; then
  mvn -q -B exec:java -Dexec.mainClass="$BENCH_FIGURES" -Dbench.timeline="$timeline" -Dexec.args="${run%/} ${BENCH_FIGURES_ARGS:-}"
  echo "$machine"
  exit 0
fi
figure_args="${run%/} $rate"
for r in "${requests[@]}"; do figure_args+=" '$r'"; done
mvn -q -B exec:java -Dexec.mainClass=bench.LoadFigures -Dbench.timeline="$timeline" -Dexec.args="$figure_args"
echo "$machine"
