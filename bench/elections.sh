#!/usr/bin/env bash
# Capacity benchmark: the election sites' homepage test at the reference's 600 requests/s (one homepage
# request per user, throttled to 600/s) for 10 minutes after a 1-minute warm-up, against the sandbox's CDN
# stand-in in its own JVM. Prints target vs achieved rate, KO, p50/p95/p99 of the homepage, the CPU of
# both JVMs, then the run's cache-hit ratio and degradation from its summary.md. Takes about 13 minutes.
# Usage: bench/elections.sh [extra -D options for the run]
# BENCH_SMOKE=1 bench/elections.sh: the smoke profile, a few seconds (bench/standalone-run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/run-folders.sh
source bench/run-folders.sh
BENCH_WORK=target/bench-elections bench/standalone-run.sh "" \
  simulations.ElectionsCdnSimulation homepage 600 Homepage -- "$@"
latest=$(newest_folder "$results_dir" electionscdnsimulation-)
echo
# The sections of summary.md headed by these titles, each to the next title.
awk '/^## /{show = ($0 ~ /^## (Degradation over the steady window|Cache status by page)/)} show' "$latest/summary.md"
