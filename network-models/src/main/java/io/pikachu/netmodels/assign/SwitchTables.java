package io.pikachu.netmodels.assign;

/**
 * Switch table sizes and the link headroom the assignment works with (sections 3.3.1 and 3.4).
 * Every switch holds the /32 route of every VIP (and TIP) that lives on an HMux, so the host table
 * bounds the HMux VIP count of the whole datacenter; a ToR also keeps one host entry per server of
 * its rack.
 *
 * @param hostEntries host forwarding table size (16k)
 * @param tunnelEntries free tunnelling table entries (512): DIPs an HMux can encapsulate to
 * @param ecmpEntries free ECMP table entries (4k): WCMP replicas count here
 * @param linkHeadroom share of a link's bandwidth the assignment may fill (0.8)
 */
public record SwitchTables(
    int hostEntries, int tunnelEntries, int ecmpEntries, double linkHeadroom) {
  public SwitchTables {
    if (hostEntries < 1 || tunnelEntries < 1 || ecmpEntries < tunnelEntries) {
      throw new IllegalArgumentException(
          "SwitchTables: need hostEntries >= 1, tunnelEntries >= 1 and "
              + "ecmpEntries >= tunnelEntries; got "
              + hostEntries
              + ", "
              + tunnelEntries
              + ", "
              + ecmpEntries);
    }
    if (!(linkHeadroom > 0 && linkHeadroom <= 1)) {
      throw new IllegalArgumentException(
          "SwitchTables: linkHeadroom must be in (0,1], got " + linkHeadroom);
    }
  }

  public static SwitchTables paper() {
    return new SwitchTables(16 * 1024, 512, 4096, 0.8);
  }

  public SwitchTables withHostEntries(int n) {
    return new SwitchTables(n, tunnelEntries, ecmpEntries, linkHeadroom);
  }
}
