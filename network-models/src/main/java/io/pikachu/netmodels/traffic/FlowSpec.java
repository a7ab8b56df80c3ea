package io.pikachu.netmodels.traffic;

/**
 * One flow to start: at {@code startPs}, from host index {@code src} to host index {@code dst}
 * (positions in the fabric's host list), {@code bytes} long.
 */
public record FlowSpec(long startPs, int src, int dst, long bytes) {}
