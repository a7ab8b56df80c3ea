package io.pikachu.netmodels.tcp;

/**
 * Told when a flow's last byte is acknowledged, or when it gives up (its SYNs all went unanswered).
 */
public interface FlowObserver {
  /** A flow has just been opened. */
  default void onStart(TcpSender flow) {}

  void onComplete(TcpSender flow, TcpReceiver receiver);

  default void onFailed(TcpSender flow) {}
}
