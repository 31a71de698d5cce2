#!/usr/bin/env bash
# Capacity benchmark: Enrol Online at the best measured rate (101,022 transactions per hour, 28.06 new
# users/s, one transaction each) for 10 minutes after a 2-minute warm-up, against the sandbox in its own
# JVM. Prints target vs achieved transactions per hour, requests/s, KO, p50/p95/p99 of every request and
# the CPU of both JVMs. Takes about 15 minutes. Usage: bench/eol.sh [extra -D options for the run]
# BENCH_SMOKE=1 bench/eol.sh: the smoke profile, a few seconds (bench/standalone-run.sh).
BENCH_WORK=target/bench-eol exec "$(dirname "$0")/standalone-run.sh" "" \
  simulations.EnrolOnlineSimulation best 28.0617 -- -Dprofiles.eol.best.duration=10m "$@"
