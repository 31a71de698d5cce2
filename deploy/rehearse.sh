#!/usr/bin/env bash
# A sharded run on one machine, before paying for a cluster: the sandbox in its own JVM (all shards hit
# the one sandbox, so their counts add up as against one target), N injector JVMs started by
# deploy/shard.sh with the environment the Indexed Job gives its pods, then deploy/merge.sh:
#   deploy/rehearse.sh <N> [simulation class] [profile]
# e.g. deploy/rehearse.sh 3 simulations.RaidSimulation smoke
# The sandbox listens on free ports and the shards are given its base URLs as it prints them.
# REHEARSAL_SANDBOX_OPTS: -D options of the sandbox (e.g. -Dsandbox.stubs.delay.ms=0); LOADTEST_OPTS: -D
# options of every shard; LOADTEST_RESULTS: where the shards and the merged run go (default
# results/sharded-<time>/); LOADTEST_CLASSPATH: taken from Maven when unset.
# With LOADTEST_TARGET other than standalone-sandbox no sandbox is started.
# Exit code: deploy/merge.sh's (README, "Several injectors": 0 PASS, 1 FAIL, 2 no verdict, 3 bad input,
# 4 INCOMPLETE, 6 INVALID; with N = 1, nothing to merge, the one run's verdict in the same codes). 2 also
# when the build or the sandbox failed; 3 for a wrong N, or a sandbox stopped by its own bad input.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: deploy/rehearse.sh <N> [simulation class] [profile]"
case "${1:-}" in '' | *[!0-9]* | 0) echo "rehearse: N must be a whole number from 1 (was '${1:-}'); $usage" >&2; exit 3 ;; esac
shards=$1
export LOADTEST_SHARDS=$shards
export LOADTEST_SIMULATION=${2:-${LOADTEST_SIMULATION:-simulations.RaidSimulation}}
export LOADTEST_PROFILE=${3:-${LOADTEST_PROFILE:-smoke}}
export LOADTEST_TARGET=${LOADTEST_TARGET:-standalone-sandbox}
export LOADTEST_RESULTS=${LOADTEST_RESULTS:-results/sharded-$(date -u +%Y%m%d%H%M%S)}
if [ -z "${LOADTEST_CLASSPATH:-}" ]; then
  mvn -q -B test-compile dependency:build-classpath -Dmdep.outputFile=target/classpath.txt ||
    { echo "rehearse: the build failed (see Maven's output above)" >&2; exit 2; }
  LOADTEST_CLASSPATH="target/test-classes:target/classes:$(cat target/classpath.txt)"
fi
export LOADTEST_CLASSPATH
mkdir -p "$LOADTEST_RESULTS"
pids=()
stop() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap stop EXIT
trap 'exit 143' INT TERM

if [ "$LOADTEST_TARGET" = standalone-sandbox ]; then
  # The JVM options the standalone sandbox gets from Maven (.mvn/jvm.config; README: GC pauses).
  read -r -a sandbox_jvm < .mvn/jvm.config
  # shellcheck disable=SC2086 # the sandbox options are a list of -D words
  java "${sandbox_jvm[@]}" -cp "$LOADTEST_CLASSPATH" ${REHEARSAL_SANDBOX_OPTS:-} simulations.StandaloneSandbox \
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
  export LOADTEST_OPTS
fi

shard_pids=()
for index in $(seq 0 $((shards - 1))); do
  JOB_COMPLETION_INDEX=$index deploy/shard.sh > "$LOADTEST_RESULTS/shard-$((index + 1)).log" 2>&1 &
  shard_pids+=($!)
  pids+=($!)
done
for index in "${!shard_pids[@]}"; do
  wait "${shard_pids[$index]}" || echo "rehearse: shard $((index + 1))/$shards failed: $LOADTEST_RESULTS/shard-$((index + 1)).log" >&2
done
deploy/merge.sh
