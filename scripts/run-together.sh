#!/usr/bin/env bash
# Runs each argument as a shell command, all at the same time, and fails when any of them failed. Each command's
# output is printed in one piece once it has ended, so two logs never interleave. It is for steps that keep one core
# busy each, such as tsc and eslint: on a 2-core CI machine run one after the other they leave a core idle
# (README.md, the commands table).
set -uo pipefail
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
commands=("$@")
pids=()
for i in "${!commands[@]}"; do
  bash -c "${commands[$i]}" > "$dir/$i.log" 2>&1 &
  pids+=("$!")
done
status=0
for i in "${!commands[@]}"; do
  if wait "${pids[$i]}"; then result=passed; else result=failed; status=1; fi
  cat "$dir/$i.log"
  echo "== ${commands[$i]}: $result"
done
exit "$status"
