// The job lists of docs/DJSF.md "Evidence: why our SJF beats the paper's", written to /tmp/djsf (not the repo).
// Run from the repository root after a package build:
//   mkdir -p /tmp/djsf && jshell --class-path core/cli/target/stowage.jar docs/djsf-evidence/lists.jsh
// s<seed>-random-{trace,sorted}.csv: the djsf-fig8 batch of seed 2019-2021 (GoogleBatchSample.sample) in trace
//   order and sorted by duration (stable);
// s<seed>-random-err<high>.csv: the same batch with PredictionError.apply(batch, low, high, seed) (Table 4);
// w<q>-window-{trace,sorted}.csv: 1000 consecutive kept tasks from q/4 of the trace, durations / 10.
import java.nio.file.*;
import org.stowage.core.trace.*;
var trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, Path.of("../shared/traces/google-2011/task_events")),
    TraceOptions.defaults().withDimensions(3));
JobList reorder(JobList list, Integer[] order, String tag) {
  int n = order.length, dims = list.dimensions();
  double[] arrival = new double[n], duration = new double[n]; int[] sizes = new int[n * dims];
  for (int i = 0; i < n; i++) {
    duration[i] = list.duration(order[i]);
    for (int d = 0; d < dims; d++) sizes[i * dims + d] = list.size(order[i], d);
  }
  return JobList.of(list.source() + ", " + tag, list.units(), dims, arrival, duration, null, null, sizes);
}
void write(JobList list, String name) throws Exception {
  var csv = new StringBuilder(); list.writeCsv(csv); Files.writeString(Path.of("/tmp/djsf/" + name + ".csv"), csv);
}
void traceAndSorted(JobList list, String name) throws Exception {
  int n = list.count(); Integer[] asIs = new Integer[n], sorted = new Integer[n];
  for (int i = 0; i < n; i++) { asIs[i] = i; sorted[i] = i; }
  java.util.Arrays.sort(sorted, (x, y) -> Double.compare(list.duration(x), list.duration(y)));
  write(reorder(list, asIs, "trace order"), name + "-trace");
  write(reorder(list, sorted, "sorted by duration"), name + "-sorted");
}
for (long seed : new long[] {2019, 2020, 2021}) {
  var batch = GoogleBatchSample.sample(trace, 1000, seed, 10);
  traceAndSorted(batch, "s" + seed + "-random");
  for (double[] range : new double[][] {{0.0001, 0.001}, {0.001, 0.01}, {0.01, 0.2}, {0.01, 0.5}, {0.01, 0.9}}) {
    write(PredictionError.apply(batch, range[0], range[1], seed), "s" + seed + "-random-err" + range[1]);
  }
}
int kept = trace.count();
for (int q = 1; q <= 3; q++) {
  int start = kept * q / 4; double[] arrival = new double[1000], duration = new double[1000]; int[] sizes = new int[3000];
  for (int i = 0; i < 1000; i++) {
    duration[i] = Math.max(trace.durationMicros(start + i), 1) / 1e6 / 10;
    for (int d = 0; d < 3; d++) sizes[i * 3 + d] = trace.size(start + i, d);
  }
  traceAndSorted(JobList.of("1000 kept tasks from " + start, trace.units(), 3, arrival, duration, null, null, sizes),
      "w" + q + "-window");
}
System.out.println("wrote /tmp/djsf; kept tasks " + kept);
/exit
