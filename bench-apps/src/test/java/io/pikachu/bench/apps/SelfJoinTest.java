package io.pikachu.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.bench.data.AssociationGenerator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SelfJoinTest {
  @TempDir Path dir;

  /**
   * Plain-Java candidate generation: the (k+1)-field associations, sorted, for comparing as a
   * multiset.
   */
  static List<String> join(List<String> associations) {
    Map<String, TreeSet<String>> lastsByPrefix = new HashMap<>();
    for (String association : associations) {
      if (!association.isEmpty()) {
        int split = association.lastIndexOf(',');
        lastsByPrefix
            .computeIfAbsent(association.substring(0, split), p -> new TreeSet<>())
            .add(association.substring(split + 1));
      }
    }
    List<String> joined = new ArrayList<>();
    lastsByPrefix.forEach(
        (prefix, lasts) -> {
          List<String> sorted = new ArrayList<>(lasts);
          for (int i = 0; i < sorted.size(); i++) {
            for (int j = i + 1; j < sorted.size(); j++) {
              joined.add(prefix + "," + sorted.get(i) + "," + sorted.get(j));
            }
          }
        });
    joined.sort(null);
    return joined;
  }

  private List<String> runJob(Path input, String output, int reduces) throws Exception {
    LocalJobs.runToSuccess(
        SelfJoin.createJob(
            LocalJobs.conf(reduces), LocalJobs.path(input), LocalJobs.path(dir.resolve(output))));
    List<String> lines = new ArrayList<>(LocalJobs.outputLines(dir.resolve(output)));
    lines.sort(null);
    return lines;
  }

  @Test
  void joinMatchesAnIndependentJoinOfGeneratedAssociations() throws Exception {
    Path input = dir.resolve("in");
    new AssociationGenerator(7, 3, 400, 12, 1.2)
        .write(LocalJobs.conf(1), LocalJobs.path(input), 3, 15_000);
    List<String> expected = join(LocalJobs.lines(input, "part-"));

    List<String> actual = runJob(input, "out", 4);

    assertEquals(expected.size(), actual.size());
    assertEquals(expected, actual);
    assertTrue(actual.size() > 1_000, "too little output to show much: " + actual.size());
  }

  @Test
  void outputIsValidInputForTheNextRound() throws Exception {
    Path input = dir.resolve("in");
    new AssociationGenerator(8, 2, 60, 20, 1.0)
        .write(LocalJobs.conf(1), LocalJobs.path(input), 2, 3_000);
    List<String> round1 = runJob(input, "round1", 2);
    List<String> round2 = runJob(dir.resolve("round1"), "round2", 2);

    assertTrue(round1.stream().allMatch(line -> line.split(",").length == 3), round1.toString());
    assertTrue(round2.stream().allMatch(line -> line.split(",").length == 4), round2.toString());
    assertFalse(round2.isEmpty());
    assertEquals(join(round1), round2);
  }

  @Test
  void joinsDuplicatesOnceAndPairsInByteOrder() throws Exception {
    Path input = Files.createDirectories(dir.resolve("in"));
    Files.writeString(input.resolve("a.txt"), "A,B,d\nA,B,c\nx,y,z\nA,c,d\n\n");
    Files.writeString(input.resolve("b.txt"), "A,B,c\nA,B,Z\n");

    assertEquals(List.of("A,B,Z,c", "A,B,Z,d", "A,B,c,d"), runJob(input, "out", 3));
  }

  private void assertRejected(String input, String why) throws Exception {
    Files.writeString(Files.createDirectories(dir.resolve("in")).resolve("a.txt"), input);
    LocalJobs.runToFailure(
        SelfJoin.createJob(
            LocalJobs.conf(1),
            LocalJobs.path(dir.resolve("in")),
            LocalJobs.path(dir.resolve("out"))),
        why);
  }

  @Test
  void failsOnLinesThatAreNotAssociations() throws Exception {
    assertRejected("a,b,c\nb,a,c\n", "an unsorted association was accepted");
  }

  @Test
  void failsOnLinesOfAnotherWidth() throws Exception {
    assertRejected("a,b,c\na,b\n", "associations of 3 and 2 fields were mixed");
  }

  private static String parseError(String line) {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    return assertThrows(
            IllegalArgumentException.class,
            () -> new SelfJoin.Association().parse(bytes, bytes.length))
        .getMessage();
  }

  @Test
  void parseNamesWhatIsWrong() {
    assertTrue(
        parseError("a,c,b").contains("field 3 does not come after field 2"), parseError("a,c,b"));
    assertTrue(parseError("a,a").contains("distinct"), parseError("a,a"));
    assertTrue(parseError("a,,b").contains("field 2 is empty"), parseError("a,,b"));
    assertTrue(parseError("a,b,").contains("field 3 is empty"), parseError("a,b,"));
    assertTrue(parseError("abc").contains("at least 2 fields"), parseError("abc"));
  }

  @Test
  void parseFindsTheLastField() {
    SelfJoin.Association association = new SelfJoin.Association();
    byte[] bytes = "01,02,17".getBytes(StandardCharsets.UTF_8);
    association.parse(bytes, bytes.length);
    assertEquals(3, association.fields);
    assertEquals(5, association.lastSeparator);
  }
}
