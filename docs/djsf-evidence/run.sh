#!/usr/bin/env bash
# docs/DJSF.md "Evidence": from the repository root, after docs/djsf-evidence/lists.jsh.
# usage: docs/djsf-evidence/run.sh LIST_PREFIX SERVERS (e.g. s2019-random 20x0.33/0.33/0.33): the mean duration,
# then per policy the average JCT (jct_mean) divided by it
p=$1; servers=$2
mean=$(awk -F, 'NR>1 && $1!~/^#/ {s+=$2; n++} END {printf "%.2f", s/n}' /tmp/djsf/$p-sorted.csv)
jct() { bin/stowage run --jobs /tmp/djsf/$1.csv --servers $servers --time-mode continuous "${@:2}" 2>&1 \
  | awk '$2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ {print $1, $8}'; }
sorted=$(jct $p-sorted --scheduler SJF --scheduler FIFO-FF --scheduler BF-J --scheduler Tetris --scheduler DJSF --scheduler DJSF-pooled --scheduler DJSF:jobwise=true)
trace=$(jct $p-trace --scheduler FIFO-FF --scheduler BF-J | sed 's/^/trace-order-/')
printf '%s %s mean=%s' "$p" "$servers" "$mean"
printf '%s\n%s\n' "$sorted" "$trace" | awk -v m=$mean '{printf " %s=%.2f", $1, $2/m}'
echo
