package io.pikachu.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReducerCpuTest {

  /** Two fast-node reducers of 24 MB and four slow-node ones of 6 MB, CPU {@code a + b x MB}. */
  private static List<double[]> binsJob(double a, double b) {
    List<double[]> r = new ArrayList<double[]>();
    for (double mb : new double[] {24.3, 24.3, 6.1, 6.1, 6.1, 6.1}) {
      r.add(new double[] {mb, a + b * mb});
    }
    return r;
  }

  @Test
  void aJobWithBinsGivesItsReducersFixedPartApartFromThePerMbCost() {
    ReducerCpu c = ReducerCpu.of(true, binsJob(0.17, 0.082));
    assertEquals(0.082, c.perMb, 1e-9);
    assertEquals(0.17, c.binsFixedCoreS, 1e-9);
    assertNotNull(c.note);
  }

  @Test
  void theSameReducersTakenAsStockGiveTheMedianPerMbAndTheMeasuredCostOfBins() {
    ReducerCpu c = ReducerCpu.of(false, binsJob(0.17, 0.082));
    // the four small reducers' CPU per MB: the fixed part spread over 6.1 MB
    assertEquals(0.082 + 0.17 / 6.1, c.perMb, 1e-9);
    // a stock history cannot show what bins cost: the replay with bins is charged the measured one
    assertEquals(ReducerCpu.STOCK_BINS_POST_SHUFFLE_CORE_S, c.binsFixedCoreS, 0);
    assertNull(c.note);
  }

  @Test
  void aJobWithBinsPaysItsOwnFixedPartNotTheStockJobsConstant() {
    assertEquals(0.42, ReducerCpu.of(true, binsJob(0.42, 0.082)).binsFixedCoreS, 1e-9);
  }

  @Test
  void reducersOfEqualSizeCannotShowAFixedPart() {
    List<double[]> r = new ArrayList<double[]>();
    for (int i = 0; i < 6; i++) {
      r.add(new double[] {12.2 + 0.1 * i, 1.0 + 0.01 * i});
    }
    ReducerCpu c = ReducerCpu.of(true, r);
    assertEquals(0, c.binsFixedCoreS, 0);
    assertNull(c.note);
  }

  @Test
  void aLineThroughANegativeFixedPartIsRefusedWithAReason() {
    ReducerCpu c = ReducerCpu.of(true, binsJob(-0.3, 0.09));
    assertEquals(0, c.binsFixedCoreS, 0);
    assertEquals(0.09 - 0.3 / 6.1, c.perMb, 1e-9);
    assertNotNull(c.note);
  }
}
