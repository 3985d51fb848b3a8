/**
 * The batch-scheduling algorithms of Hu and Li 2022 ("Improved heuristic job scheduling method to enhance
 * throughput for big data analytics", DJSF) as pure functions over primitive arrays, for the SJF, Tetris
 * and DJSF kernels to call: the k-means JCT alignment (Algorithm 2, {@link org.stowage.core.kernel.batch.JctClustering}),
 * the number of groups of Eq. (15), the job packing method (Algorithm 3, {@link org.stowage.core.kernel.batch.JobPacking}),
 * the job completion efficiency JCE = N / T of Eq. (7)-(9) and the densest-first order
 * ({@link org.stowage.core.kernel.batch.Jce}), all of them chained by {@link org.stowage.core.kernel.batch.JobSetPlanner};
 * the Tetris packing score of Sec. 4.1 ({@link org.stowage.core.kernel.batch.TetrisScore}); and the exhaustive
 * optimum of Eq. (6)-(11) for small batches ({@link org.stowage.core.kernel.batch.ExhaustivePacking}).
 *
 * <p>Conventions. A batch of {@code n} jobs is given by its JCTs ({@code double[n]}, each finite and
 * &gt; 0: the predicted service time the scheduler sees) and its sizes ({@code int[n * D]}, row-major,
 * job {@code j}'s size on resource {@code d} at {@code sizes[j * D + d]}, in {@link org.stowage.core.Units}).
 * Capacities are {@code long[D]} in the same units, so a pooled capacity (a whole cluster's) never
 * overflows. Jobs are named by their index in {@code [0, n)}; every tie is broken by that index, so every
 * result is a function of the inputs (and, for Lloyd's k-means, of the random stream given). The
 * workspace classes ({@link org.stowage.core.kernel.batch.JobSetPlanner}, {@link org.stowage.core.kernel.batch.JctClustering})
 * grow their arrays to the largest batch seen and allocate nothing afterwards. docs/DJSF.md has the
 * model, the equations and every choice made where the paper is silent.
 */
package org.stowage.core.kernel.batch;
