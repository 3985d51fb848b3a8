// Fig. 6's setting (EC2 types, zeta 0.9, lambda proportional to L, exponential service of mean 1) under MWS at two
// stop fractions and MWR: the mean total queue, the stops per server per time unit, and the share of busy
// server-time spent stopped. Reduced scale: one seed, HORIZON time units after WARMUP (the figure: 3 seeds,
// 10^4 after 10^3). Run from the repository root after `./mvnw -B -ntp -q -pl core/cli -am package -DskipTests`:
//   jshell --class-path core/cli/target/stowage.jar docs/rms-evidence/mws-stops.jsh
import org.stowage.core.Units;
import org.stowage.core.engine.*;
import org.stowage.core.experiment.*;
import org.stowage.core.kernel.support.StallCounting;
import org.stowage.core.metrics.RunMetrics;
import org.stowage.core.model.*;
import org.stowage.core.workload.*;
import org.stowage.core.workload.Ec2Table;
import org.stowage.theory.*;
import org.stowage.sweep.PlannedRuns;

double HORIZON = 3000, WARMUP = 300, ZETA = 0.9;
long SEED = 2018;
Units units = Units.defaults();
int unit = units.capacityUnits(1.0);
double[] average = Configurations.average(Configurations.maximal(JobTypes.of(units, Ec2Table.normalisedJobTypes(),
    new double[] {1, 1, 1}), org.stowage.core.model.ServerClasses.homogeneous(1, unit, unit, unit), 0, 1000));
double[][] types = Ec2Table.normalisedJobTypes();
ServiceDistribution[] service = {ServiceDistribution.exponential(1)};
System.out.println("L  kernel        mean queue  stops/server/time  stops/server  run wall s");
for (int servers : new int[] {20, 30, 40, 50}) {
    double[] rates = new double[average.length];
    for (int j = 0; j < rates.length; j++) rates[j] = ZETA * servers * average[j];
    int[] capacities = new int[servers * 3];
    java.util.Arrays.fill(capacities, unit);
    JobClasses classes = SyntheticWorkload.perTypePoisson(TimeMode.CONTINUOUS, units, types, rates, service, 0).jobClasses(units);
    Model model = Model.of(org.stowage.core.model.ServerClasses.of(3, capacities)).withJobClasses(classes);
    for (String kernelName : new String[] {"MWS:stop=0.5", "MWS:stop=0.95", "MWR"}) {
        RunSpec spec = PlannedRuns.planned(new RunSpec(kernelName, 3, capacities,
            s -> SyntheticWorkload.perTypePoisson(TimeMode.CONTINUOUS, units, types, rates, service, s),
            TimeMode.CONTINUOUS, HORIZON, WARMUP, SEED, HORIZON / 2048).withModel(model));
        Scheduler kernel = spec.schedulerFactory().create(spec.resolvedModel());
        Simulation simulation = Simulation.builder().servers(spec.servers()).workload(spec.workload().open(SEED))
            .model(spec.resolvedModel()).scheduler(kernel).timeMode(TimeMode.CONTINUOUS).seed(SEED).build();
        RunMetrics metrics = new RunMetrics(simulation, WARMUP, 1000);
        simulation.addListener(metrics);
        long start = System.nanoTime();
        simulation.runUntil(WARMUP);
        long stopsAtWarmup = kernel instanceof StallCounting c ? c.stallsStarted() : 0;
        simulation.runUntil(HORIZON);
        metrics.finish(HORIZON);
        long stops = (kernel instanceof StallCounting c ? c.stallsStarted() : 0) - stopsAtWarmup;
        System.out.printf(java.util.Locale.ROOT, "%d %-14s %10.1f  %17.4f  %12.1f  %8.1f%n", servers, kernelName,
            metrics.meanQueueLength(), stops / (double) servers / (HORIZON - WARMUP), stops / (double) servers,
            (System.nanoTime() - start) / 1e9);
    }
}
/exit
