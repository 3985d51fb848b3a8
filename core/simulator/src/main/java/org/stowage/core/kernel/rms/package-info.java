/**
 * Run-time pieces of the 2018 paper's schedulers (Psychas and Ghaderi, "Randomized algorithms for scheduling
 * multi-resource jobs in the cloud"): the RMS weights, replacement coin and adaptive-clock choice
 * ({@link org.stowage.core.kernel.rms.RmsWeights}) and exact max-weight configurations for MWR and MWS
 * ({@link org.stowage.core.kernel.rms.MaxWeightTable}, {@link org.stowage.core.kernel.rms.GridKnapsack}).
 * Everything here is allocation-free per call and deterministic; the specification of every kernel is
 * docs/RMS.md.
 */
package org.stowage.core.kernel.rms;
