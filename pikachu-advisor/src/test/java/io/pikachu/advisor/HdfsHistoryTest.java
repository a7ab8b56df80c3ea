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

/** {@code advise} on a history folder in HDFS, named by its hdfs:// URI. */
class HdfsHistoryTest {

  @Test
  void readsAHistoryFolderOnHdfs(@TempDir java.nio.file.Path tmp) throws Exception {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, tmp.toAbsolutePath().toString());
    MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    try {
      FileSystem fs = dfs.getFileSystem();
      Path done = new Path("/mr-history/done/2026/11/27");
      fs.mkdirs(done);
      for (java.nio.file.Path f :
          java.nio.file.Files.newDirectoryStream(Paths.get("src/test/resources/jhist"))) {
        fs.copyFromLocalFile(new Path(f.toAbsolutePath().toString()), done);
      }
      String uri = fs.getUri() + "/mr-history/done";
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int rc =
          AdviseMain.run(
              new String[] {"-q", uri},
              new PrintStream(out, true, StandardCharsets.UTF_8),
              new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
      String text = out.toString(StandardCharsets.UTF_8);
      assertEquals(0, rc, text);
      assertTrue(text.contains("Cluster: 3 job(s) replayed, 0 stepped aside"), text);
      assertTrue(text.contains("job_1795742513307_0002"), text);
    } finally {
      dfs.shutdown();
    }
  }
}
