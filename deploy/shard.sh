#!/usr/bin/env bash
# One injector of a sharded run: what each pod of the Indexed Job runs (deploy/k8s/), and what
# deploy/rehearse.sh runs N times on one machine. Environment (the same in both):
#   JOB_COMPLETION_INDEX  0 .. N-1, set by Kubernetes for an Indexed Job: this injector is shard index+1 of N
#   LOADTEST_SHARDS       N
#   LOADTEST_SIMULATION   the simulation class, e.g. simulations.RaidSimulation
#   LOADTEST_PROFILE, LOADTEST_TARGET, LOADTEST_SCALE   read by the suite itself (application.conf)
#   LOADTEST_RESULTS      the folder all shards share; this shard archives its run in shard-<i>/ there
#   LOADTEST_CLASSPATH    the suite's compiled classes and their dependencies (the image sets it)
#   LOADTEST_OPTS         further -D options, the same on every shard; LOADTEST_JAVA_OPTS: JVM options
# Secrets (tokens, passwords) come from the environment under the names each system's file gives.
# Exit code: 0 when the run was archived with a verdict, whatever the verdict (the merge judges the
# whole; the run's own exit code is in shard-<i>/exit-code for it); 3 bad input (this script's environment,
# or the run's own input: before any load); otherwise, no run archived, the run's own exit code (2 if
# that was 0), and deploy/merge.sh names this shard.
set -euo pipefail
bad_input() { echo "shard: $1" >&2; exit 3; }
need() { [ -n "$2" ] || bad_input "$1 is not set: $3"; }
need JOB_COMPLETION_INDEX "${JOB_COMPLETION_INDEX:-}" "set by the Indexed Job (0-based)"
need LOADTEST_SHARDS "${LOADTEST_SHARDS:-}" "the shard count"
need LOADTEST_SIMULATION "${LOADTEST_SIMULATION:-}" "the simulation class"
need LOADTEST_RESULTS "${LOADTEST_RESULTS:-}" "the shared results folder"
need LOADTEST_CLASSPATH "${LOADTEST_CLASSPATH:-}" "the suite classpath"
case "$JOB_COMPLETION_INDEX$LOADTEST_SHARDS" in *[!0-9]*) bad_input "JOB_COMPLETION_INDEX and LOADTEST_SHARDS must be whole numbers (were '$JOB_COMPLETION_INDEX', '$LOADTEST_SHARDS')" ;; esac
[ "$JOB_COMPLETION_INDEX" -lt "$LOADTEST_SHARDS" ] || bad_input "JOB_COMPLETION_INDEX must be below LOADTEST_SHARDS (was $JOB_COMPLETION_INDEX of $LOADTEST_SHARDS)"
i=$((JOB_COMPLETION_INDEX + 1))
export LOADTEST_SHARD="$i/$LOADTEST_SHARDS"
shard_dir="$LOADTEST_RESULTS/shard-$i"
mkdir -p "$shard_dir"
rm -f "$shard_dir/exit-code"
gatling_dir=$(mktemp -d)
trap 'rm -rf "$gatling_dir"' EXIT

echo "shard $LOADTEST_SHARD: $LOADTEST_SIMULATION, profile ${LOADTEST_PROFILE:-default}, target ${LOADTEST_TARGET:-default}, results in $shard_dir"
status=0
# The GC pause goal: as the pom's Gatling JVM (a pause is added to every answer that arrives during it).
# shellcheck disable=SC2086 # the option variables are lists of words
java -Xmx2g -XX:MaxGCPauseMillis=10 -Djava.awt.headless=true --add-opens java.base/java.lang=ALL-UNNAMED ${LOADTEST_JAVA_OPTS:-} \
  -cp "$LOADTEST_CLASSPATH" \
  -Dsuite.exitOnError=true -Dsuite.archive=true \
  -Dsuite.gatlingResultsDir="$gatling_dir" -Dsuite.resultsDir="$shard_dir" ${LOADTEST_OPTS:-} \
  io.gatling.app.Gatling -s "$LOADTEST_SIMULATION" -rf "$gatling_dir" || status=$?
# The merge reads this: a shard that ended without it never finished.
echo "$status" > "$shard_dir/exit-code"
if compgen -G "$shard_dir/*/summary.json" > /dev/null; then exit 0; fi
echo "shard $LOADTEST_SHARD: no run archived in $shard_dir (exit code $status)" >&2
exit $((status == 0 ? 2 : status))
