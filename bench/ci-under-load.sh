#!/usr/bin/env bash
# Benchmark: does the test suite pass on a busy machine? Runs .ci/run on a fresh clone of HEAD, N times in a
# row, each while `stress-ng --cpu <cores>` keeps every core busy, and prints each run's wall time and
# result, then the load average the machine saw. Needs the stress-ng Debian package (installed when missing,
# as root). A run's output stays in target/ci-under-load/run-<i>.log.
# Usage: bench/ci-under-load.sh   (BENCH_RUNS=3, BENCH_STRESS="--cpu 2 --timeout 20m")
# BENCH_SMOKE=1 bench/ci-under-load.sh: one run of `mvn -o validate` (the format check) instead of .ci/run,
# which runs this script's smoke test, under `stress-ng --cpu 1 --timeout 60s`: the same line.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${BENCH_RUNS:-3}
read -r -a stress <<< "${BENCH_STRESS:---cpu 2 --timeout 20m}"
ci=(bash .ci/run)
if [ "${BENCH_SMOKE:-0}" = 1 ]; then
  runs=${BENCH_RUNS:-1} ci=(mvn -B -o validate)
  read -r -a stress <<< "${BENCH_STRESS:---cpu 1 --timeout 60s}"
fi
if ! command -v stress-ng > /dev/null; then
  [ "$(id -u)" -eq 0 ] || { echo "ci-under-load: needs stress-ng (Debian package stress-ng)" >&2; exit 2; }
  apt-get install -y -qq --no-install-recommends stress-ng > /dev/null
fi
out=$PWD/target/ci-under-load
mkdir -p "$out"
clone=$(mktemp -d)
stress_pid=
# shellcheck disable=SC2317 # run by the EXIT trap
stop() {
  if [ -n "$stress_pid" ]; then kill "$stress_pid" 2> /dev/null || true; fi
  rm -rf "$clone"
}
trap stop EXIT
trap 'exit 143' INT TERM

failed=0
for i in $(seq 1 "$runs"); do
  rm -rf "$clone/repo"
  git clone -q . "$clone/repo"
  stress-ng "${stress[@]}" --quiet &
  stress_pid=$!
  started=$(date +%s)
  status=0
  (cd "$clone/repo" && CI=true "${ci[@]}" < /dev/null > "$out/run-$i.log" 2>&1) || status=$?
  seconds=$(($(date +%s) - started))
  kill "$stress_pid" 2> /dev/null || true
  wait "$stress_pid" 2> /dev/null || true
  stress_pid=
  # A run that ran no tests (the smoke's validate, a build that failed first) has no such line.
  tests=$(grep -E "Tests run: [0-9]+, Failures" "$out/run-$i.log" | grep -v " in " | tr '\n' ' ' || true)
  echo "run $i/$runs: exit $status in $((seconds / 60)) min $((seconds % 60)) s, load average $(cut -d' ' -f1-3 /proc/loadavg); $tests"
  [ "$status" -eq 0 ] || { failed=1; grep -E "FAIL|ERROR\]" "$out/run-$i.log" | head -20 || true; }
done
exit "$failed"
