package io.pikachu.netmodels.taalk;

/** How a load balancer picks the server of a new connection. */
public enum Policy {
  /** TAALK: the SYN is copied to the servers of d hash functions; the first SYN-ACK wins. */
  TAALK("taalk"),
  /** The seed's "Maglev": one server at random per SYN, later packets routed by the mark. */
  RANDOM("random"),
  /**
   * Real Maglev hashing (the {@code maglev} package): every packet by its 5-tuple's table entry.
   */
  MAGLEV("maglev");

  private final String label;

  Policy(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  static Policy parse(String name, String option) {
    for (Policy p : values()) {
      if (p.label.equals(name)) return p;
    }
    throw new IllegalArgumentException(
        option + " must be taalk, random or maglev, got '" + name + "'");
  }
}
