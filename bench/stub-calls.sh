#!/usr/bin/env bash
# Benchmark: what one of the stand-ins' in-process stub calls costs the sandbox, in bytes allocated and CPU
# time on the calling thread while WireMock matches and renders it (bench.StubCallCost), with RAiD's stub
# mappings alone and with every system's. Under a minute.
# Usage: bench/stub-calls.sh [calls per round, default 20000]
# BENCH_SMOKE=1 bench/stub-calls.sh: 200 calls per round (unless given), the same figures in seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B test-compile
calls=20000
[ "${BENCH_SMOKE:-0}" = 1 ] && calls=200
mvn -q -B exec:java -Dexec.mainClass=bench.StubCallCost -Dexec.args="${1:-$calls}"
