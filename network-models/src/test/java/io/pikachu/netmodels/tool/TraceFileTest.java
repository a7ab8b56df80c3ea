package io.pikachu.netmodels.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.traffic.FlowList;
import io.pikachu.netmodels.traffic.FlowSpec;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class TraceFileTest {
  @Test
  void rowsBecomeFlowsInStartOrder() throws Exception {
    FlowList f =
        TraceFile.parse(
            "t.csv", new StringReader("src,dst,bytes,start_us\n1,0,500,20\n0,1,1000,2.5\n"), 2);
    assertEquals(
        java.util.List.of(new FlowSpec(2_500_000, 0, 1, 1000), new FlowSpec(20_000_000, 1, 0, 500)),
        f.flows());
  }

  @Test
  void badRowsAreNamedWithTheirLine() {
    assertError("the header must name start_us,src,dst,bytes", "start,src,dst,bytes\n0,0,1,1\n");
    assertError(
        "t.csv line 2: src 4 is not a host of the topology (0..3)",
        "start_us,src,dst,bytes\n0,4,1,1\n");
    assertError(
        "line 3: bytes must be a whole number >= 1", "start_us,src,dst,bytes\n0,0,1,1\n0,0,1,0\n");
    assertError("line 2: start_us 'x' is not a number", "start_us,src,dst,bytes\nx,0,1,1\n");
    assertError("line 2: start_us is negative", "start_us,src,dst,bytes\n-1,0,1,1\n");
    assertError("line 2: src and dst are both 2", "start_us,src,dst,bytes\n0,2,2,1\n");
    assertError("line 2: wrong number of fields", "start_us,src,dst,bytes\n0,1,2\n");
    assertError("t.csv: no flows", "start_us,src,dst,bytes\n");
  }

  private static void assertError(String expected, String csv) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TraceFile.parse("t.csv", new StringReader(csv), 4));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
