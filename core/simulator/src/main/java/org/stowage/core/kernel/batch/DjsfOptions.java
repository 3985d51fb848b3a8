package org.stowage.core.kernel.batch;

import java.util.Objects;

/**
 * How {@link JobSetPlanner} builds DJSF's job sets where the paper leaves a choice open (docs/DJSF.md
 * gives the reasons for each default). Immutable; {@link #defaults()} then {@code with...}.
 *
 * <ul>
 *   <li>{@code groups}: G, the number of k-means groups; 0 (default) takes it from Eq. (15)
 *       ({@link JctClustering#groupCount}).</li>
 *   <li>{@code clustering}: {@link Clustering#EXACT} (default) or {@link Clustering#LLOYD} with
 *       {@code lloydAttempts} k-means++ seedings (default 1).</li>
 *   <li>{@code boundary}: what Algorithm 3 does when it moves on to the next group:
 *       {@link GroupBoundary#CONTINUE} (default, the pseudocode as printed: the open job set keeps filling)
 *       or {@link GroupBoundary#NEW_SET} (each group starts a new set).</li>
 *   <li>{@code resourceOrder}: the scalar "amount of resources" by which Algorithm 3 sorts the jobs of a
 *       group when there are several resources: {@link ResourceOrder#SUM_OF_SHARES} (default) or
 *       {@link ResourceOrder#DOMINANT_SHARE}. With one resource both are the size.</li>
 * </ul>
 */
public final class DjsfOptions {
    /** The k-means method of the JCT alignment. */
    public enum Clustering {
        /** The optimal 1-D clustering by dynamic programming (deterministic). */
        EXACT,
        /** Algorithm 2's Lloyd iterations from k-means++ seeds drawn from the kernel's random stream. */
        LLOYD
    }

    /** Algorithm 3 at the boundary between two groups. */
    public enum GroupBoundary {
        /** The pseudocode as printed: C_remain is set once, so the open set takes the next group's jobs. */
        CONTINUE,
        /** Each group opens a new job set, so no set mixes groups. */
        NEW_SET
    }

    /** The scalar by which jobs of a group are sorted, increasing, in Algorithm 3 (line 10). */
    public enum ResourceOrder {
        /** Sum over resources of size / capacity. */
        SUM_OF_SHARES,
        /** Largest over resources of size / capacity. */
        DOMINANT_SHARE
    }

    private static final DjsfOptions DEFAULTS =
        new DjsfOptions(0, Clustering.EXACT, 1, GroupBoundary.CONTINUE, ResourceOrder.SUM_OF_SHARES);

    private final int groups;
    private final Clustering clustering;
    private final int lloydAttempts;
    private final GroupBoundary boundary;
    private final ResourceOrder resourceOrder;

    private DjsfOptions(final int groups, final Clustering clustering, final int lloydAttempts,
                        final GroupBoundary boundary, final ResourceOrder resourceOrder) {
        this.groups = groups;
        this.clustering = clustering;
        this.lloydAttempts = lloydAttempts;
        this.boundary = boundary;
        this.resourceOrder = resourceOrder;
    }

    /** G from Eq. (15), exact k-means, the printed Algorithm 3, jobs sorted by their sum of shares. */
    public static DjsfOptions defaults() {
        return DEFAULTS;
    }

    /** @param value G &gt;= 1, or 0 for Eq. (15) */
    public DjsfOptions withGroups(final int value) {
        if (value < 0) {
            throw new IllegalArgumentException("number of groups G must be >= 1, or 0 for Eq. (15): " + value);
        }
        return new DjsfOptions(value, clustering, lloydAttempts, boundary, resourceOrder);
    }

    public DjsfOptions withClustering(final Clustering value) {
        return new DjsfOptions(groups, Objects.requireNonNull(value, "clustering"), lloydAttempts, boundary,
            resourceOrder);
    }

    /** @param value k-means++ seedings of which Lloyd keeps the best, &gt;= 1 */
    public DjsfOptions withLloydAttempts(final int value) {
        if (value < 1) {
            throw new IllegalArgumentException("k-means++ attempts must be >= 1: " + value);
        }
        return new DjsfOptions(groups, clustering, value, boundary, resourceOrder);
    }

    public DjsfOptions withGroupBoundary(final GroupBoundary value) {
        return new DjsfOptions(groups, clustering, lloydAttempts, Objects.requireNonNull(value, "boundary"),
            resourceOrder);
    }

    public DjsfOptions withResourceOrder(final ResourceOrder value) {
        return new DjsfOptions(groups, clustering, lloydAttempts, boundary,
            Objects.requireNonNull(value, "resource order"));
    }

    /** G, or 0 for Eq. (15). */
    public int groups() {
        return groups;
    }

    public Clustering clustering() {
        return clustering;
    }

    public int lloydAttempts() {
        return lloydAttempts;
    }

    public GroupBoundary groupBoundary() {
        return boundary;
    }

    public ResourceOrder resourceOrder() {
        return resourceOrder;
    }

    @Override
    public String toString() {
        return "DjsfOptions[G=" + (groups == 0 ? "Eq.15" : Integer.toString(groups)) + ", " + clustering
            + (clustering == Clustering.LLOYD ? " x" + lloydAttempts : "") + ", " + boundary + ", "
            + resourceOrder + "]";
    }
}
