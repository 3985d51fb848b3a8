#!/usr/bin/env bash
# docs/DJSF.md "Prediction error (Table 4)": from the repository root, after docs/djsf-evidence/lists.jsh.
# Table 4 evidence: average JCT of SJF, Tetris, DJSF on the exact batch and under each prediction-error range,
# and the fraction of job pairs whose predicted order inverts their true order (ties in truth excluded)
for s in 2019 2020 2021; do
  for e in trace err0.001 err0.01 err0.2 err0.5 err0.9; do
    f=/tmp/djsf/s$s-random-$e.csv
    inv=$(python3 - "$f" <<'PY'
import csv, sys, bisect
rows = [r for r in csv.DictReader(open(sys.argv[1]))]
t = [float(r['duration']) for r in rows]
p = [float(r.get('predicted_duration') or r['duration']) for r in rows]
n = len(t); bad = tot = 0
for i in range(n):
    for j in range(i + 1, n):
        if t[i] != t[j]:
            tot += 1
            if (t[i] < t[j]) != (p[i] < p[j]): bad += 1
print(f"{bad / tot:.4f}")
PY
)
    line=$(bin/stowage run --jobs $f --servers 20x0.33/0.33/0.33 --time-mode continuous --scheduler SJF --scheduler Tetris --scheduler DJSF 2>&1 \
      | awk '$2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ {printf " %s=%s", $1, $8}')
    echo "s$s $e inverted_pairs=$inv$line"
  done
done
