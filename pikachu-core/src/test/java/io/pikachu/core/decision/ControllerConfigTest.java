package io.pikachu.core.decision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.ConfigException;
import io.pikachu.core.config.Estimator;
import io.pikachu.core.config.PikachuKeys;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ControllerConfigTest {

  @Test
  void defaults() {
    ControllerConfig c = ControllerConfig.defaults();
    assertEquals(Estimator.TWO_STAGE, c.estimator());
    assertEquals(10, c.binsPerReducer());
    assertEquals(0.1, c.deadband());
    assertTrue(c.nodeClasses().isEmpty());
    assertTrue(c.fixedP().isEmpty());
    assertEquals(PikachuKeys.MAX_WAIT_MS.defaultValue(), c.maxWaitMs());
  }

  @Test
  void readsEveryKey() {
    Map<String, String> m = new HashMap<>();
    m.put(PikachuKeys.ESTIMATOR.name(), " Fixed ");
    m.put(PikachuKeys.FIXED_P.name(), "0.67");
    m.put(PikachuKeys.BINS_PER_REDUCER.name(), "16");
    m.put(PikachuKeys.NODE_CLASSES.name(), "Host1=fast, host2:8042 = slow");
    m.put(PikachuKeys.DEADBAND.name(), "0.05");
    m.put(PikachuKeys.MAX_WAIT_MS.name(), "5000");
    m.put(PikachuKeys.CAUGHT_UP_TOLERANCE.name(), "0.1");
    m.put(PikachuKeys.WAVE_MAPS.name(), "12");
    m.put(PikachuKeys.MAX_CLASSES.name(), "2");
    m.put(PikachuKeys.MIN_SPEED_RATIO.name(), "1.5");
    ControllerConfig c = ControllerConfig.fromMap(m);
    assertEquals(Estimator.FIXED, c.estimator());
    assertEquals(0.67, c.fixedP().getAsDouble());
    assertEquals(16, c.binsPerReducer());
    // the controller cuts a wide job as its tasks do (WideJobBins)
    m.put("mapreduce.job.reduces", "2500");
    assertEquals(4, ControllerConfig.fromMap(m).binsPerReducer());
    assertEquals("fast", c.nodeClasses().get().classOf("HOST1").orElseThrow());
    assertEquals(
        "fast",
        c.nodeClasses().get().classOf("host1:45454").orElseThrow(),
        "host part of a node id");
    assertEquals("slow", c.nodeClasses().get().classOf("host2:8042").orElseThrow());
    assertTrue(c.nodeClasses().get().classOf("host3").isEmpty());
    assertEquals(0.05, c.deadband());
    assertEquals(5000, c.maxWaitMs());
    assertEquals(0.1, c.caughtUpTolerance());
    assertEquals(12, c.waveMaps());
    assertEquals(2, c.maxClasses());
    assertEquals(1.5, c.minSpeedRatio());
  }

  @Test
  void blankValuesCountAsUnset() {
    ControllerConfig c =
        ControllerConfig.fromMap(
            Map.of(PikachuKeys.ESTIMATOR.name(), "  ", PikachuKeys.BINS_PER_REDUCER.name(), ""));
    assertEquals(Estimator.TWO_STAGE, c.estimator());
    assertEquals(10, c.binsPerReducer());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "pikachu.estimator|late|unknown estimator",
        "pikachu.estimator.fixed-p|0|greater than 0",
        "pikachu.estimator.fixed-p|-2|greater than 0",
        "pikachu.estimator.fixed-p|NaN|finite",
        "pikachu.estimator.fixed-p|two|not a number",
        "pikachu.bins.per-reducer|0|at least 1",
        "pikachu.bins.per-reducer|1.5|whole number",
        "pikachu.bins.per-reducer|1001|at most 1000",
        "pikachu.bins.per-reducer|99999999999|too large",
        "pikachu.controller.deadband|-0.1|at least 0",
        "pikachu.stabilisation.max-wait-ms|0|at least 1",
        "pikachu.stabilisation.caught-up-tolerance|1|below 1",
        "pikachu.stabilisation.wave-maps|-1|at least 0",
        "pikachu.classes.max|0|at least 1",
        "pikachu.classes.min-speed-ratio|1|greater than 1",
        "pikachu.classes.map|host1|not of the form node=class",
        "pikachu.classes.map|host1=fast,,host2=slow|empty entry",
        "pikachu.classes.map|=fast|no node name",
        "pikachu.classes.map|host1=|class label",
        "pikachu.classes.map|host1=a=b|not of the form node=class",
        "pikachu.classes.map|host1=fast,HOST1=slow|two classes",
        "pikachu.classes.map|host1=very fast|class label",
      })
  void badValuesNameTheKeyAndTheValue(String key, String value, String problem) {
    ConfigException e =
        assertThrows(ConfigException.class, () -> ControllerConfig.fromMap(Map.of(key, value)));
    assertEquals(key, e.key());
    assertTrue(e.getMessage().contains(key), e.getMessage());
    assertTrue(e.getMessage().contains(value.trim()), e.getMessage());
    assertTrue(e.getMessage().contains(problem), e.getMessage());
  }

  @Test
  void fixedNeedsP() {
    ConfigException e =
        assertThrows(
            ConfigException.class,
            () -> ControllerConfig.fromMap(Map.of(PikachuKeys.ESTIMATOR.name(), "fixed")));
    assertEquals(PikachuKeys.FIXED_P.name(), e.key());
    assertTrue(e.getMessage().contains("required"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"even", "tarazu", "shuffle-rate", "pikachu"})
  void everyEstimatorName(String name) {
    assertEquals(
        name,
        ControllerConfig.fromMap(Map.of(PikachuKeys.ESTIMATOR.name(), name))
            .estimator()
            .configValue());
  }

  @Test
  void aBadFixedPFailsEvenWhenAnotherEstimatorIsChosen() {
    assertThrows(
        ConfigException.class,
        () -> ControllerConfig.fromMap(Map.of(PikachuKeys.FIXED_P.name(), "-1")));
  }
}
