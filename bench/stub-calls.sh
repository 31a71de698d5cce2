#!/usr/bin/env bash
# Benchmark: what one of the stand-ins' in-process stub calls costs the sandbox, in bytes allocated and CPU
# time on the calling thread while WireMock matches and renders it (bench.StubCallCost), with RAiD's stub
# mappings alone and with every system's. Under a minute.
# Usage: bench/stub-calls.sh [calls per round, default 20000]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B test-compile
mvn -q -B exec:java -Dexec.mainClass=bench.StubCallCost -Dexec.args="${1:-20000}"
