package io.pikachu.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pages as a browser sees them: headless Chromium (Debian's {@code chromium} package) loads
 * {@code advise --html}'s pages, and the DOM it renders must carry the CSV's numbers: each job's
 * saving, and a figure whose last measured reducer ends with the measured job and whose last
 * replayed reducer ends with the predicted one. Skipped, saying so, where no Chromium is installed.
 */
class PagesInChromiumTest {

  static String chromium() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : new String[] {"chromium", "chromium-browser", "google-chrome"}) {
        File f = new File(dir, name);
        if (f.canExecute()) {
          return f.getPath();
        }
      }
    }
    return null;
  }

  /** Runs headless Chromium with a fresh profile; returns its standard output. */
  static String browse(Path profile, String... args) throws IOException, InterruptedException {
    List<String> cmd =
        new ArrayList<String>(
            Arrays.asList(
                chromium(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile));
    cmd.addAll(Arrays.asList(args));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    byte[] out;
    try (InputStream in = p.getInputStream()) {
      out = in.readAllBytes();
    }
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "Chromium did not finish");
    assertEquals(0, p.exitValue(), "Chromium's exit code");
    return new String(out, StandardCharsets.UTF_8);
  }

  @Test
  void thePagesRenderWithTheNumbersOfTheCsv(@TempDir Path tmp) throws Exception {
    assumeTrue(chromium() != null, "no chromium on the PATH (apt-get install -y chromium)");
    Path html = tmp.resolve("html");
    Path csv = tmp.resolve("advice.csv");
    int rc =
        AdviseMain.run(
            new String[] {
              "-q", "--html", html.toString(), "--csv", csv.toString(), "src/test/resources/jhist"
            },
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    assertEquals(0, rc);
    String index =
        browse(tmp.resolve("p1"), "--dump-dom", html.resolve("index.html").toUri().toString());
    for (String line : Files.readAllLines(csv).subList(1, 4)) {
      String[] c = line.split(",");
      String job = c[1];
      double measured = Double.parseDouble(c[4]);
      double predicted = Double.parseDouble(c[7]);
      assertTrue(
          index.contains("data-job=\"" + job + "\" data-saving=\"" + c[10] + "\""),
          job + " with saving " + c[10] + " in the rendered index");
      String page =
          browse(
              tmp.resolve("p-" + job),
              "--dump-dom",
              html.resolve("job-" + job + ".html").toUri().toString());
      assertTrue(page.contains("<svg id=\"timeline\""), page);
      double lastMeasured = lastEnd(page, "measured");
      double lastReplayed = lastEnd(page, "replayed");
      // A job ends a moment after its last reducer (the AM's commit): within 1.5 s here.
      assertTrue(
          lastMeasured <= measured && lastMeasured > measured - 1.5,
          lastMeasured + " vs " + measured);
      assertTrue(
          lastReplayed <= predicted && lastReplayed > predicted - 1.5,
          lastReplayed + " vs " + predicted);
    }
    Path shot = tmp.resolve("page.png");
    browse(
        tmp.resolve("p2"),
        "--window-size=1000,1300",
        "--screenshot=" + shot,
        html.resolve("job-job_1795742513307_0001.html").toUri().toString());
    byte[] png = Files.readAllBytes(shot);
    assertTrue(png.length > 20_000, "a screenshot of " + png.length + " bytes");
    assertEquals((byte) 0x89, png[0]);
    assertEquals('P', png[1]);
  }

  /** The latest data-end of a run's stage bars in the rendered DOM. */
  private static double lastEnd(String dom, String run) {
    Matcher m = Pattern.compile("data-run=\"" + run + "\"[^>]*data-end=\"([0-9.]+)\"").matcher(dom);
    double last = -1;
    while (m.find()) {
      last = Math.max(last, Double.parseDouble(m.group(1)));
    }
    assertTrue(last > 0, "no " + run + " bars in the DOM");
    return last;
  }
}
