#!/usr/bin/env bash
# Benchmark: Survey eForms at its `peak` arrival rate (608.6 returns/h) with the four line-speed classes,
# against the eForms stand-in in its own JVM, every respondent through the injector's line-speed proxy.
# The capacity model's peak runs 2 hours after a 20-minute warm-up; this runs its steady phase for
# 10 minutes after a 1-minute warm-up, pauses at a tenth (7.5 s a page, so surveys end within the run)
# and a 5-minute drain. Prints the run's figures (bench/standalone-run.sh), the per-class SLA p90s (the
# gate section of summary.md) and the proxy's CPU (its own threads' CPU time, measured in the injector JVM).
# Takes about 17 minutes. Usage: bench/eforms.sh [extra -D options for the run, e.g. -Dprofiles.eforms.peak.duration=2h]
# BENCH_SMOKE=1 bench/eforms.sh: the smoke profile, a few seconds (bench/standalone-run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/run-folders.sh
source bench/run-folders.sh
# shellcheck source=bench/maven-log.sh
source bench/maven-log.sh
work=target/bench-eforms
BENCH_WORK=$work bench/standalone-run.sh "" \
  simulations.EFormsSimulation peak 0.169 -- \
  -Dprofiles.eforms.peak.duration="10 minutes" -Dprofiles.eforms.peak.warmUp="1 minute" \
  -Dprofiles.eforms.peak.drain="5 minutes" -DthinkTime.multiplier=0.1 "$@"
latest=$(newest_folder "$results_dir" eformssimulation-)
echo
maven_lines "$work/gatling.log" "^line-speed proxy:" || true
# The gate's section of summary.md: each class's p90 of logins and of page-to-page transactions.
awk '/^## /{show = ($0 ~ /^## Gate/)} show' "$latest/summary.md"
