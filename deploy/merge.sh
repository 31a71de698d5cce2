#!/usr/bin/env bash
# The merge after the shards (the merge Job in deploy/k8s/, deploy/rehearse.sh's last step, the
# workflows' merge job): merges the shards of one run, LOADTEST_RUN_ID (the id every shard of it was given: it
# writes it in shard-<i>/run-id), from $LOADTEST_RESULTS. It waits until every shard of that run has finished
# (its folder holds this run id and an exit-code file), at most LOADTEST_MERGE_WAIT_SECONDS (default 0: no wait),
# then merges the N runs into one summary and one gate verdict, in $LOADTEST_RESULTS; with LOADTEST_BASELINE
# (a merged run's folder), p99 regressions against it fail the gate too. A shard folder of another run (an
# earlier run's, left in a LOADTEST_RESULTS used again) is never taken for this run's, however finished it
# looks: when the wait ends without every shard of this run, one line names what each folder held, and nothing
# is merged. A shard's run is the folder its shard.sh named in shard-<i>/run (another run folder there is an
# earlier run's).
# The merged run's history record is written in $LOADTEST_RESULTS/history (docs/history.md), as a single run's is
# in its results folder's; with one shard, that shard's record is copied there.
# A run is judged once: once it has its verdict, judged-run-id in $LOADTEST_RESULTS holds its id, and a merge of
# that id there again stops at once (2), naming it. With LOADTEST_SHARDS=1 there is nothing to merge: the one
# run's verdict, in the same codes, a PASS judged again first with this script's settings (LOADTEST_OPTS,
# LOADTEST_BASELINE), as a merged run is.
# Exit code (docs/scaling.md, "Several injectors"): the merged verdict's, 0 PASS, 1 FAIL, 4 INCOMPLETE, 8
# INCONCLUSIVE (no threshold broke, a percentile's interval straddles its limit); 6 INVALID
# when the shards did not run their load at once and in full (their steady windows did not overlap enough, a
# shard sent less than its share in the window they shared, began later than the tolerance or was missing at
# the start: the line names the shards and their figures), or the merged run passed but a shard's own injector
# was saturated; 2 no verdict: this run id judged here before, a shard of this run missing or unfinished (no exit-code), a shard folder of
# another run id (the line names both), a shard that left no run, or refused by the merge (a run of another
# simulation, shard count, settings or commit, or of no known commit); 3 bad input: this script's environment
# (LOADTEST_RUN_ID among it), or a shard stopped by its own bad input (exit code 3: every shard has the same
# input, so a re-run would stop the same way).
set -euo pipefail
bad_input() { echo "merge: $1" >&2; exit 3; }
need() { [ -n "$2" ] || bad_input "$1 is not set: $3"; }
need LOADTEST_SHARDS "${LOADTEST_SHARDS:-}" "the shard count"
need LOADTEST_RESULTS "${LOADTEST_RESULTS:-}" "the shared results folder"
need LOADTEST_RUN_ID "${LOADTEST_RUN_ID:-}" "the id of the run to merge, the one its shards were given"
need LOADTEST_CLASSPATH "${LOADTEST_CLASSPATH:-}" "the suite classpath"
shards_rule="LOADTEST_SHARDS must be a whole number from 1, without leading zeros (was '$LOADTEST_SHARDS')"
case "$LOADTEST_SHARDS" in *[!0-9]* | 0*) bad_input "$shards_rule" ;; esac
[ "$LOADTEST_SHARDS" -ge 1 ] || bad_input "$shards_rule"
case "${LOADTEST_MERGE_WAIT_SECONDS:-0}" in '' | *[!0-9]*) bad_input "LOADTEST_MERGE_WAIT_SECONDS must be a whole number of seconds (was '$LOADTEST_MERGE_WAIT_SECONDS')" ;; esac
# A run is judged once: a merge applied again with the same run id and folder (a Job applied again unchanged)
# would otherwise find the judged run's shards finished and give its verdict again, as this run's.
judged="$LOADTEST_RESULTS/judged-run-id"
if [ "$(cat "$judged" 2> /dev/null || true)" = "$LOADTEST_RUN_ID" ]; then
  echo "merge: run $LOADTEST_RUN_ID was judged in $LOADTEST_RESULTS before ($judged): its shards there are that run's; give a new run a LOADTEST_RUN_ID and a LOADTEST_RESULTS of its own" >&2
  exit 2
fi
# Called with the verdict's exit code once there is one.
verdict() { echo "$LOADTEST_RUN_ID" > "$judged"; exit "$1"; }
# The wall clock in microseconds: bash's SECONDS ticks on whole seconds, so a deadline on it could pass up to a
# second early.
now_us() { echo "${EPOCHREALTIME/[.,]/}"; }
deadline=$(($(now_us) + ${LOADTEST_MERGE_WAIT_SECONDS:-0} * 1000000))
# The run id a shard folder holds: empty when it holds none.
run_id_of() { cat "$1/run-id" 2> /dev/null || true; }
# A shard of this run has finished when its folder holds this run id and its exit code. A shard of another id
# never overwrites one (shard.sh refuses a folder holding another run's shards), so an exit code beside this id
# is this run's.
finished() { [ -f "$1/exit-code" ] && [ "$(run_id_of "$1")" = "$LOADTEST_RUN_ID" ]; }
for i in $(seq 1 "$LOADTEST_SHARDS"); do
  while ! finished "$LOADTEST_RESULTS/shard-$i" && [ "$(now_us)" -lt "$deadline" ]; do sleep 5; done
done
runs=() problems=()
no_run_status=2 foreign=0
for i in $(seq 1 "$LOADTEST_SHARDS"); do
  dir="$LOADTEST_RESULTS/shard-$i"
  id=$(run_id_of "$dir")
  if [ -d "$dir" ] && [ "$id" != "$LOADTEST_RUN_ID" ]; then
    problems+=("shard $i/$LOADTEST_SHARDS ($dir) holds run ${id:-(no run id)}, not run $LOADTEST_RUN_ID: another run's, left in this LOADTEST_RESULTS")
    foreign=1
    continue
  fi
  if [ ! -f "$dir/exit-code" ]; then
    if [ -d "$dir" ]; then
      problems+=("shard $i/$LOADTEST_SHARDS ($dir) did not finish: no exit-code (stopped before its script wrote it?)")
    else
      problems+=("shard $i/$LOADTEST_SHARDS ($dir) missing: it never finished or its results were not collected")
    fi
    continue
  fi
  run=$(cat "$dir/run" 2> /dev/null || true)
  if [ -z "$run" ]; then
    code=$(cat "$dir/exit-code")
    problems+=("shard $i/$LOADTEST_SHARDS ($dir) left no run (exit code $code): see its log")
    [ "$code" = 3 ] && no_run_status=3
  elif [ ! -f "$dir/$run/summary.json" ]; then
    problems+=("shard $i/$LOADTEST_SHARDS ($dir) names its run $run, which has no summary.json")
  else
    runs+=("$dir/$run")
  fi
done
# Another run's shard is no bad input of this run's: no verdict, whatever else the shards say.
[ "$foreign" = 0 ] || no_run_status=2
if [ ${#problems[@]} -gt 0 ]; then
  (IFS=';'; echo "merge: ${problems[*]}" | sed 's/;/; /g') >&2
  exit "$no_run_status"
fi
baseline=()
[ -n "${LOADTEST_BASELINE:-}" ] && baseline=(--baseline "$LOADTEST_BASELINE")
if [ "$LOADTEST_SHARDS" -eq 1 ]; then
  echo "merge: one shard, nothing to merge: its run is ${runs[0]}"
  # Its history record (docs/history.md) where a merged run's would be, $LOADTEST_RESULTS/history: the folder the
  # workflows push to the history branch. A run judged again below has written it there already.
  keep_record() {
    local record; record="$LOADTEST_RESULTS/shard-1/history/$(basename "${runs[0]}").json"
    if [ -f "$record" ] && [ ! -f "$LOADTEST_RESULTS/history/$(basename "$record")" ]; then
      mkdir -p "$LOADTEST_RESULTS/history" && cp "$record" "$LOADTEST_RESULTS/history/"
    fi
  }
  # Its own verdict, in the Gatling JVM's codes (docs/gate.md, "Verdicts and exit codes"): its FAIL is 2, and a
  # run stopped by a signal (INCOMPLETE) has the signal's.
  code=$(cat "$LOADTEST_RESULTS/shard-1/exit-code")
  if [ "$code" = 0 ]; then
    # A PASS is judged again with the merge's settings, as a merged run would be: the shard ran without the merge
    # job's baseline and history (-Dresults.history.gate), so its own PASS could pass a release they fail.
    status=0
    # shellcheck disable=SC2086 # the options are a list of -D words
    java -Djava.awt.headless=true -cp "$LOADTEST_CLASSPATH" ${LOADTEST_OPTS:-} results.ResultsCli gate "${runs[0]}" \
      --results "$LOADTEST_RESULTS" "${baseline[@]}" || status=$?
    case "$status" in 0 | 1 | 4 | 6 | 8) keep_record && verdict "$status" ;; 3) exit 3 ;; *) exit 2 ;; esac
  fi
  keep_record
  case "$code" in
    4 | 6 | 8) verdict "$code" ;;
    2) verdict 1 ;;
    *) if [ "$code" -ge 128 ]; then verdict 4; else exit 2; fi ;;
  esac
fi
# The shards' -D options (thresholds, results settings) are the merge's too: one verdict, judged as they were.
status=0
# shellcheck disable=SC2086 # a list of -D words
java -Djava.awt.headless=true -cp "$LOADTEST_CLASSPATH" ${LOADTEST_OPTS:-} results.ResultsCli merge "${runs[@]}" \
  --shards "$LOADTEST_SHARDS" --results "$LOADTEST_RESULTS" "${baseline[@]}" || status=$?
for i in $(seq 1 "$LOADTEST_SHARDS"); do
  if [ "$(cat "$LOADTEST_RESULTS/shard-$i/exit-code" 2>/dev/null)" = 6 ]; then
    echo "merge: shard $i/$LOADTEST_SHARDS ($LOADTEST_RESULTS/shard-$i) was INVALID: its injector was saturated" >&2
    { [ "$status" -eq 0 ] || [ "$status" -eq 8 ]; } && status=6
  fi
done
# A verdict is noted; a refusal (2), bad input (3) or a merge stopped by a signal gave none.
case "$status" in 0 | 1 | 4 | 6 | 8) verdict "$status" ;; *) exit "$status" ;; esac
