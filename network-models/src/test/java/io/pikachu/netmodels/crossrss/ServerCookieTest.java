package io.pikachu.netmodels.crossrss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ServerCookieTest {
  @Test
  void theCookieNamesTheServerWithoutShowingIt() {
    SplittableRandom r = new SplittableRandom(7);
    int plain = 0;
    for (int server = 0; server < ServerCookie.MAX_SERVERS; server += 13) {
      int flow = r.nextInt();
      int cookie = ServerCookie.encode(server, flow);
      assertTrue(cookie >= 0 && cookie < 1 << 16);
      assertEquals(server, ServerCookie.decode(cookie, flow));
      if (cookie == server) plain++;
    }
    assertTrue(plain < 5, "cookies equal to the server id: " + plain);
  }

  @Test
  void moreServersThanTheCookieCanNameAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> ServerCookie.encode(1 << 16, 1));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Cluster.seedSetup().withSize(70_000, 1))
            .getMessage()
            .contains("16-bit cookie"));
  }
}
