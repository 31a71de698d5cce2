#!/usr/bin/env bash
# Benchmark: every system the suite models at its seed's peak at once, in one MainSimulation run against
# the sandbox in its own JVM, shortened to a few minutes. Every population starts small and reaches its peak
# over its first 30 s, as the open ones' warm-ups do, so that the peaks coincide from 30 s on and no burst
# meets an injector JVM that is still loading and compiling its code (2026-11-25: with 100 vote.nz visits, 100
# learners and 128 key-upload workers at once, every request's p99 was 583-619 ms in the first seconds; ramped,
# 58-99 ms). RAiD 50 users/s (reference, 30 s warm-up + 2 min), EOL 28.06 users/s (best, the same), the
# election sites 600 homepage requests/s (an open profile at 600 users/s, one request each, about a second:
# Gatling's throttle is global and would unpause the others; without a journey duration the capacity check
# counts all its 90,000 users as concurrent), Key All 1,000 users (users-1000), vote.nz 500 users (users-500,
# ramped from none to 500 in 30 s instead of 100 at once and 4 minutes, held 2 min), the learning portal
# 1,000 learners (its top cycle: a minute at 10, a 30 s ramp as its seed's between cycles, a minute at 1,000),
# DVP's 100 and eRoll's 200 workers (reference) starting over 30 s on 200 scenarios each, sized to end inside
# their 2-minute time limit (2 per DVP worker, about 40 s each; 1 per eRoll worker, about 70 s), both joining
# 5 s in (each of DVP's situations' `Initial Page` has about 100 requests and eRoll's `Login` 200, so their p99 is
# their slowest or second slowest, and their first requests took 195-198 ms (DVP) and 83-214 ms (eRoll, in the
# run's first 0.15 s, 2026-11-26) when they started with the others, the injector's code still cold),
# the mobile learning portal 100 learners (a minute at 1, 30 s ramp, a minute at 100), key upload at its
# expected worst case, 15 pairs/s (an open profile, one pair each, 30 s warm-up + 2 min: its concurrency sweep
# is a capacity probe that takes whatever the machine has, bench/keyupload.sh) and eForms at its peak arrival
# rate on its four line-speed classes (30 s warm-up + 2 min, pages at a tenth of their 75 s: 23 respondents, at
# least one per class). Prints per system achieved against target, totals, and the injector's and sandbox's
# CPU and heap, each recorded inside its JVM, and the busiest minute (every population at its peak): its
# requests/s, the sandbox JVM's CPU and how busy the whole machine was then. Judged by the thresholds alone
# (results.baseline=none): the last all-peaks run is no baseline when the plan changed, and a 10 % band on a
# 15 ms p99 fails on noise. About 7 minutes, the sandbox's warm-up included.
# Usage: bench/all-peaks.sh [extra -D options]
# BENCH_SMOKE=1 bench/all-peaks.sh: every system at its smoke profile, warm-up included, a minute or two
# (bench/standalone-run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export BENCH_FIGURES=bench.PeakFigures BENCH_WORK=target/bench-all-peaks
# A warm sandbox, as a real system is (bench/standalone-run.sh): cold, its first seconds run interpreted code
# (2026-11-25: every request's p99 1,199 / 499 ms in seconds 0-3 / 3-6 cold, 907 / 133 ms warm).
export BENCH_WARM_SANDBOX=1
export BENCH_FIGURES_ARGS="30 'RAiD mint and update=50 users/s' 'Enrol Online=28.06 users/s' \
  'Election sites=600 users/s (1 request each)' 'Key All=1,000 users' 'vote.nz visit=500 concurrent' \
  'Learning portal learner=1,000 concurrent' 'Download Voting Papers=100 workers' 'eRoll API=200 workers' \
  'Learning portal mobile learner=100 concurrent' 'Key upload app=15 users/s (1 pair each)' \
  'eForms respondent on 2048k=608.6 returns/h in all classes'"
bench/standalone-run.sh "" simulations.MainSimulation default 0 -- \
  -Draid.profile=reference -Dprofiles.raid.reference.warmUp="30 seconds" -Dprofiles.raid.reference.duration="2 minutes" \
  -Deol.profile=best -Dprofiles.eol.best.warmUp="30 seconds" -Dprofiles.eol.best.duration="2 minutes" \
  -Delections.profile=peak -Dprofiles.elections.peak.type=open -Dprofiles.elections.peak.rate=600 \
  -Dprofiles.elections.peak.warmUp="30 seconds" -Dprofiles.elections.peak.duration="2 minutes" \
  -Dprofiles.elections.peak.journeyDuration="1 second" \
  -Dkey-all.profile=users-1000 \
  -Dvote-nz.profile=users-500 -Dprofiles.vote-nz.users-500.startUsers=0 \
  -Dprofiles.vote-nz.users-500.usersPerMinute=1000 -Dprofiles.vote-nz.users-500.hold="2 minutes" \
  -Dlearning-portal.profile=cycles -Dprofiles.learning-portal.cycles.levels.0=10 \
  -Dprofiles.learning-portal.cycles.levels.1=1000 -Dprofiles.learning-portal.cycles.cycleDuration="1 minute" \
  -Dprofiles.learning-portal.cycles.rampBetween="30 seconds" \
  -Ddvp.profile=reference -Dprofiles.dvp.reference.scenarios=200 -Dprofiles.dvp.reference.timeLimit="2 minutes" \
  -Dprofiles.dvp.reference.rampUp="30 seconds" -Dprofiles.dvp.reference.startAfter="5 seconds" \
  -Deroll.profile=reference -Dprofiles.eroll.reference.scenarios=200 -Dprofiles.eroll.reference.timeLimit="2 minutes" \
  -Dprofiles.eroll.reference.rampUp="30 seconds" -Dprofiles.eroll.reference.startAfter="5 seconds" \
  -Dlearning-portal-mobile.profile=cycles -Dprofiles.learning-portal-mobile.cycles.levels.0=1 \
  -Dprofiles.learning-portal-mobile.cycles.levels.1=100 -Dprofiles.learning-portal-mobile.cycles.cycleDuration="1 minute" \
  -Dprofiles.learning-portal-mobile.cycles.rampBetween="30 seconds" \
  -Dkey-upload.profile=peak -Dprofiles.key-upload.peak.type=open -Dprofiles.key-upload.peak.rate=15 \
  -Dprofiles.key-upload.peak.warmUp="30 seconds" -Dprofiles.key-upload.peak.duration="2 minutes" \
  -Deforms.profile=peak -Dprofiles.eforms.peak.warmUp="30 seconds" -Dprofiles.eforms.peak.duration="2 minutes" \
  -Dprofiles.eforms.peak.journeyDuration="2 minutes" -Deforms.thinkTime=7.5s \
  -Dresults.baseline=none "$@"
