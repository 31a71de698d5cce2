#!/usr/bin/env bash
# Capacity benchmark: RAiD's reference profile (1 min warm-up, 10 min at 50 new users/s) against the
# sandbox running in its own JVM with 100,000 raids seeded, so the injector's CPU is measured alone.
# Prints target vs achieved arrival rate, peak concurrent users, requests/s, mint p50/p99 and the CPU
# of both JVMs. Takes about 14 minutes. Usage: bench/reference.sh [extra -D options for the run]
# BENCH_SMOKE=1 bench/reference.sh: the smoke profile, a few seconds (bench/standalone-run.sh).
BENCH_WORK=target/bench-reference exec "$(dirname "$0")/standalone-run.sh" "-Dsandbox.raid.seedRaids=100000" \
  simulations.RaidSimulation reference 50 "mint raid" -- "$@"
