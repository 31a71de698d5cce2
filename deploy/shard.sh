#!/usr/bin/env bash
# One injector of a sharded run: what each pod of the Indexed Job runs (deploy/k8s/), and what
# deploy/rehearse.sh runs N times on one machine. Environment (the same in both):
#   JOB_COMPLETION_INDEX  0 .. N-1, set by Kubernetes for an Indexed Job: this injector is shard index+1 of N
#   LOADTEST_SHARDS       N
#   LOADTEST_RUN_ID       the sharded run's name, the same on every shard of one run and given to the merge, which
#                         merges that run's shards only: config.yaml's in Kubernetes (a new one for every run), the
#                         workflow run's id and attempt, the rehearsal's time
#   LOADTEST_SIMULATION   the simulation class, e.g. simulations.RaidSimulation
#   LOADTEST_PROFILE, LOADTEST_TARGET, LOADTEST_SCALE   read by the suite itself (application.conf)
#   LOADTEST_RESULTS      the folder all shards share; this shard archives its run in shard-<i>/ there
#   LOADTEST_CLASSPATH    the suite's compiled classes and their dependencies (the image sets it)
#   LOADTEST_OPTS         further -D options, the same on every shard; LOADTEST_JAVA_OPTS: JVM options
#   LOADTEST_START        when the shards' load starts, together: "rendezvous" (the shards share LOADTEST_RESULTS:
#                         each notes its arrival there and the load starts 3 s after the last one arrived; the Job
#                         and deploy/rehearse.sh), an instant such as 2026-11-29T12:00:00Z (a workflow's plan job
#                         gives one to all its runners), or unset: at once. A shard that comes after the start
#                         begins at once and records how late; the merge reports every shard's start and judges
#                         how much of their steady windows they shared (docs/scaling.md, "A common start")
# Secrets (tokens, passwords) come from the environment under the names each system's file gives.
# It leaves in shard-<i>/: run-id (at its start), then, once the JVM has ended, run (the name of the run
# folder this run archived, if any) and exit-code (the JVM's): the merge reads these, never a folder's
# summary.json alone (an earlier run's may be there). Gatling writes its run folder in shard-<i>/gatling-<time>-*/,
# removed once the run is archived; a run not archived keeps it there, with its simulation.log (the line on
# stderr names it), as does a script killed outright. Its report there is unredacted: the workflows never upload it.
# Stopping it: TERM or INT (a pod's termination: the kubelet signals this script, PID 1 in the image;
# Ctrl-C) is passed on to the Gatling JVM as TERM, and the script waits for it: the first stops the load
# gracefully and the run is archived INCOMPLETE, a second (a second or more later) aborts. If this script
# is killed outright, the JVM sees its parent gone and stops its load as on a signal.
# Exit code: 0 when the run was archived with a verdict, whatever the verdict (the merge judges the
# whole; the run's own exit code is in shard-<i>/exit-code for it); 3 bad input (this script's environment,
# a LOADTEST_RESULTS holding the shards of another run id, or where this run id was judged or a shard of it ended
# before (a run id is used once), which it leaves as it is, or the run's own input: before any load); otherwise,
# no run archived, the run's own exit code (2 if that was 0), and deploy/merge.sh names this shard.
set -euo pipefail
bad_input() { echo "shard: $1" >&2; exit 3; }
need() { [ -n "$2" ] || bad_input "$1 is not set: $3"; }
need JOB_COMPLETION_INDEX "${JOB_COMPLETION_INDEX:-}" "set by the Indexed Job (0-based)"
need LOADTEST_SHARDS "${LOADTEST_SHARDS:-}" "the shard count"
need LOADTEST_RUN_ID "${LOADTEST_RUN_ID:-}" "the same name on every shard of this run"
need LOADTEST_SIMULATION "${LOADTEST_SIMULATION:-}" "the simulation class"
need LOADTEST_RESULTS "${LOADTEST_RESULTS:-}" "the shared results folder"
need LOADTEST_CLASSPATH "${LOADTEST_CLASSPATH:-}" "the suite classpath"
# A leading zero is refused, not read: bash's arithmetic takes 08 for a bad octal number.
for number in "$JOB_COMPLETION_INDEX" "$LOADTEST_SHARDS"; do
  case "$number" in *[!0-9]* | 0?*) bad_input "JOB_COMPLETION_INDEX and LOADTEST_SHARDS must be whole numbers without leading zeros (were '$JOB_COMPLETION_INDEX', '$LOADTEST_SHARDS')" ;; esac
done
case "${LOADTEST_START:-}" in
  '') start_option=() ;;
  rendezvous) start_option=(-Dshards.rendezvous="$LOADTEST_RESULTS") ;;
  [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*) start_option=(-Dshards.startAt="$LOADTEST_START") ;;
  *) bad_input "LOADTEST_START must be rendezvous, an instant such as 2026-11-29T12:00:00Z, or unset (was '$LOADTEST_START')" ;;
esac
[ "$JOB_COMPLETION_INDEX" -lt "$LOADTEST_SHARDS" ] || bad_input "JOB_COMPLETION_INDEX must be below LOADTEST_SHARDS (was $JOB_COMPLETION_INDEX of $LOADTEST_SHARDS)"
i=$((JOB_COMPLETION_INDEX + 1))
export LOADTEST_SHARD="$i/$LOADTEST_SHARDS"
# A folder holding another run's shards (LOADTEST_RESULTS used again) is left as it is: this run's files among
# them would mix two runs, and a merge waiting for this run would never find its shards' ends.
shopt -s nullglob
for id_file in "$LOADTEST_RESULTS"/shard-*/run-id; do
  other=$(cat "$id_file")
  [ "$other" = "$LOADTEST_RUN_ID" ] ||
    bad_input "$LOADTEST_RESULTS holds the shards of another run ($other in $id_file): give this run a folder of its own (a new LOADTEST_RESULTS)"
done
shopt -u nullglob
# A run judged here before (deploy/merge.sh noted its verdict): its load again would be judged by no one.
[ "$(cat "$LOADTEST_RESULTS/judged-run-id" 2> /dev/null || true)" != "$LOADTEST_RUN_ID" ] ||
  bad_input "run $LOADTEST_RUN_ID was judged in $LOADTEST_RESULTS before ($LOADTEST_RESULTS/judged-run-id): give a new run a LOADTEST_RUN_ID and a LOADTEST_RESULTS of its own"
# A run id is used once. With a common start (the rendezvous, an instant) no shard of a run ends before the others
# have started, but for one that came too late for it: a shard of this run id that has ended here (its exit code,
# or its archived run) is an earlier run's under the same id (config.yaml applied again as it was), and a merge of
# this id could take that run's shards for this one's.
if [ -n "${LOADTEST_START:-}" ]; then
  shopt -s nullglob
  for id_file in "$LOADTEST_RESULTS"/shard-*/run-id; do
    dir=$(dirname "$id_file")
    if [ -f "$dir/exit-code" ]; then ended=("$dir/exit-code"); else ended=("$dir"/*/summary.json); fi
    [ ${#ended[@]} -eq 0 ] ||
      bad_input "run $LOADTEST_RUN_ID has run in $LOADTEST_RESULTS before (${ended[0]}): a run id is used once; give a new run a LOADTEST_RUN_ID and a LOADTEST_RESULTS of its own"
  done
  shopt -u nullglob
fi
shard_dir="$LOADTEST_RESULTS/shard-$i"
mkdir -p "$shard_dir"
rm -f "$shard_dir/exit-code" "$shard_dir/run"
echo "$LOADTEST_RUN_ID" > "$shard_dir/run-id"
# The run folders already here (an earlier run's, when LOADTEST_RESULTS was used again): not this run's.
shopt -s nullglob
earlier=("$shard_dir"/*/summary.json)
shopt -u nullglob
# Gatling's own run folder, with simulation.log, the run's only copy until it is archived: in the shard folder, so
# that it outlives this script (killed outright, or a pod's container gone), and removed only once the run is.
gatling_dir=$(mktemp -d "$shard_dir/gatling-$(date -u +%Y%m%d%H%M%S)-XXXXXX")

echo "shard $LOADTEST_SHARD: $LOADTEST_SIMULATION, profile ${LOADTEST_PROFILE:-default}, target ${LOADTEST_TARGET:-default}, results in $shard_dir, run id $LOADTEST_RUN_ID"
# The JVM runs in the background, so that this script can pass a stop on to it and wait for its archive: a
# script that ends on TERM leaves its foreground child running, and a pod then ends with it unarchived.
# suite.watchParent: a JVM whose script was killed stops its load instead of loading unattended.
# The GC pause goal: as the pom's Gatling JVM (a pause is added to every answer that arrives during it).
# shellcheck disable=SC2086 # the option variables are lists of words
java -Xmx2g -XX:MaxGCPauseMillis=10 -Djava.awt.headless=true --add-opens java.base/java.lang=ALL-UNNAMED ${LOADTEST_JAVA_OPTS:-} \
  -cp "$LOADTEST_CLASSPATH" \
  -Dsuite.exitOnError=true -Dsuite.archive=true -Dsuite.watchParent=true \
  -Dsuite.gatlingResultsDir="$gatling_dir" -Dsuite.resultsDir="$shard_dir" "${start_option[@]}" ${LOADTEST_OPTS:-} \
  io.gatling.app.Gatling -s "$LOADTEST_SIMULATION" -rf "$gatling_dir" &
jvm=$!
# Every TERM or INT goes on as TERM (a background job ignores INT): the JVM's own count makes the first a
# graceful stop and a second, a second or more later, an abort.
trap 'kill -TERM "$jvm" 2> /dev/null || true' TERM INT
# wait returns early when a trap has run: wait again until the JVM itself has ended.
while status=0; wait "$jvm" || status=$?; kill -0 "$jvm" 2> /dev/null; do :; done
# This run's folder: the one that was not here before it.
shopt -s nullglob
for summary in "$shard_dir"/*/summary.json; do
  [[ " ${earlier[*]} " == *" $summary "* ]] || basename "$(dirname "$summary")" >> "$shard_dir/run"
done
shopt -u nullglob
# The merge reads this: a shard that ended without it never finished.
echo "$status" > "$shard_dir/exit-code"
if [ -s "$shard_dir/run" ]; then
  rm -rf "$gatling_dir"
  exit 0
fi
shopt -s nullglob
logs=("$gatling_dir"/*/simulation.log)
shopt -u nullglob
kept=
if [ ${#logs[@]} -gt 0 ]; then kept="; its log is kept: ${logs[0]}"; else rm -rf "$gatling_dir"; fi
echo "shard $LOADTEST_SHARD: no run archived in $shard_dir (exit code $status)$kept" >&2
exit $((status == 0 ? 2 : status))
