package io.pikachu.task.reduce;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.SecretKey;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.IndexRecord;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.ShuffleHandler;
import org.apache.hadoop.mapred.SpillRecord;
import org.apache.hadoop.mapreduce.security.token.JobTokenIdentifier;
import org.apache.hadoop.mapreduce.security.token.JobTokenSecretManager;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.api.ApplicationInitializationContext;
import org.apache.hadoop.yarn.server.api.AuxiliaryLocalPathHandler;

/**
 * The stock ShuffleHandler a NodeManager runs, of the Hadoop line on the class path, started in
 * this JVM with one map's output ({@link #MAP}, one partition: bin 0) in its local folder, and the
 * job's token registered as a NodeManager registers it.
 */
final class InProcessShuffleHandler implements AutoCloseable {
  static final String JOB = "job_1700000000000_0001";
  static final String MAP = "attempt_1700000000000_0001_m_000000_0";
  private static final String USER = System.getProperty("user.name");

  private final ShuffleHandler handler;
  private final SecretKey jobSecret;
  private final int port;

  InProcessShuffleHandler(File dir) throws Exception {
    JobConf nm = new JobConf(false);
    File nmLocal = new File(dir, "nm-local");
    nm.set(YarnConfiguration.NM_LOCAL_DIRS, nmLocal.getAbsolutePath());
    nm.setInt(ShuffleHandler.SHUFFLE_PORT_CONFIG_KEY, 0);
    writeMapOutput(nm, new File(nmLocal, "usercache/" + USER + "/appcache/" + app() + "/output"));
    handler = new ShuffleHandler();
    handler.setAuxiliaryLocalPathHandler(new OneLocalDir(nmLocal));
    handler.init(nm);
    handler.start();
    port = ShuffleHandler.deserializeMetaData(handler.getMetaData());
    JobTokenSecretManager tokens = new JobTokenSecretManager();
    Token<JobTokenIdentifier> token = new Token<>(new JobTokenIdentifier(new Text(JOB)), tokens);
    jobSecret = JobTokenSecretManager.createSecretKey(token.getPassword());
    handler.initializeApplication(
        new ApplicationInitializationContext(
            USER, app(), ShuffleHandler.serializeServiceData(token)));
  }

  int port() {
    return port;
  }

  SecretKey jobSecret() {
    return jobSecret;
  }

  @Override
  public void close() {
    handler.stop();
  }

  private static ApplicationId app() {
    return ApplicationId.newInstance(1700000000000L, 1);
  }

  /** One map's output with one partition (bin 0), where the ShuffleHandler looks for it. */
  private static void writeMapOutput(JobConf conf, File output) throws IOException {
    File attempt = new File(output, MAP);
    Files.createDirectories(attempt.toPath());
    Map<String, String> records = new TreeMap<>();
    records.put("apple", "1");
    records.put("pear", "2");
    byte[] served = Segments.ifile(conf, null, records);
    try (OutputStream out = Files.newOutputStream(new File(attempt, "file.out").toPath())) {
      out.write(served);
    }
    SpillRecord index = new SpillRecord(1);
    index.putIndex(new IndexRecord(0, Segments.rawLength(served), served.length), 0);
    index.writeToFile(new Path(new File(attempt, "file.out.index").getAbsolutePath()), conf);
  }

  /** What a NodeManager hands its auxiliary services: here, one local folder. */
  private static final class OneLocalDir implements AuxiliaryLocalPathHandler {
    private final File root;

    OneLocalDir(File root) {
      this.root = root;
    }

    @Override
    public Path getLocalPathForRead(String path) {
      return new Path(new File(root, path).getAbsolutePath());
    }

    @Override
    public Path getLocalPathForWrite(String path) {
      return getLocalPathForRead(path);
    }

    @Override
    public Path getLocalPathForWrite(String path, long size) {
      return getLocalPathForRead(path);
    }

    @Override
    public Iterable<Path> getAllLocalPathsForRead(String path) {
      return Collections.singletonList(getLocalPathForRead(path));
    }
  }
}
