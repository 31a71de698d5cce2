#!/usr/bin/env bash
# Sourced by the benchmarks: the run folders a run left, found with find rather than by parsing ls.
# BENCH_RESULTS names the archive the runs go to (default results/; the smoke tests give each a folder of
# its own): a benchmark's gatling:test passes it on as -Dsuite.resultsDir="$results_dir".
results_dir=$(realpath -m "${BENCH_RESULTS:-results}")

# The run folders in the archive, one a line, sorted: a listing to compare before and after a run. A run
# folder holds its simulation.log; the archive's other folders (history/, comparisons) do not.
run_folders() {
  { find "$results_dir" -mindepth 2 -maxdepth 2 -path "$results_dir/.*" -prune -o -type f -name simulation.log \
    -printf '%h\n' 2> /dev/null || true; } | sort
}

# The folder a run added: in today's listing, not in $1 (the listing from before the run).
new_run_folder() { comm -13 <(echo "$1") <(run_folders) | tail -n 1; }

# The newest folder in $1 whose name starts with $2, e.g. newest_folder "$results_dir" eformssimulation-
newest_folder() {
  find "$1" -mindepth 1 -maxdepth 1 -type d -name "$2*" -printf '%T@ %p\n' | sort -n | tail -n 1 | cut -d' ' -f2-
}
