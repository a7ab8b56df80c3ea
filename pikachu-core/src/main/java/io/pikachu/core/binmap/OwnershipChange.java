package io.pikachu.core.binmap;

import java.util.BitSet;

/** What one reducer must do when its bins change: fetch {@link #gained}, drop {@link #lost}. */
public final class OwnershipChange {
  private final BitSet gained;
  private final BitSet lost;

  private OwnershipChange(BitSet gained, BitSet lost) {
    this.gained = gained;
    this.lost = lost;
  }

  /** The change from the bins a reducer holds now to the bins {@code target} gives it. */
  public static OwnershipChange between(BitSet held, BinMap target, int reducer) {
    BitSet wanted = target.bins(reducer);
    BitSet gained = (BitSet) wanted.clone();
    gained.andNot(held);
    BitSet lost = (BitSet) held.clone();
    lost.andNot(wanted);
    return new OwnershipChange(gained, lost);
  }

  public BitSet gained() {
    return (BitSet) gained.clone();
  }

  public BitSet lost() {
    return (BitSet) lost.clone();
  }

  public boolean isEmpty() {
    return gained.isEmpty() && lost.isEmpty();
  }

  @Override
  public String toString() {
    return "gained " + gained + ", lost " + lost;
  }
}
