package io.pikachu.core.decision.timing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.decision.SyntheticJob;
import io.pikachu.core.decision.SyntheticJobs;
import io.pikachu.core.decision.observe.StatusReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each named trigger on its own, at polls chosen to sit on either side of its condition. */
class TriggersTest {

  /** A fast node (1 s maps) and a slow one (4 s maps), one reducer each, 4 maps in all. */
  private static PollFixture twoSpeeds() {
    return new PollFixture(2, 4)
        .map(0, "fast:1", 0, 1_000, 1)
        .map(1, "fast:1", 1_000, 2_000, 2)
        .map(2, "slow:1", 0, 4_000, 3);
  }

  private static Fire fired(Trigger.Verdict v) {
    return assertInstanceOf(Fire.class, v);
  }

  @Test
  void singleClassFiresOnOneNodeAndOnOneSettledClassOnly() {
    PollFixture oneNode =
        new PollFixture(2, 4)
            .map(0, "n:1", 0, 1_000, 1)
            .reduce(0, "n:1", 1_500, 1_500, 0, 1)
            .reduce(1, "n:1", 1_500, 1_500, 0, 1);
    Fire f = fired(new SingleClass().check(oneNode.poll(1_600)));
    assertEquals(DecisionReason.SINGLE_CLASS, f.reason());
    assertTrue(f.nothingToBalance());
    assertEquals(List.of("every reducer runs on one node; nothing to rebalance"), f.notes());

    PollFixture equal =
        new PollFixture(2, 4)
            .map(0, "a:1", 0, 1_000, 2)
            .map(1, "b:1", 0, 1_000, 2)
            .reduce(0, "a:1", 1_500, 1_500, 0, 2)
            .reduce(1, "b:1", 1_500, 1_500, 0, 2);
    assertTrue(
        fired(new SingleClass().check(equal.poll(1_600)))
            .notes()
            .get(0)
            .contains("one node class"));

    PollFixture unsettled =
        new PollFixture(2, 4)
            .map(0, "a:1", 0, 1_000, 2)
            .map(1, "b:1", 0, 1_000, 2)
            .runningMap(2, "c:1", 0)
            .reduce(0, "a:1", 1_500, 1_500, 0, 2)
            .reduce(1, "b:1", 1_500, 1_500, 0, 2);
    assertSame(
        Trigger.PASS,
        new SingleClass().check(unsettled.poll(1_600)),
        "node c may still turn out slower: its map has reported no progress");

    PollFixture placedOnBoth =
        twoSpeeds().reduce(0, "fast:1", 2_500, 2_500, 0, 3).reduce(1, "slow:1", 2_500, 2_500, 0, 3);
    assertSame(Trigger.PASS, new SingleClass().check(placedOnBoth.poll(4_100)));
    PollFixture oneReducerPlaced = twoSpeeds().reduce(0, "fast:1", 2_500, 2_500, 0, 3);
    assertSame(Trigger.PASS, new SingleClass().check(oneReducerPlaced.poll(4_100)));
  }

  @Test
  void reducersPlacedNeedsEveryReducerNodeMeasuredEvenWithClassesGiven() {
    PollFixture measured =
        twoSpeeds().reduce(0, "fast:1", 2_500, 2_500, 0, 2).reduce(1, "slow:1", 2_500, 2_500, 0, 2);
    Fire f = fired(new ReducersPlaced().check(measured.poll(4_100)));
    assertEquals(DecisionReason.REDUCERS_PLACED, f.reason());
    assertTrue(f.window().isEmpty());

    PollFixture onUnmeasuredNode =
        twoSpeeds().reduce(0, "fast:1", 2_500, 2_500, 0, 2).reduce(1, "idle:1", 2_500, 2_500, 0, 2);
    assertSame(Trigger.PASS, new ReducersPlaced().check(onUnmeasuredNode.poll(4_100)));
    // an admin's classes group the nodes; how much a class gets still needs its measured speed
    PollFixture given =
        twoSpeeds()
            .adminClasses()
            .reduce(0, "fast:1", 2_500, 2_500, 0, 2)
            .reduce(1, "idle:1", 2_500, 2_500, 0, 2);
    assertSame(Trigger.PASS, new ReducersPlaced().check(given.poll(4_100)));
    PollFixture givenAndMeasured =
        twoSpeeds()
            .adminClasses()
            .reduce(0, "fast:1", 2_500, 2_500, 0, 2)
            .reduce(1, "slow:1", 2_500, 2_500, 0, 2);
    fired(new ReducersPlaced().check(givenAndMeasured.poll(4_100)));
  }

  @Test
  void mapsDoneBeforePlacementFiresOnceAReducerWaitsOrAfterTheWait() {
    PollFixture done = twoSpeeds().map(3, "slow:1", 4_000, 8_000, 4);
    done.reduce(0, "fast:1", 2_500, 8_500, 3, 4);
    assertSame(Trigger.PASS, new MapsDoneBeforePlacement().check(done.poll(8_600)));
    Fire late =
        fired(new MapsDoneBeforePlacement().check(done.poll(8_000 + PollFixture.AFTER_MAPS)));
    assertEquals(DecisionReason.ALL_MAPS_DONE, late.reason());
    assertTrue(
        late.notes().get(0).contains("only 1 of 2 reducers had reported"), late.notes().get(0));
    assertTrue(late.notes().get(0).contains("6000 ms later"), late.notes().get(0));

    done.reduce(0, "fast:1", 2_500, 9_000, 4, 4);
    Fire waiting = fired(new MapsDoneBeforePlacement().check(done.poll(9_100)));
    assertTrue(waiting.notes().get(0).contains("when reducer 0 had fetched all its bins"));
    PollFixture running = twoSpeeds().reduce(0, "fast:1", 2_500, 2_500, 0, 3);
    assertSame(Trigger.PASS, new MapsDoneBeforePlacement().check(running.poll(9_100)));
  }

  @Test
  void placementDeadlineFiresAtTheMaximumWaitFromTheFirstReducer() {
    PollFixture f = twoSpeeds().reduce(0, "fast:1", 2_500, 2_500, 0, 3);
    assertSame(
        Trigger.PASS, new PlacementDeadline().check(f.poll(2_500 + PollFixture.MAX_WAIT - 1)));
    Fire fire = fired(new PlacementDeadline().check(f.poll(2_500 + PollFixture.MAX_WAIT)));
    assertEquals(DecisionReason.TIMEOUT, fire.reason());
    assertTrue(fire.notes().get(0).startsWith("only 1 of 2 reducers started within 120000 ms"));
  }

  /** The paper's cluster in the synthetic model: fast reducers catch up, slow ones lag. */
  private static final SyntheticJob WORDCOUNT = SyntheticJobs.wordcountLike(200);

  private static final List<StatusReport> REPORTS = WORDCOUNT.run();

  @Test
  void stabilisedFiresAtTwWithTheWindowFromTs() {
    long end = REPORTS.get(REPORTS.size() - 1).timeMs();
    PollFixture all = PollFixture.of(WORDCOUNT.numReducers(), REPORTS, end);
    Poll later = all.poll(end);
    Fire f = fired(new Stabilised().check(later));
    long ts = later.stabilisation().tsMs().getAsLong();
    long tw = later.stabilisation().twMs().getAsLong();
    assertArrayEquals(new long[] {ts, tw}, f.window().orElseThrow());
    assertTrue(f.efficiency());

    PollFixture early = PollFixture.of(WORDCOUNT.numReducers(), REPORTS, ts);
    assertSame(Trigger.PASS, new Stabilised().check(early.poll(ts)));
  }

  @Test
  void mapsDoneFirstDecidesUpToTheLastMapWhenEveryReducerIsMeasured() {
    PollFixture f =
        new PollFixture(2, 4)
            .map(0, "fast:1", 0, 1_000, 1)
            .map(1, "fast:1", 1_000, 2_000, 2)
            .map(3, "fast:1", 2_000, 3_000, 3)
            .reduce(0, "fast:1", 1_000, 2_100, 0, 2)
            .reduce(1, "slow:1", 1_000, 2_100, 0, 2);
    assertSame(Trigger.PASS, new MapsDoneFirst().check(f.poll(3_900)), "maps still running");
    f.map(2, "slow:1", 0, 4_000, 4).reduce(0, "fast:1", 1_000, 4_200, 4, 4);
    Fire fire = fired(new MapsDoneFirst().check(f.poll(4_300)));
    assertEquals(DecisionReason.ALL_MAPS_DONE, fire.reason());
    assertArrayEquals(
        new long[] {1_000, 4_000}, fire.window().orElseThrow(), "T_1 to the last map");
    assertTrue(fire.notes().get(0).contains("before T_s was seen"), fire.notes().get(0));
    assertTrue(fire.notes().get(0).endsWith("with E = 1 for every class"), fire.notes().get(0));
  }

  @Test
  void mapsDoneFirstWaitsForAReducerWithoutReportsUntilAnotherOneHasCopiedEverything() {
    PollFixture f =
        new PollFixture(2, 2)
            .map(0, "fast:1", 0, 1_000, 1)
            .map(1, "slow:1", 0, 4_000, 2)
            .reduce(0, "fast:1", 500, 500, 0, 0)
            .reduce(0, "fast:1", 500, 3_000, 1, 1);
    // reducer 1 has not started: not every reducer measured; reducer 0 still lacks a map
    assertSame(Trigger.WAIT, new MapsDoneFirst().check(f.poll(4_500)));
    f.reduce(0, "fast:1", 500, 4_600, 2, 2);
    Fire fire = fired(new MapsDoneFirst().check(f.poll(4_700)));
    assertTrue(
        fire.notes().get(0).contains("reducer 0 had fetched all its bins"), fire.notes().get(0));
    assertEquals(4_700, fire.window().orElseThrow()[1], "the shuffle-only stage, up to now");
  }

  @Test
  void stabilisationDeadlineDecidesOnTheWindowUpToNow() {
    PollFixture f = twoSpeeds().reduce(0, "fast:1", 2_500, 2_500, 0, 3);
    long deadline = 2_500 + PollFixture.MAX_WAIT;
    assertSame(Trigger.PASS, new StabilisationDeadline().check(f.poll(deadline - 1)));
    Fire fire = fired(new StabilisationDeadline().check(f.poll(deadline)));
    assertEquals(DecisionReason.TIMEOUT, fire.reason());
    assertArrayEquals(new long[] {2_500, deadline}, fire.window().orElseThrow());
    assertTrue(fire.notes().get(0).startsWith("T_s not seen within 120000 ms"));
  }

  @Test
  void theTimingsTryTheirTriggersInOrderAndStopAtAWait() {
    assertEquals(
        List.of(
            SingleClass.NAME,
            ReducersPlaced.NAME,
            MapsDoneBeforePlacement.NAME,
            PlacementDeadline.NAME),
        DecisionTiming.AT_PLACEMENT.triggers().stream().map(Trigger::name).toList());
    assertEquals(
        List.of(SingleClass.NAME, Stabilised.NAME, MapsDoneFirst.NAME, StabilisationDeadline.NAME),
        DecisionTiming.AFTER_STABILISATION.triggers().stream().map(Trigger::name).toList());
    PollFixture f =
        new PollFixture(2, 2)
            .map(0, "fast:1", 0, 1_000, 1)
            .map(1, "slow:1", 0, 4_000, 2)
            .reduce(0, "fast:1", 500, 500, 0, 0)
            .reduce(0, "fast:1", 500, 3_000, 1, 1);
    // MapsDoneFirst waits for the reducer that has not started: no later trigger is asked
    assertTrue(DecisionTiming.AFTER_STABILISATION.check(f.poll(4_500)).isEmpty());
  }
}
