#!/usr/bin/env bash
# A sharded run on one machine, before paying for a cluster: the sandbox in its own JVM (all shards hit
# the one sandbox, so their counts add up as against one target), N injector JVMs started by
# deploy/shard.sh with the environment the Indexed Job gives its pods, then deploy/merge.sh:
#   deploy/rehearse.sh <N> [simulation class] [profile]
# e.g. deploy/rehearse.sh 3 simulations.RaidSimulation smoke
# The sandbox listens on free ports and the shards are given its base URLs as it prints them, and the URL
# where it serves its own CPU (docs/sandbox.md), for a capacity search's limiting side.
# REHEARSAL_SANDBOX_OPTS: -D options of the sandbox (e.g. -Dsandbox.stubs.delay.ms=0); LOADTEST_OPTS: -D
# options of every shard; LOADTEST_RESULTS: where the shards and the merged run go (default
# results/sharded-<time>-<pid>/, one per rehearsal; one holding another run's shards is refused);
# LOADTEST_CLASSPATH: taken from Maven when unset.
# With LOADTEST_TARGET other than standalone-sandbox no sandbox is started.
# The shards meet at LOADTEST_START=rendezvous (deploy/shard.sh) unless it is set otherwise: their load starts
# together however far apart they were launched. REHEARSAL_STAGGER_SECONDS (default 0) launches each shard that
# long after the one before, as a busy scheduler would: the merged run still reports their starts under a second
# apart, e.g.  REHEARSAL_STAGGER_SECONDS=20 deploy/rehearse.sh 2
# Ctrl-C (or TERM): every shard stops its load gracefully and archives its run, INCOMPLETE; then the sandbox
# stops and the shards' runs are merged (exit 4). A second Ctrl-C, a second or more after the first, aborts:
# the shards' JVMs archive what they had written and are gone within 5 s, nothing is merged (exit 4).
# Exit code: deploy/merge.sh's (docs/scaling.md, "Several injectors": 0 PASS, 1 FAIL, 2 no verdict, 3 bad input,
# 4 INCOMPLETE, 6 INVALID, 8 INCONCLUSIVE; with N = 1, nothing to merge, the one run's verdict in the same codes). 2 also
# when the build or the sandbox failed, or a stop came before any shard started; 3 for a wrong N, a
# LOADTEST_RESULTS holding another run's shards or where LOADTEST_RUN_ID was judged or ran before, or a sandbox
# stopped by its own bad input.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: deploy/rehearse.sh <N> [simulation class] [profile]"
case "${1:-}" in '' | *[!0-9]* | 0) echo "rehearse: N must be a whole number from 1 (was '${1:-}'); $usage" >&2; exit 3 ;; esac
shards=$1
export LOADTEST_SHARDS=$shards
export LOADTEST_SIMULATION=${2:-${LOADTEST_SIMULATION:-simulations.RaidSimulation}}
export LOADTEST_PROFILE=${3:-${LOADTEST_PROFILE:-smoke}}
export LOADTEST_TARGET=${LOADTEST_TARGET:-standalone-sandbox}
# A folder and a run id of its own: the process id tells apart two rehearsals started in the same second.
started=$(date -u +%Y%m%d%H%M%S)
export LOADTEST_RESULTS=${LOADTEST_RESULTS:-results/sharded-$started-$$}
export LOADTEST_RUN_ID=${LOADTEST_RUN_ID:-rehearsal-$started-$$}
# A folder given that holds another run's shards (an aborted rehearsal's, still to merge) is not written over.
shopt -s nullglob
for id_file in "$LOADTEST_RESULTS"/shard-*/run-id; do
  other=$(cat "$id_file")
  [ "$other" = "$LOADTEST_RUN_ID" ] ||
    { echo "rehearse: $LOADTEST_RESULTS holds the shards of another run ($other in $id_file): give the rehearsal a folder of its own (unset LOADTEST_RESULTS: a new one)" >&2; exit 3; }
done
shopt -u nullglob
[ "$(cat "$LOADTEST_RESULTS/judged-run-id" 2> /dev/null || true)" != "$LOADTEST_RUN_ID" ] ||
  { echo "rehearse: run $LOADTEST_RUN_ID was judged in $LOADTEST_RESULTS before: give the rehearsal a folder and a run id of its own (unset LOADTEST_RESULTS and LOADTEST_RUN_ID: new ones)" >&2; exit 3; }
# A run id is used once (deploy/shard.sh): a shard of this run that has ended here is an earlier rehearsal's.
shopt -s nullglob
ended=("$LOADTEST_RESULTS"/shard-*/exit-code "$LOADTEST_RESULTS"/shard-*/*/summary.json)
shopt -u nullglob
[ ${#ended[@]} -eq 0 ] ||
  { echo "rehearse: run $LOADTEST_RUN_ID has run in $LOADTEST_RESULTS before (${ended[0]}): give the rehearsal a folder and a run id of its own (unset LOADTEST_RESULTS and LOADTEST_RUN_ID: new ones)" >&2; exit 3; }
export LOADTEST_START=${LOADTEST_START-rendezvous}
stagger=${REHEARSAL_STAGGER_SECONDS:-0}
case "$stagger" in *[!0-9]* | '') echo "rehearse: REHEARSAL_STAGGER_SECONDS must be a whole number of seconds (was '$stagger')" >&2; exit 3 ;; esac
pids=() shard_pids=() sandbox=
# shellcheck disable=SC2317 # run by the traps: shellcheck 0.9 takes trap handlers for unreachable code
stop() { for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done; }
trap stop EXIT
# The shards' scripts and JVMs are background jobs, which ignore INT: a stop reaches them from here, as TERM
# to each shard.sh, which passes it on to its JVM. A signal within a second of the first is that same stop,
# as the JVMs count it too (TERM to the process group reaches them directly as well as through shard.sh).
first_signal_us='' aborting=0
# shellcheck disable=SC2317 # run by the trap below
on_signal() {
  local now_us=${EPOCHREALTIME//[!0-9]/}
  if [ ${#shard_pids[@]} -eq 0 ]; then
    echo "rehearse: stopped before any shard started" >&2
    exit 2
  elif [ -z "$first_signal_us" ]; then
    first_signal_us=$now_us
    echo "rehearse: stopping: every shard stops its load and archives its run, then the merge (Ctrl-C again to abort)" >&2
  elif [ $((now_us - first_signal_us)) -ge 1000000 ] && [ "$aborting" = 0 ]; then
    aborting=1
    echo "rehearse: aborting: the shards archive what they had written, nothing is merged" >&2
    [ -z "$sandbox" ] || kill -TERM "$sandbox" 2> /dev/null || true
  else
    return 0
  fi
  for p in "${shard_pids[@]}"; do kill -TERM "$p" 2> /dev/null || true; done
}
trap on_signal INT TERM
# Waits until process $1 has ended, whatever signals come meanwhile (wait returns early when a trap has run);
# sets status to its exit code.
wait_for() { while status=0; wait "$1" || status=$?; kill -0 "$1" 2> /dev/null; do :; done; }
if [ -z "${LOADTEST_CLASSPATH:-}" ]; then
  mvn -q -B test-compile dependency:build-classpath -Dmdep.outputFile=target/classpath.txt ||
    { echo "rehearse: the build failed (see Maven's output above)" >&2; exit 2; }
  LOADTEST_CLASSPATH="target/test-classes:target/classes:$(cat target/classpath.txt)"
fi
export LOADTEST_CLASSPATH
mkdir -p "$LOADTEST_RESULTS"

if [ "$LOADTEST_TARGET" = standalone-sandbox ]; then
  # The JVM options the standalone sandbox gets from Maven (.mvn/jvm.config; docs/sandbox.md: GC pauses).
  read -r -a sandbox_jvm < .mvn/jvm.config
  # Its base URLs file in the rehearsal's folder: the default one may be a standalone sandbox's of the user's.
  # The log exists before the wait below reads it: the background job opens it only once it runs.
  : > "$LOADTEST_RESULTS/sandbox.log"
  # shellcheck disable=SC2086 # the sandbox options are a list of -D words
  java "${sandbox_jvm[@]}" -cp "$LOADTEST_CLASSPATH" ${REHEARSAL_SANDBOX_OPTS:-} \
    -Dtargets.standalone-sandbox.baseUrlsFile="$LOADTEST_RESULTS/sandbox-base-urls.conf" simulations.StandaloneSandbox \
    > "$LOADTEST_RESULTS/sandbox.log" 2>&1 &
  sandbox=$!
  pids+=("$sandbox")
  for _ in $(seq 1 240); do
    grep -q "Ctrl-C stops" "$LOADTEST_RESULTS/sandbox.log" && break
    kill -0 "$sandbox" 2>/dev/null || break
    sleep 0.5
  done
  if ! grep -q "Ctrl-C stops" "$LOADTEST_RESULTS/sandbox.log"; then
    reason=$(grep -m1 '^ERROR: ' "$LOADTEST_RESULTS/sandbox.log" || true)
    echo "rehearse: the sandbox did not start: $LOADTEST_RESULTS/sandbox.log${reason:+ (${reason#ERROR: })}" >&2
    sandbox_status=0
    kill -0 "$sandbox" 2>/dev/null || wait "$sandbox" || sandbox_status=$?
    exit $((sandbox_status == 3 ? 3 : 2))
  fi
  # The shards go where the sandbox listens, each system's base URL as it printed it: a port left at 0 is
  # one the kernel chose free, so no port has to be agreed on beforehand.
  while read -r key url; do
    LOADTEST_OPTS="${LOADTEST_OPTS:-} -Dtargets.standalone-sandbox.$key.baseUrl=$url"
  done < <(sed -n -e '/^Ctrl-C stops/q' -e 's|^\([a-z0-9-]\+\) \+\(http://[^ ]*\)$|\1 \2|p' "$LOADTEST_RESULTS/sandbox.log")
  # And where it serves its own CPU, for a capacity search to tell a saturated sandbox from the system.
  cpu_url=$(sed -n -e '/^Ctrl-C stops/q' -e 's|^its own CPU \+\(http://[^ ]*\)$|\1|p' "$LOADTEST_RESULTS/sandbox.log")
  [ -z "$cpu_url" ] || LOADTEST_OPTS="${LOADTEST_OPTS:-} -Dtargets.standalone-sandbox.sandboxCpuUrl=$cpu_url"
  export LOADTEST_OPTS
fi

for index in $(seq 0 $((shards - 1))); do
  # In the background, so that a stop meanwhile is answered at once.
  if [ "$index" -gt 0 ] && [ "$stagger" -gt 0 ]; then sleep "$stagger" & wait $! || true; fi
  [ -z "$first_signal_us" ] || break
  JOB_COMPLETION_INDEX=$index deploy/shard.sh > "$LOADTEST_RESULTS/shard-$((index + 1)).log" 2>&1 &
  shard_pids+=($!)
  pids+=($!)
done
for index in "${!shard_pids[@]}"; do
  wait_for "${shard_pids[$index]}"
  [ "$status" -eq 0 ] || echo "rehearse: shard $((index + 1))/$shards failed: $LOADTEST_RESULTS/shard-$((index + 1)).log" >&2
done
if [ -n "$sandbox" ]; then
  kill -TERM "$sandbox" 2> /dev/null || true
  wait_for "$sandbox"
fi
if [ "$aborting" = 1 ]; then
  echo "rehearse: aborted: the shards' runs are in $LOADTEST_RESULTS, not merged (deploy/merge.sh with LOADTEST_SHARDS=$shards, that LOADTEST_RESULTS and LOADTEST_RUN_ID=$LOADTEST_RUN_ID merges them)" >&2
  exit 4
fi
status=0
deploy/merge.sh || status=$?
# A signal to the process group during the merge ends it (and is this script's abort).
if [ "$status" -ge 128 ]; then
  echo "rehearse: aborted during the merge: the shards' runs are in $LOADTEST_RESULTS, not merged" >&2
  exit 4
fi
exit "$status"
