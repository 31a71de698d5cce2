#!/usr/bin/env bash
# Benchmark: Key All's extreme profile, users-10000 (10,000 staff users, each a distinct account, in
# 50 s; 5 s think time), against the sandbox in its own JVM with its embedded PostgreSQL seeded as the
# spec says (300,000 forms). Prints the run's figures (bench/standalone-run.sh: arrival rate, KO, the Key
# All button's p50/p95/p99), then the distinct users who locked a form, Key All locks per second, the
# duplicate locks, and the CPU and peak memory of the injector JVM, the sandbox JVM and PostgreSQL.
# Takes about 4 minutes. Usage: bench/keyall.sh [extra -D options for the run]
set -euo pipefail
cd "$(dirname "$0")/.."
here=$(pwd -P)
mkdir -p target
memory=target/bench-keyall-memory.txt

# The process of ours (working directory this checkout) whose command line matches $1.
ours() {
  for pid in $(pgrep -f "$1" || true); do
    [ "$(readlink /proc/"$pid"/cwd 2>/dev/null)" = "$here" ] && { echo "$pid"; return; }
  done
}
# Peak resident memory (MiB) of the injector and sandbox JVMs (VmHWM); the injector's CPU (cores, from
# its first to its last sample); PostgreSQL's CPU seconds (its processes' and their exited children's)
# and peak memory (the sum of its processes' resident memory, shared buffers counted in each). PostgreSQL
# is the server listening on the port the stand-in printed. Sampled every 2 s until the injector is gone.
sample() {
  # A process may end between two reads: a failed read is a sample missed, never the sampler's end.
  set +e
  local injector="" sandbox="" postmaster="" pg_peak=0 pg_cpu=0 inj_hwm=0 sbx_hwm=0
  local inj_c0="" inj_c1=0 inj_t0=0 inj_t1=0
  for _ in $(seq 1 900); do
    [ -z "$sandbox" ] && sandbox=$(ours "simulations.StandaloneSandbox")
    [ -z "$injector" ] && injector=$(ours "io.gatling.app.Gatling")
    if [ -z "$postmaster" ]; then
      local port; port=$(grep -o 'embedded PostgreSQL on port [0-9]*' target/bench-sandbox.log 2>/dev/null | grep -o '[0-9]*$' || true)
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
    if [ -n "$injector" ] && [ -r /proc/"$injector"/stat ]; then
      local c h
      c=$(awk '{print $14+$15}' /proc/"$injector"/stat 2>/dev/null)
      h=$(awk '/VmHWM/ {print $2}' /proc/"$injector"/status 2>/dev/null)
      if [ -n "$c" ]; then
        [ -z "$inj_c0" ] && { inj_c0=$c; inj_t0=$(date +%s); }
        inj_c1=$c; inj_t1=$(date +%s)
      fi
      [ -n "$h" ] && inj_hwm=$h
    fi
    if [ -n "$sandbox" ]; then
      local m; m=$(awk '/VmHWM/ {print $2}' /proc/"$sandbox"/status 2>/dev/null)
      [ -n "$m" ] && sbx_hwm=$m
    fi
    [ -n "$injector" ] && [ ! -r /proc/"$injector"/stat ] && break
    sleep 2
  done
  local hz; hz=$(getconf CLK_TCK)
  {
    awk -v c0="${inj_c0:-0}" -v c1="$inj_c1" -v t0="$inj_t0" -v t1="$inj_t1" -v hz="$hz" -v mem="$inj_hwm" \
      'BEGIN {printf "injector JVM: %.2f cores over %d s, peak memory %d MiB\n", (t1 > t0 ? (c1 - c0) / hz / (t1 - t0) : 0), t1 - t0, mem / 1024}'
    echo "sandbox JVM peak memory: $((sbx_hwm / 1024)) MiB"
    awk -v t="$pg_cpu" -v hz="$hz" -v mem="$pg_peak" \
      'BEGIN {printf "PostgreSQL: %.1f CPU seconds, peak memory %d MiB (sum of its processes RSS)\n", t / hz, mem / 1024}'
  } > "$memory"
}
rm -f "$memory" target/bench-sandbox.log
sample &
sampler=$!
trap 'kill $sampler 2>/dev/null || true' EXIT

bench/standalone-run.sh 18090 "-Dsandbox.key-all.port=18090" simulations.KeyAllSimulation users-10000 250 \
  "DET / KEY ALL BUTTON" "EROE5 / KEY ALL BUTTON" "SVD / SELECT SCANNER BATCH" "SVD / R - RESCAN REQUIRED" -- "$@"
wait $sampler || true

run=$(ls -td results/keyallsimulation-*/ | head -n 1)
grep -h "seeded" target/bench-sandbox.log || true
awk -F, 'NR > 1 { users[$2] = 1; n++; if (first == "" || $3 < first) first = $3; if ($3 > last) last = $3 }
  END { printf "distinct users who locked a form: %d; locks: %d, %.1f per second over %.1f s\n", length(users), n, n / ((last - first) / 1000), (last - first) / 1000 }' \
  "$run/claims.csv"
grep -A1 '"duplicateLocks"' "$run/summary.json" | grep -o '"count" : [0-9]*' | sed 's/.*: /duplicate locks: /' || true
cat "$memory"
