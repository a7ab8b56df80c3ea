package io.pikachu.netmodels.fabric;

import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.net.Switch;
import java.util.List;

/**
 * A built topology: the network, its hosts in order, its switches, and the port sets whose queue
 * lengths the DRILL thesis samples (each switch's equal-cost uplinks or downlinks, by tier).
 *
 * @param upTier per lower-tier switch, its uplinks (leaf uplinks; fat-tree edge uplinks)
 * @param downTier per top-tier switch, its downlinks (spine downlinks; fat-tree core downlinks)
 */
public record Fabric(
    Network network,
    List<Host> hosts,
    List<Switch> switches,
    List<List<Port>> upTier,
    List<List<Port>> downTier,
    String description) {}
