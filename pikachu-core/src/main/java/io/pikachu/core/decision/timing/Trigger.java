package io.pikachu.core.decision.timing;

/**
 * One named rule of when to decide and on which measurement window. A {@link DecisionTiming} tries
 * its triggers in order at every poll; the first that does not pass settles the poll.
 */
public interface Trigger {

  /** Short stable name, as recorded in the decision and documented in docs/controller.md. */
  String name();

  /** What this rule says at this poll. */
  Verdict check(Poll poll);

  /** A trigger's answer: decide now, keep waiting, or leave it to the next trigger. */
  interface Verdict {}

  /** Not this rule's case: the next trigger decides. */
  Verdict PASS = new Verdict() {};

  /** Not yet: no later trigger is asked at this poll. */
  Verdict WAIT = new Verdict() {};
}
