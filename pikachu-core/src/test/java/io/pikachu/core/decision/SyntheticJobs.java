package io.pikachu.core.decision;

import java.util.List;

/** The two synthetic clusters most tests use. */
public final class SyntheticJobs {

  private SyntheticJobs() {}

  /**
   * The paper's set-up (section 2.3.1, Config-1): 2 fast nodes with 8 map slots, 5 slow nodes with
   * 2, 2 reducers per node. Fast reducers can shuffle 12 maps/s, slow ones 3, and the job completes
   * about 4.2 maps/s, so fast reducers catch up and idle while slow ones are overloaded: the true P
   * is 12 / 3 = 4.
   */
  public static SyntheticJob wordcountLike(int maps) {
    SyntheticJob job = new SyntheticJob().maps(maps, 10);
    for (int i = 1; i <= 2; i++) {
      job.node("fast" + i, 2.0, 8, 12.0, 1.2);
    }
    for (int i = 1; i <= 5; i++) {
      job.node("slow" + i, 1.0, 2, 3.0, 0.66);
    }
    for (String n : List.of("fast1", "slow1", "slow2", "fast2", "slow3", "slow4", "slow5")) {
      job.reducer(n).reducer(n);
    }
    return job;
  }

  /**
   * Same cluster, but the fast nodes' reducers are the bottleneck (Sort in Table 2.1): true P = 2.5
   * / 6.
   */
  public static SyntheticJob sortLike(int maps) {
    SyntheticJob job = new SyntheticJob().maps(maps, 10);
    for (int i = 1; i <= 2; i++) {
      job.node("fast" + i, 2.0, 8, 2.5, 1.0);
    }
    for (int i = 1; i <= 5; i++) {
      job.node("slow" + i, 1.0, 2, 6.0, 0.8);
    }
    for (String n : List.of("fast1", "fast2", "slow1", "slow2", "slow3", "slow4", "slow5")) {
      job.reducer(n).reducer(n);
    }
    return job;
  }

  /**
   * The paper's cluster with fast cores 4 times as fast (maps 4x faster per core), where a
   * reducer's copy is bound by its node's link, not its CPU: every reducer copies at most 12 maps'
   * worth of the even share per second, using a tenth of a core at that rate on the fast nodes and
   * 0.3 of one on the slow. Maps use a core each. By node capacity the fast reducers get P 4, and
   * with 2.15 times the even share they lag the maps (7.4 maps/s) for want of link, not CPU.
   */
  public static SyntheticJob linkBoundFastReducers(int maps) {
    SyntheticJob job = new SyntheticJob().maps(maps, 10);
    for (int i = 1; i <= 2; i++) {
      job.node("fast" + i, 4.0, 8, 12.0, 0.1).mapCpu("fast" + i, 1.0);
    }
    for (int i = 1; i <= 5; i++) {
      job.node("slow" + i, 1.0, 2, 12.0, 0.3).mapCpu("slow" + i, 1.0);
    }
    for (String n : List.of("fast1", "slow1", "slow2", "fast2", "slow3", "slow4", "slow5")) {
      job.reducer(n).reducer(n);
    }
    return job;
  }
}
