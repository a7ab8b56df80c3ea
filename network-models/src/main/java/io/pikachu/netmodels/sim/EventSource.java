package io.pikachu.netmodels.sim;

/**
 * A long-lived object that receives events: a port delivering the packet at the head of its link, a
 * TCP connection's timer, a traffic generator. Events carry no object of their own, only the source
 * and an int tag, so scheduling allocates nothing.
 */
public interface EventSource {
  /** Called at the event's time ({@link Simulator#now()}), with the tag it was scheduled with. */
  void onEvent(int tag);
}
