#!/usr/bin/env bash
# Sourced by the benchmarks that run the sandbox in its own JVM (bench.MeasuredSandbox), so that the
# injector's CPU is measured alone. start_measured_sandbox takes the sandbox's log, the base URLs file its
# stand-ins' free ports are written to (the runs read it: -Dtargets.standalone-sandbox.baseUrlsFile), the file
# its CPU and heap go to (bench.JvmTimeline) and then its own -D options; it starts it in the background with
# the caller's MAVEN_OPTS, sets sandbox_jvm to its pid (mvn execs its JVM: a kill reaches the JVM, whose
# shutdown hook prints its times) and kills it on exit. It returns once every stand-in is up, not only the
# first (the sandbox prints `Ctrl-C stops.` last, once it has written the base URLs): a run that starts while
# the sandbox still seeds its other systems would share the machine with that work. A sandbox that did not
# start within 3 minutes ends the script (exit code 1), its first ERROR line and its log named.
# shellcheck source=bench/maven-log.sh
source bench/maven-log.sh
start_measured_sandbox() {
  local log=$1 base_urls=$2 timeline=$3
  shift 3
  # The last run's files gone first: its `Ctrl-C stops.` would be read before this sandbox writes its own.
  rm -f "$log" "$base_urls" "$timeline"
  mvn -q -B exec:java -Dexec.mainClass=bench.MeasuredSandbox -Dbench.timeline="$timeline" \
    -Dtargets.standalone-sandbox.baseUrlsFile="$base_urls" "$@" > "$log" 2>&1 &
  sandbox_jvm=$!
  trap 'kill $sandbox_jvm 2>/dev/null || true' EXIT
  for _ in $(seq 1 180); do
    grep -qs "Ctrl-C stops." "$log" && return 0
    kill -0 "$sandbox_jvm" 2>/dev/null || break
    sleep 1
  done
  grep -qs "Ctrl-C stops." "$log" && return 0
  maven_lines "$log" -m1 "^ERROR" >&2 || true
  echo "The sandbox did not start: see $log" >&2
  exit 1
}
