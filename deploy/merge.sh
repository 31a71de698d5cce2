#!/usr/bin/env bash
# The merge after the shards (the merge Job in deploy/k8s/, deploy/rehearse.sh's last step, the
# workflows' merge job): waits until every shard of $LOADTEST_RESULTS has finished (its exit-code file),
# at most LOADTEST_MERGE_WAIT_SECONDS (default 0: no wait), then merges the N runs into one summary
# and one gate verdict, in $LOADTEST_RESULTS; with LOADTEST_BASELINE (a merged run's folder), p99
# regressions against it fail the gate too. A shard that left no run stops it with one line naming
# the shard and its folder: never a merge of some of the shards.
# Exit code: the merged verdict's (0 pass, 1 fail, 2 bad input, 4 INCOMPLETE), or 6 when a shard's own
# injector was saturated (INVALID: its figures say more about the injector than the target).
set -euo pipefail
: "${LOADTEST_SHARDS:?the shard count}" "${LOADTEST_RESULTS:?the shared results folder}"
: "${LOADTEST_CLASSPATH:?the suite classpath}"
deadline=$((SECONDS + ${LOADTEST_MERGE_WAIT_SECONDS:-0}))
for i in $(seq 1 "$LOADTEST_SHARDS"); do
  while [ ! -f "$LOADTEST_RESULTS/shard-$i/exit-code" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 5; done
done
runs=() problems=()
for i in $(seq 1 "$LOADTEST_SHARDS"); do
  dir="$LOADTEST_RESULTS/shard-$i"
  shopt -s nullglob
  archived=("$dir"/*/summary.json)
  shopt -u nullglob
  if [ ! -f "$dir/exit-code" ] && [ ${#archived[@]} -eq 0 ]; then
    problems+=("shard $i/$LOADTEST_SHARDS ($dir) missing: it never finished or its results were not collected")
  elif [ ${#archived[@]} -eq 0 ]; then
    problems+=("shard $i/$LOADTEST_SHARDS ($dir) left no run (exit code $(cat "$dir/exit-code")): see its log")
  elif [ ${#archived[@]} -gt 1 ]; then
    problems+=("shard $i/$LOADTEST_SHARDS ($dir) holds ${#archived[@]} runs, not one")
  else
    runs+=("$(dirname "${archived[0]}")")
  fi
done
if [ ${#problems[@]} -gt 0 ]; then
  (IFS=';'; echo "merge: ${problems[*]}" | sed 's/;/; /g') >&2
  exit 2
fi
baseline=()
[ -n "${LOADTEST_BASELINE:-}" ] && baseline=(--baseline "$LOADTEST_BASELINE")
# The shards' -D options (thresholds, results settings) are the merge's too: one verdict, judged as they were.
# shellcheck disable=SC2086 # a list of -D words
java -Djava.awt.headless=true -cp "$LOADTEST_CLASSPATH" ${LOADTEST_OPTS:-} results.ResultsCli merge "${runs[@]}" \
  --shards "$LOADTEST_SHARDS" --results "$LOADTEST_RESULTS" "${baseline[@]}" || status=$?
for i in $(seq 1 "$LOADTEST_SHARDS"); do
  if [ "$(cat "$LOADTEST_RESULTS/shard-$i/exit-code" 2>/dev/null)" = 6 ]; then
    echo "merge: shard $i/$LOADTEST_SHARDS ($LOADTEST_RESULTS/shard-$i) was INVALID: its injector was saturated" >&2
    [ "$status" -eq 0 ] && status=6
  fi
done
exit "$status"
