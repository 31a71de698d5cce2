#!/usr/bin/env bash
# Benchmark: results processing at scale. Writes synthetic simulation.logs with Gatling's own writer
# (bench.SyntheticLog: 50 request names over one hour, 1 % KO) of 1 million and 10 million requests, then
# for each times, in its own JVM with the same heap limit, Gatling's own report generation (gatling -ro)
# and the suite's summary (ResultsCli summarize: summary.json, summary.md, junit.xml, HdrHistograms), and
# finally the merge of 3 shards of the 10-million run (ResultsCli merge). Every figure comes from inside
# the JVM that did the work (bench.MeasuredMain: wall, CPU, heap in use, live heap after GC).
# Logs go to target/bench-logs (about 25 bytes a request). About 15 minutes on a quiet machine.
# Usage: bench/results-at-scale.sh   (BENCH_SIZES="1000000 10000000" BENCH_XMX=1g to change them)
# BENCH_SMOKE=1 bench/results-at-scale.sh: 10,000 requests (unless BENCH_SIZES is set), the same figures.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${BENCH_SIZES:-1000000 10000000} xmx=${BENCH_XMX:-1g}
[ "${BENCH_SMOKE:-0}" = 1 ] && sizes=${BENCH_SIZES:-10000}
logs=target/bench-logs

mvn -q -B test-compile
mvn -q -B dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
cp="target/test-classes:target/classes:$(cat target/bench-classpath.txt)"
java_run() { java "-Xmx$xmx" --add-opens=java.base/java.lang=ALL-UNNAMED -Djava.awt.headless=true -cp "$cp" bench.MeasuredMain "$@"; }
rm -rf "$logs"
mkdir -p "$logs"

start=1795996800000 # 2026-11-30T00:00:00Z, a day later for each size: one run id each
for n in $sizes; do
  echo "== $n requests"
  written=$(java_run "write $n" bench.SyntheticLog "$logs" "$n" 50 3600 "$start")
  echo "$written" | grep "^measured" || true
  log=${written%%$'\n'*} # the first line, without a pipe into head (whose early exit can SIGPIPE echo)
  run=$(dirname "$log")
  echo "simulation.log: $(du -m "$log" | cut -f1) MiB"
  java_run "Gatling report, $n" io.gatling.app.Gatling --reports-only "$(basename "$run")" --results-folder "$logs" \
    | grep -E "^measured|Reports generated|ERROR" || true
  java_run "suite summary, $n" results.ResultsCli summarize "$run" --no-baseline --results "$logs" \
    | grep -E "^measured|ERROR" || true
  ls "$run"/summary.json "$run"/summary.md "$run"/junit.xml > /dev/null
  last_run=$run
  start=$((start + 86400000))
done

# Shards: the summarised run copied three times, each copy saying it is shard i/3 (a merge reads the
# summaries only, and checks each shard of 3 comes once).
shards=()
for i in 1 2 3; do
  cp -r "$last_run" "$last_run-shard$i"
  sed -i -e "s|\"shard\" : \"1/1\"|\"shard\" : \"$i/3\"|" \
    -e "/\"shardFields\" : {/,/}/{s|\"count\" : 1|\"count\" : 3|;s|\"index\" : 1|\"index\" : $i|}" "$last_run-shard$i/summary.json"
  shards+=("$last_run-shard$i")
done
java_run "merge of 3 shards" results.ResultsCli merge "${shards[@]}" --results "$logs" | grep -E "^measured|merged|ERROR" || true
# A merge that refused its shards prints its ERROR line above and leaves no merged run: stop on it.
ls "$logs"/*-merged-*/summary.json > /dev/null
