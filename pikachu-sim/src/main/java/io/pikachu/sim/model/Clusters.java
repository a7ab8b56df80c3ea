package io.pikachu.sim.model;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.NodeSpec;
import io.pikachu.benchmodel.SlotConfig;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The clusters the simulator's figures run on, by name: the paper's two (section 2.3.1's 7 nodes
 * and section 2.6's 60 on EC2) and the shapes beyond the paper. {@link #named} is what {@code sim
 * simulate --cluster} accepts.
 */
public final class Clusters {

  /** Names {@link #named} knows, in the order the usage lists them. */
  public static final List<String> NAMES =
      Collections.unmodifiableList(
          Arrays.asList(
              "paper-7",
              "paper-7-config-2",
              "ec2-60",
              "ec2-60-config-2",
              "three-classes",
              "four-classes",
              "ec2-like-100",
              "ec2-like-1000"));

  private Clusters() {}

  /**
   * A cluster by name; {@code fastCoreSpeed} applies to the paper's 7 nodes (their fast cores over
   * their slow ones'; the paper gives no figure).
   *
   * @throws IllegalArgumentException naming the clusters known
   */
  public static ClusterSpec named(String name, double fastCoreSpeed) {
    switch (name) {
      case "paper-7":
        return paperLocal(SlotConfig.CONFIG_1, fastCoreSpeed);
      case "paper-7-config-2":
        return paperLocal(SlotConfig.CONFIG_2, fastCoreSpeed);
      case "ec2-60":
        return paperEc2(SlotConfig.CONFIG_1);
      case "ec2-60-config-2":
        return paperEc2(SlotConfig.CONFIG_2);
      case "three-classes":
        return threeClasses();
      case "four-classes":
        return fourClasses();
      case "ec2-like-100":
        return ec2Like(33, 67);
      case "ec2-like-1000":
        return ec2Like(333, 667);
      default:
        throw new IllegalArgumentException(
            "unknown cluster '" + name + "'; known: " + String.join(", ", NAMES));
    }
  }

  /**
   * Section 2.3.1: 2 Opteron nodes (8 cores, 16 GB) and 5 Xeon nodes (2 cores, 2 GB) on a 1 Gbps
   * switch; 8 and 2 map slots; the fast nodes' cores {@code fastCoreSpeed} times as fast as the
   * slow nodes' (the paper gives no figure; its Fig. 2.2 text implies about 2.85,
   * docs/simulator.md).
   */
  public static ClusterSpec paperLocal(SlotConfig slots, double fastCoreSpeed) {
    return ClusterSpec.builder("paper-7-" + slots.label())
        .add(
            2,
            NodeSpec.builder("fast")
                .cores(8)
                .coreSpeed(fastCoreSpeed)
                .mapSlots(8)
                .reduceSlots(slots.reduceSlots(4))
                .memoryMb(16_384))
        .add(
            5,
            NodeSpec.builder("slow")
                .cores(2)
                .mapSlots(2)
                .reduceSlots(slots.reduceSlots(1))
                .memoryMb(2_048))
        .build();
  }

  /**
   * Section 2.6's EC2 cluster: 20 m1.xlarge (4 cores of 2 ECU, 15 GB) and 40 m1.small (1 core of 1
   * ECU, 1.7 GB); 8 and 2 map slots, as on the local cluster. EC2's "moderate" and "high" network
   * of that generation is taken as 1 Gbps for both.
   */
  public static ClusterSpec paperEc2(SlotConfig slots) {
    return ClusterSpec.builder("ec2-60-" + slots.label())
        .add(
            20,
            NodeSpec.builder("fast")
                .cores(4)
                .coreSpeed(2)
                .mapSlots(8)
                .reduceSlots(slots.reduceSlots(4))
                .memoryMb(15_360))
        .add(
            40,
            NodeSpec.builder("slow")
                .cores(1)
                .mapSlots(2)
                .reduceSlots(slots.reduceSlots(1))
                .memoryMb(1_740))
        .build();
  }

  /** EC2-like nodes at scale: fast 4 cores of 2 ECU, slow 1 core of 1 ECU, Config-1 slots. */
  public static ClusterSpec ec2Like(int fast, int slow) {
    return ClusterSpec.builder("ec2-like-" + (fast + slow))
        .add(
            fast,
            NodeSpec.builder("fast")
                .cores(4)
                .coreSpeed(2)
                .mapSlots(8)
                .reduceSlots(2)
                .memoryMb(15_360))
        .add(slow, NodeSpec.builder("slow").cores(1).mapSlots(2).reduceSlots(2).memoryMb(1_740))
        .build();
  }

  /** 2 fast and 5 slow nodes of 2 cores each; a fast core is {@code ratio} slow cores. */
  public static ClusterSpec speedRatio(double ratio) {
    return ClusterSpec.builder("ratio-" + ratio)
        .add(
            2,
            NodeSpec.builder("fast")
                .cores(2)
                .coreSpeed(ratio)
                .mapSlots(2)
                .reduceSlots(2)
                .memoryMb(16_384))
        .add(5, NodeSpec.builder("slow").cores(2).mapSlots(2).reduceSlots(2).memoryMb(4_096))
        .build();
  }

  /** Three classes differing in core count (8, 4, 2 cores), 2 reduce slots each. */
  public static ClusterSpec threeClasses() {
    return ClusterSpec.builder("three-classes")
        .add(2, NodeSpec.builder("fast").cores(8).mapSlots(8).reduceSlots(2).memoryMb(16_384))
        .add(3, NodeSpec.builder("medium").cores(4).mapSlots(4).reduceSlots(2).memoryMb(8_192))
        .add(4, NodeSpec.builder("slow").cores(2).mapSlots(2).reduceSlots(2).memoryMb(2_048))
        .build();
  }

  /** Four classes differing in core count (16, 8, 4, 2 cores), 2 reduce slots each. */
  public static ClusterSpec fourClasses() {
    return ClusterSpec.builder("four-classes")
        .add(2, NodeSpec.builder("fast").cores(16).mapSlots(16).reduceSlots(2).memoryMb(32_768))
        .add(2, NodeSpec.builder("c2").cores(8).mapSlots(8).reduceSlots(2).memoryMb(16_384))
        .add(3, NodeSpec.builder("c3").cores(4).mapSlots(4).reduceSlots(2).memoryMb(8_192))
        .add(4, NodeSpec.builder("slow").cores(2).mapSlots(2).reduceSlots(2).memoryMb(2_048))
        .build();
  }

  /** A label for a per-core speed: "equal cores" or "fast cores 2.85x". */
  public static String coreSpeedLabel(double fastCoreSpeed) {
    return fastCoreSpeed == 1
        ? "equal cores"
        : String.format(Locale.ROOT, "fast cores %.2fx", fastCoreSpeed);
  }
}
