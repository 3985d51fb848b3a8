# docs/DJSF.md "Batches of Google jobs (indicative)": from the repository root,
#   python3 docs/djsf-evidence/google_jobs.py ../shared/traces/google-2011/task_events 1 2 3
# then docs/djsf-evidence/run.sh j1-jobs 20x0.33/0.33/0.33 (and j2, j3). About 20 s.
# Google 2011 jobs from the kept tasks: request = sum of the kept tasks' requests, duration = first SCHEDULE to
# last FINISH. Kept task (approximation of GoogleTaskEventsLoader's rule): events exactly SUBMIT, SCHEDULE, FINISH
# (UPDATE_* ignored), first event SUBMIT with CPU, memory and disk present.
import csv, gzip, glob, sys, collections
ev = collections.defaultdict(list)
req = {}
for f in sorted(glob.glob(sys.argv[1] + '/part-*.csv.gz')):
    with gzip.open(f, 'rt') as h:
        for r in csv.reader(h):
            t = int(r[5])
            if t in (7, 8): continue
            k = (r[2], r[3])
            ev[k].append((t, int(r[0])))
            if t == 0 and k not in req and r[9] and r[10] and r[11]:
                req[k] = (float(r[9]), float(r[10]), float(r[11]))
jobs = collections.defaultdict(lambda: [0.0, 0.0, 0.0, None, None, 0])
tasks_of = collections.Counter(k[0] for k in ev)
kept = 0
for k, e in ev.items():
    types = [x[0] for x in e]
    if types != [0, 1, 4] or k not in req: continue
    kept += 1
    j = jobs[k[0]]
    for d in range(3): j[d] += req[k][d]
    s, fin = e[1][1], e[2][1]
    j[3] = s if j[3] is None else min(j[3], s)
    j[4] = fin if j[4] is None else max(j[4], fin)
    j[5] += 1
print('kept tasks', kept, 'jobs', len(jobs))
complete = {i: j for i, j in jobs.items() if j[5] == tasks_of[i]}
print('jobs all of whose tasks are kept', len(complete))
for name, js in (('all jobs', jobs), ('complete jobs', complete)):
    v = list(js.values()); n = len(v)
    fit_machine = sum(1 for j in v if max(j[0], j[1], j[2]) <= 0.33) / n
    fit_cluster = sum(1 for j in v if max(j[0], j[1], j[2]) <= 6.6) / n
    single = sum(1 for j in v if j[5] == 1) / n
    spans = sorted((j[4] - j[3]) / 1e6 / 10 for j in v)
    cpu = sorted(j[0] for j in v); mem = sorted(j[1] for j in v)
    tasks = sorted(j[5] for j in v)
    q = lambda a, p: a[min(len(a) - 1, int(p * len(a)))]
    print(f"{name}: n={n} one-task={single:.3f} fit one 0.33 machine={fit_machine:.3f} fit the 20x0.33 cluster={fit_cluster:.3f}")
    print(f"  tasks per job median {q(tasks,.5)} p90 {q(tasks,.9)} max {tasks[-1]}; span/10 mean {sum(spans)/n:.1f} s median {q(spans,.5):.1f}")
    print(f"  summed CPU mean {sum(cpu)/n:.3f} median {q(cpu,.5):.4f} p90 {q(cpu,.9):.3f}; memory mean {sum(mem)/n:.3f} median {q(mem,.5):.4f} p90 {q(mem,.9):.3f}")
# Indicative job batches: 1000 jobs drawn uniformly (Python's random, seed argv[2..]) among the jobs whose summed
# request fits one 0.33 machine, in order of first start; duration = span / 10 (at least 1 us); written to /tmp/djsf.
import random
fits = sorted((j[3], i) for i, j in jobs.items() if max(j[0], j[1], j[2]) <= 0.33)
for seed in sys.argv[2:]:
    pick = sorted(random.Random(int(seed)).sample(fits, 1000))
    for order in ('trace', 'sorted'):
        rows = [jobs[i] for _, i in pick]
        if order == 'sorted': rows = sorted(rows, key=lambda j: max(j[4] - j[3], 1) / 1e7)
        with open(f'/tmp/djsf/j{seed}-jobs-{order}.csv', 'w') as h:
            h.write('arrival,duration,r1,r2,r3\n')
            for j in rows: h.write(f"0,{max(j[4] - j[3], 1) / 1e7!r},{j[0]!r},{j[1]!r},{j[2]!r}\n")
