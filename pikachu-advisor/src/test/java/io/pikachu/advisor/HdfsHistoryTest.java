package io.pikachu.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code advise} on a history server's done directory in HDFS ({@code done/YYYY/MM/DD/serial/}),
 * named by its hdfs:// URI, whole and by a range of days.
 */
class HdfsHistoryTest {

  @Test
  void readsADoneDirectoryOnHdfsAndSkipsDaysOutsideTheRange(@TempDir java.nio.file.Path tmp)
      throws Exception {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, tmp.toAbsolutePath().toString());
    MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    try {
      FileSystem fs = dfs.getFileSystem();
      Path day = new Path("/mr-history/done/2026/11/27/000000");
      Path older = new Path("/mr-history/done/2026/11/20/000000");
      fs.mkdirs(day);
      fs.mkdirs(older);
      java.nio.file.Path first = null;
      for (java.nio.file.Path f :
          java.nio.file.Files.newDirectoryStream(Paths.get("src/test/resources/jhist"))) {
        fs.copyFromLocalFile(new Path(f.toAbsolutePath().toString()), day);
        first = f;
      }
      // A copy a week earlier in the done tree: only a whole-tree read finds it.
      fs.copyFromLocalFile(new Path(first.toAbsolutePath().toString()), older);
      String uri = fs.getUri() + "/mr-history/done";
      String all = advise("-q", uri);
      assertTrue(all.contains("Cluster: 4 job(s) read (every job)"), all);
      assertTrue(all.contains("job_1795742513307_0002"), all);
      String lastDays = advise("-q", "--from", "2026-11-25", uri);
      assertTrue(lastDays.contains("Cluster: 3 job(s) read (finished from 2026-11-25"), lastDays);
      assertTrue(lastDays.contains("0 job(s) filtered out"), "the older day is never listed");
    } finally {
      dfs.shutdown();
    }
  }

  private static String advise(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int rc =
        AdviseMain.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    String text = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, rc, text);
    return text;
  }
}
