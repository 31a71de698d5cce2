#!/usr/bin/env bash
# Benchmark: every system the suite models at its seed's peak at once, in one MainSimulation run against
# the sandbox in its own JVM, shortened to a few minutes: each system of the main job (simulations.Systems) on
# its `all-peaks` profile, which its own src/test/resources/systems/<key>.conf defines beside the reasons for
# its figures (RAiD 50 users/s, eForms at its peak arrival rate on its four line-speed classes, and so on; the
# profile's description is the target the figures print). Every population starts small and reaches its peak
# over its first 30 s, as the open ones' warm-ups do, so that the peaks coincide from 30 s on and no burst
# meets an injector JVM that is still loading and compiling its code (2026-11-25: with 100 vote.nz visits, 100
# learners and 128 key-upload workers at once, every request's p99 was 583-619 ms in the first seconds; ramped,
# 58-99 ms). Prints per system achieved against target, totals, and the injector's and sandbox's CPU and heap,
# each recorded inside its JVM, and the busiest minute (every population at its peak): its requests/s, the
# sandbox JVM's CPU and how busy the whole machine was then. Judged by the thresholds alone
# (results.baseline=none): the last all-peaks run is no baseline when the plan changed, and a 10 % band on a
# 15 ms p99 fails on noise. About 7 minutes, the sandbox's warm-up included.
# Usage: bench/all-peaks.sh [extra -D options]
# BENCH_SMOKE=1 bench/all-peaks.sh: every system at its smoke profile, warm-up included, a minute or two
# (bench/standalone-run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export BENCH_FIGURES=bench.PeakFigures BENCH_WORK=target/bench-all-peaks
# A warm sandbox, as a real system is (bench/standalone-run.sh): cold, its first seconds run interpreted code
# (2026-11-25: every request's p99 1,199 / 499 ms in seconds 0-3 / 3-6 cold, 907 / 133 ms warm).
export BENCH_WARM_SANDBOX=1
# The warm-up every all-peaks profile takes: each population's rate is counted after it.
export BENCH_FIGURES_ARGS=30
bench/standalone-run.sh "" simulations.MainSimulation all-peaks 0 -- -Dresults.baseline=none "$@"
