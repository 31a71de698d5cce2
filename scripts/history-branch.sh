#!/usr/bin/env bash
# The history of gated runs (docs/history.md) kept on a git branch: the nightly and release-gate workflows fetch
# it before their merge and append their records after it. Run inside a clone of the repository.
# Usage: scripts/history-branch.sh fetch|push <remote> <branch> <history folder>
#   fetch  copies the branch's records (history/ on it) into the folder; a record the folder already holds
#          stays as it is; no branch yet: nothing to copy
#   push   adds the folder's records (and accepted/) to the branch in one commit on top of it (the branch is
#          made when there is none) and pushes it, fast-forward only; a push rejected because another run
#          pushed first is tried again on top of that (5 tries)
# The branch holds history/ only and is never checked out: the records go through a temporary index.
set -euo pipefail

if [ $# -ne 4 ] || { [ "$1" != fetch ] && [ "$1" != push ]; }; then
  echo "usage: scripts/history-branch.sh fetch|push <remote> <branch> <history folder>" >&2
  exit 3
fi
command=$1 remote=$2 branch=$3 folder=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The branch's commit on the remote, or nothing when it has none; any other failure (network, rights) stops here.
remote_head() {
  local status=0 line
  line=$(git ls-remote --exit-code "$remote" "refs/heads/$branch") || status=$?
  if [ "$status" -eq 2 ]; then return 0; fi
  if [ "$status" -ne 0 ]; then echo "history: ERROR cannot read $remote (git ls-remote exit $status)" >&2; exit 1; fi
  echo "${line%%[[:space:]]*}"
}

if [ "$command" = fetch ]; then
  head=$(remote_head)
  mkdir -p "$folder"
  if [ -z "$head" ]; then
    echo "history: no branch $branch on $remote yet: nothing to fetch"
    exit 0
  fi
  git fetch --quiet "$remote" "refs/heads/$branch"
  git archive --format=tar FETCH_HEAD history | tar -x -C "$tmp"
  cp -R -n "$tmp/history/." "$folder/"
  echo "history: $(find "$tmp/history" -maxdepth 1 -name '*.json' | wc -l) records on $branch, in $folder"
  exit 0
fi

if [ ! -d "$folder" ]; then
  echo "history: no folder $folder: nothing to push" >&2
  exit 0
fi
export GIT_INDEX_FILE="$tmp/index"
export GIT_AUTHOR_NAME="${GIT_AUTHOR_NAME:-load-test history}" GIT_AUTHOR_EMAIL="${GIT_AUTHOR_EMAIL:-history@localhost}"
export GIT_COMMITTER_NAME="${GIT_COMMITTER_NAME:-$GIT_AUTHOR_NAME}" GIT_COMMITTER_EMAIL="${GIT_COMMITTER_EMAIL:-$GIT_AUTHOR_EMAIL}"
for try in 1 2 3 4 5; do
  head=$(remote_head)
  rm -f "$GIT_INDEX_FILE"
  if [ -n "$head" ]; then
    git fetch --quiet "$remote" "refs/heads/$branch"
    head=$(git rev-parse FETCH_HEAD)
    git read-tree "$head"
  else
    git read-tree --empty
  fi
  while IFS= read -r -d '' file; do
    blob=$(git hash-object -w "$file")
    git update-index --add --cacheinfo "100644,$blob,history/${file#"$folder"/}"
  done < <(find "$folder" -maxdepth 2 -type f -name '*.json' ! -name '.*' -print0)
  tree=$(git write-tree)
  if [ -n "$head" ] && [ "$tree" = "$(git rev-parse "$head^{tree}")" ]; then
    echo "history: $branch already holds every record of $folder"
    exit 0
  fi
  commit=$(git commit-tree "$tree" ${head:+-p "$head"} -m "history: the records of $folder")
  # No --force: a push that is not a fast-forward of the branch is rejected, and tried again on top of it.
  if git push --quiet "$remote" "$commit:refs/heads/$branch" 2> "$tmp/push.err"; then
    echo "history: pushed the records of $folder to $branch"
    exit 0
  fi
  echo "history: push to $branch rejected (try $try of 5): $(grep -m 1 -E 'rejected|error|fatal' "$tmp/push.err" || true)"
  sleep $((try + RANDOM % 3))
done
echo "history: ERROR $branch not pushed after 5 tries" >&2
exit 1
