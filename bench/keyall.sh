#!/usr/bin/env bash
# Benchmark: Key All's extreme profile, users-10000 (10,000 staff users, each a distinct account, in
# 50 s; 5 s think time), against the sandbox in its own JVM with its embedded PostgreSQL seeded as the
# spec says (300,000 forms). Prints the run's figures (bench/standalone-run.sh: arrival rate, KO, the Key
# All button's p50/p95/p99, the injector's and sandbox's CPU and heap), then the distinct users who locked
# a form, Key All locks per second, the duplicate locks, and PostgreSQL's CPU and peak memory.
# Takes about 4 minutes. Usage: bench/keyall.sh [extra -D options for the run]
# BENCH_SMOKE=1 bench/keyall.sh: the smoke profile, a few seconds (bench/standalone-run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/run-folders.sh
source bench/run-folders.sh
work=target/bench-keyall
mkdir -p "$work"
memory=$work/postgresql.txt
finished=$work/done

# PostgreSQL's CPU seconds (its processes' and their exited children's) and peak memory (the sum of its
# processes' resident memory, shared buffers counted in each), sampled every 2 s until the run is done.
# PostgreSQL
# is not a JVM: it is the server listening on the port the stand-in printed, found by that port. The
# injector's and the sandbox's CPU and heap come from inside their JVMs (bench/standalone-run.sh prints them).
sample() {
  # A process may end between two reads: a failed read is a sample missed, never the sampler's end.
  set +e
  local postmaster="" pg_peak=0 pg_cpu=0
  for _ in $(seq 1 900); do
    if [ -z "$postmaster" ]; then
      local port; port=$(grep -o 'embedded PostgreSQL on port [0-9]*' "$work/sandbox.log" 2>/dev/null | grep -o '[0-9]*$' || true)
      [ -n "$port" ] && postmaster=$(ss -Hltnp "sport = :$port" | grep -o 'pid=[0-9]*' | head -n 1 | cut -d= -f2 || true)
    fi
    if [ -n "$postmaster" ] && [ -r /proc/"$postmaster"/stat ]; then
      local rss=0 cpu=0
      for p in $postmaster $(pgrep -P "$postmaster" || true); do
        local r k
        r=$(awk '/VmRSS/ {print $2}' /proc/"$p"/status 2>/dev/null)
        k=$(awk '{print $14+$15+$16+$17}' /proc/"$p"/stat 2>/dev/null)
        rss=$((rss + ${r:-0}))
        cpu=$((cpu + ${k:-0}))
      done
      [ "$rss" -gt "$pg_peak" ] && pg_peak=$rss
      [ "$cpu" -gt "$pg_cpu" ] && pg_cpu=$cpu
    fi
    [ -e "$finished" ] && break
    sleep 2
  done
  local hz; hz=$(getconf CLK_TCK)
  awk -v t="$pg_cpu" -v hz="$hz" -v mem="$pg_peak" \
    'BEGIN {printf "PostgreSQL: %.1f CPU seconds, peak memory %d MiB (sum of its processes RSS)\n", t / hz, mem / 1024}' > "$memory"
}
rm -f "$memory" "$finished" "$work/sandbox.log"
sample &
sampler=$!
trap 'kill $sampler 2>/dev/null || true' EXIT

BENCH_WORK=$work bench/standalone-run.sh "" simulations.KeyAllSimulation users-10000 250 \
  "DET / KEY ALL BUTTON" "EROE5 / KEY ALL BUTTON" "SVD / SELECT SCANNER BATCH" "SVD / R - RESCAN REQUIRED" -- "$@"
touch "$finished"
wait $sampler || true

run=$(newest_folder "$results_dir" keyallsimulation-)
awk -F, 'NR > 1 { users[$2] = 1; n++; if (first == "" || $3 < first) first = $3; if ($3 > last) last = $3 }
  END { s = (last - first) / 1000; printf "distinct users who locked a form: %d; locks: %d, %.1f per second over %.1f s\n", length(users), n, (s > 0 ? n / s : 0), s }' \
  "$run/claims.csv"
grep -A1 '"duplicateLocks"' "$run/summary.json" | grep -o '"count" : [0-9]*' | sed 's/.*: /duplicate locks: /' || true
cat "$memory"
