package io.pikachu.netmodels.net;

/**
 * A host's server application: offered every connection-opening packet (a SYN) for which the host
 * has no endpoint yet. It returns the endpoint that takes the connection, or null to refuse it (the
 * SYN is then dropped, as by a full SYN backlog). This is where a server of finite capacity plugs
 * in.
 */
public interface Listener {
  Endpoint onSyn(Host host, int packet);
}
