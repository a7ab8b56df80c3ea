package io.pikachu.cluster.cpu;

/** A way of enforcing per-node CPU budgets on this machine. */
public interface CpuLimiter extends AutoCloseable {

  /**
   * What is in force, for the cluster's log and reports (for example "cgroup-v1 cpu.cfs_quota_us").
   */
  String method();

  NodeCpuLimit limit(String nodeName, double cpus);

  @Override
  void close();
}
