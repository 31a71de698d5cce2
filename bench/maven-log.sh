#!/usr/bin/env bash
# Sourced by the benchmarks that print lines of a Maven log. Maven 3.8 writes colour resets before a forked
# JVM's output and after it, even with -B, so the first line a sandbox prints (or a `results:` line after
# `mvn -q test-compile`) starts with them and a plain `grep '^sandbox: '` skips it without a word.
# maven_lines <log> [grep options] <extended regex>: grep -E on the log with Maven's colour codes removed,
# with grep's output and exit code.
maven_lines() {
  local log=$1
  shift
  grep -E "$@" <(sed 's/\x1b\[[0-9;]*m//g' "$log")
}
