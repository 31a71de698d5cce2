#!/usr/bin/env bash
# Sourced by the benchmarks: the run folders a run left, found with find rather than by parsing ls.

# The folders in results/, one a line, sorted: a listing to compare before and after a run.
run_folders() { { find results -mindepth 1 -maxdepth 1 -type d ! -name '.*' 2> /dev/null || true; } | sort; }

# The folder a run added: in today's listing, not in $1 (the listing from before the run).
new_run_folder() { comm -13 <(echo "$1") <(run_folders) | tail -n 1; }

# The newest folder in $1 whose name starts with $2, e.g. newest_folder results eformssimulation-
newest_folder() {
  find "$1" -mindepth 1 -maxdepth 1 -type d -name "$2*" -printf '%T@ %p\n' | sort -n | tail -n 1 | cut -d' ' -f2-
}
