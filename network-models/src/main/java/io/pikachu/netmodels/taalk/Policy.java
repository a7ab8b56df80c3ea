package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.lb.Registry;

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

  /** The server-choice policies of the seed's testbed by their command-line names. */
  public static final Registry<Policy> REGISTRY =
      new Registry<Policy>("policy")
          .register("taalk", "SYN copied to d hashed servers, the first SYN-ACK wins", TAALK)
          .register("random", "one server at random per SYN (the seed's \"Maglev\")", RANDOM)
          .register("maglev", "every packet by its 5-tuple's Maglev table entry", MAGLEV);

  private final String label;

  Policy(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
