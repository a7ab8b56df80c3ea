package io.pikachu.am;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.Estimator;
import io.pikachu.core.config.PikachuKeys;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AdapterSettingsTest {

  @TempDir Path dir;

  private Configuration pikachu() {
    return AmFixture.pikachuConf(dir, 4);
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "pikachu.estimator|magic",
        "pikachu.estimator.fixed-p|0",
        "pikachu.estimator.fixed-p|-2",
        "pikachu.classes.map|hostA=fast,hostB",
        "pikachu.classes.map|hostA=fast,hostA=slow",
        "pikachu.controller.deadband|-0.5",
        "pikachu.bins.per-reducer|0",
        "pikachu.bins.per-reducer|ten",
        "pikachu.controller.enabled|ture",
        "pikachu.controller.interval-ms|0",
        "pikachu.speculative.reduce|no",
        "pikachu.binmap.poll-interval-ms|-5",
      })
  void badValueFailsWithAMessageNamingTheKey(String key, String value) {
    Configuration c = pikachu();
    c.set(key, value);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> AdapterSettings.from(c));
    assertTrue(e.getMessage().contains(key), e.getMessage());
  }

  @Test
  void fixedEstimatorWithoutPNamesThePKey() {
    Configuration c = pikachu();
    c.set(PikachuKeys.ESTIMATOR.name(), "fixed");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> AdapterSettings.from(c));
    assertTrue(e.getMessage().contains(PikachuKeys.FIXED_P.name()), e.getMessage());
  }

  @Test
  void halfEnabledBinsStepAsideNamingWhatIsSet() {
    Configuration c = pikachu();
    c.set(
        PikachuKeys.MAP_OUTPUT_COLLECTOR,
        "org.apache.hadoop.mapred.nativetask.NativeMapOutputCollectorDelegator");
    AdapterSettings s = AdapterSettings.from(c);
    assertFalse(s.active());
    assertTrue(
        s.inactiveReason().contains("NativeMapOutputCollectorDelegator"), s.inactiveReason());
  }

  @Test
  void unknownKeysAreWarningsTheAmCounts() {
    Configuration c = pikachu();
    c.set("pikachu.estimater", "fixed");
    AdapterSettings s = AdapterSettings.from(c);
    assertTrue(s.active());
    assertEquals(1, s.unknownKeys().size());
    assertTrue(s.unknownKeys().get(0).contains("pikachu.estimator"), s.unknownKeys().toString());
  }

  @Test
  void goodConfigurationIsActive() {
    Configuration c = pikachu();
    c.set(PikachuKeys.ESTIMATOR.name(), "tarazu");
    c.set(PikachuKeys.DECISION_DIR.name(), dir.resolve("decisions").toString());
    AdapterSettings s = AdapterSettings.from(c);
    assertTrue(s.active());
    assertEquals(Estimator.TARAZU, s.controller().estimator());
    assertEquals(4, s.reducers());
    assertTrue(s.decisionDir().isPresent());
    assertTrue(s.traceDir().isEmpty());
  }

  @Test
  void jobsWithoutTheControllerAreLeftAloneWhateverTheirPikachuKeys() {
    Configuration c = pikachu();
    c.unset(PikachuKeys.CONTROLLER_ENABLED.name());
    c.set(
        PikachuKeys.ESTIMATOR.name(),
        "magic"); // never read: this job did not ask for the controller
    AdapterSettings s = AdapterSettings.from(c);
    assertFalse(s.active());
    assertTrue(
        s.inactiveReason().contains(PikachuKeys.CONTROLLER_ENABLED.name()), s.inactiveReason());
  }

  @Test
  void controllerWithoutBinsOrReducersStaysOff() {
    Configuration noBins = new Configuration(false);
    noBins.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    assertFalse(AdapterSettings.from(noBins).active());
    assertTrue(AdapterSettings.from(noBins).inactiveReason().contains("virtual bins"));

    Configuration mapOnly = pikachu();
    mapOnly.setInt(MRJobConfig.NUM_REDUCES, 0);
    assertFalse(AdapterSettings.from(mapOnly).active());
  }

  @Test
  void aJobThatOptsOutLeavesTheControllerOffAndReadsNothingElse() {
    Configuration c = pikachu();
    c.set(PikachuKeys.ENABLED.name(), "false");
    c.set(PikachuKeys.ESTIMATOR.name(), "magic"); // never read
    AdapterSettings s = AdapterSettings.from(c);
    assertFalse(s.active());
    assertTrue(s.inactiveReason().contains(PikachuKeys.ENABLED.name()), s.inactiveReason());
    assertTrue(s.speculateMaps() && s.speculateReduces(), "Hadoop's own keys decide");
  }

  @Test
  void aJobThatToleratesFailedMapsKeepsTheEvenMap() {
    Configuration c = pikachu();
    assertTrue(AdapterSettings.from(c).active());
    c.setInt(MRJobConfig.MAP_FAILURES_MAX_PERCENT, 5);
    AdapterSettings s = AdapterSettings.from(c);
    assertFalse(s.active());
    assertTrue(
        s.inactiveReason().contains(MRJobConfig.MAP_FAILURES_MAX_PERCENT), s.inactiveReason());
  }

  @Test
  void speculationFollowsHadoopsKeysUnlessOursSayOtherwise() {
    Configuration c = pikachu();
    c.setBoolean(MRJobConfig.MAP_SPECULATIVE, true);
    c.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, true);
    assertTrue(AdapterSettings.from(c).speculateMaps());
    assertTrue(AdapterSettings.from(c).speculateReduces());
    c.setBoolean(PikachuKeys.SPECULATIVE_REDUCES.name(), false);
    assertTrue(AdapterSettings.from(c).speculateMaps());
    assertFalse(AdapterSettings.from(c).speculateReduces());
    c.setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
    assertFalse(AdapterSettings.from(c).speculateMaps());
  }
}
