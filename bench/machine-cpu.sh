#!/usr/bin/env bash
# Sourced by the benchmarks: how busy the whole machine was during a run, from the kernel's counters
# (/proc/stat), to read beside the CPU the run's own JVMs record. Busy cores above the JVMs' own are other
# work on the machine; steal is time the hypervisor gave the machine's CPUs to someone else. Either makes a
# run's latencies the machine's, not the suite's or the sandbox's (the converse does not hold: bench/README.md,
# RAiD x6 on 2026-11-26).

# The machine's CPU counters now: pass it to machine_cpu_since after the run.
machine_cpu_mark() { head -n 1 /proc/stat; }

# One line: the machine's busy cores, steal and I/O wait since mark $1 (the cpu line of /proc/stat: user, nice,
# system, idle, iowait, irq, softirq, steal, in clock ticks).
machine_cpu_since() {
  awk -v before="$1" -v cores="$(nproc)" -v hz="$(getconf CLK_TCK)" '
    $1 == "cpu" {
      split(before, b, " ")
      for (i = 2; i <= 9; i++) { d[i] = $i - b[i]; total += d[i] }
      busy = d[2] + d[3] + d[4] + d[7] + d[8]
      if (total <= 0) { print "machine: no CPU time counted"; exit }
      printf "machine: %.2f of %d cores busy over %.0f s (the JVMs above and anything else), steal %.1f %%, I/O wait %.1f %%\n",
        cores * busy / total, cores, total / cores / hz, 100 * d[9] / total, 100 * d[6] / total
    }' /proc/stat
}
