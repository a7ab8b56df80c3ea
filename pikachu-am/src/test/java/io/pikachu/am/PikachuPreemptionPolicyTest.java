package io.pikachu.am;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.Test;

/** Which of Pikachu's two AM plugins hosts the controller: never both, and one where it can. */
class PikachuPreemptionPolicyTest {

  @Test
  void theTaskSideNamesThisClassCorrectly() {
    assertEquals(PikachuPreemptionPolicy.class.getName(), PikachuKeys.PIKACHU_PREEMPTION_POLICY);
  }

  @Test
  void theHostedSpeculatorMayLaunchNoCopy() {
    Configuration conf = new Configuration(false);
    conf.setBoolean(PikachuKeys.SPECULATIVE_MAPS.name(), true);
    conf.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
    Configuration hosted = PikachuPreemptionPolicy.withoutCopies(conf);
    assertEquals("false", hosted.get(PikachuKeys.SPECULATIVE_MAPS.name()));
    assertEquals("false", hosted.get(PikachuKeys.SPECULATIVE_REDUCES.name()));
    assertEquals("true", conf.get(PikachuKeys.SPECULATIVE_MAPS.name()), "the job's own is kept");
  }

  @Test
  void theSpeculatorHostsWhereTheAmBuildsIt() {
    Configuration conf = new Configuration(false);
    conf.set(PikachuKeys.SPECULATOR_CLASS, PikachuKeys.PIKACHU_SPECULATOR);
    conf.setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
    conf.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, true);
    assertTrue(PikachuPreemptionPolicy.speculatorHosts(conf), "reduce speculation alone");
    conf.setBoolean(MRJobConfig.MAP_SPECULATIVE, true);
    conf.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
    assertTrue(PikachuPreemptionPolicy.speculatorHosts(conf), "map speculation alone");
    conf.setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
    assertFalse(PikachuPreemptionPolicy.speculatorHosts(conf), "no speculator: the policy hosts");
    conf.setBoolean(MRJobConfig.MAP_SPECULATIVE, true);
    conf.set(PikachuKeys.SPECULATOR_CLASS, "some.other.Speculator");
    assertFalse(PikachuPreemptionPolicy.speculatorHosts(conf), "another speculator");
  }
}
