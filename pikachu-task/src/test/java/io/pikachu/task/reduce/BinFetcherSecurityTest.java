package io.pikachu.task.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import io.pikachu.core.shuffle.FetchCallbacks;
import io.pikachu.core.shuffle.FetchUnit;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.SecretKey;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.IndexRecord;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.ShuffleHandler;
import org.apache.hadoop.mapred.SpillRecord;
import org.apache.hadoop.mapreduce.security.SecureShuffleUtils;
import org.apache.hadoop.mapreduce.security.token.JobTokenIdentifier;
import org.apache.hadoop.mapreduce.security.token.JobTokenSecretManager;
import org.apache.hadoop.mapreduce.task.reduce.ShuffleHeader;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.api.ApplicationInitializationContext;
import org.apache.hadoop.yarn.server.api.AuxiliaryLocalPathHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29: a bin fetch is signed with the job token and checked against the reply exactly as stock
 * {@code Fetcher}'s, against the stock ShuffleHandler a NodeManager runs (started here in process,
 * with one map output in its local folder). A request signed with another key is refused and
 * nothing of the output reaches the reducer; the same request with the job's key fetches it.
 */
class BinFetcherSecurityTest {
  private static final String JOB = "job_1700000000000_0001";
  private static final String MAP = "attempt_1700000000000_0001_m_000000_0";
  private static final String USER = System.getProperty("user.name");

  @TempDir File dir;
  private ShuffleHandler handler;
  private SecretKey jobSecret;
  private int port;

  @BeforeEach
  void startShuffleHandler() throws Exception {
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

  @AfterEach
  void stopShuffleHandler() {
    handler.stop();
  }

  @Test
  void aFetchSignedWithAnotherKeyIsRefusedAndStoresNothing() throws Exception {
    Recorder shuffle = fetchWith(JobTokenSecretManager.createSecretKey("not the job's".getBytes()));
    assertEquals(0, shuffle.fetched.size(), "nothing of the output may reach the reducer");
    assertEquals(Collections.singletonList(MAP), shuffle.refused, "the request is refused");
    assertEquals(1, shuffle.errors.findCounter("Shuffle Errors", "IO_ERROR").getValue());
  }

  @Test
  void theSameFetchSignedWithTheJobTokenGetsTheOutput() throws Exception {
    Recorder shuffle = fetchWith(jobSecret);
    assertEquals(Collections.singletonList(MAP), shuffle.fetched);
    assertEquals(0, shuffle.refused.size());
    assertEquals(0, shuffle.errors.findCounter("Shuffle Errors", "IO_ERROR").getValue());
  }

  /** A server that answers without knowing the job token cannot feed the reducer. */
  @Test
  void aReplyNotSignedWithTheJobTokenIsNotRead() throws Exception {
    HttpServer impostor = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
    impostor.createContext(
        "/",
        exchange -> {
          exchange
              .getResponseHeaders()
              .add(ShuffleHeader.HTTP_HEADER_NAME, ShuffleHeader.DEFAULT_HTTP_HEADER_NAME);
          exchange
              .getResponseHeaders()
              .add(ShuffleHeader.HTTP_HEADER_VERSION, ShuffleHeader.DEFAULT_HTTP_HEADER_VERSION);
          exchange
              .getResponseHeaders()
              .add(SecureShuffleUtils.HTTP_HEADER_REPLY_URL_HASH, "not-signed-with-the-token");
          exchange.sendResponseHeaders(200, 0);
          exchange.close();
        });
    impostor.start();
    try {
      Recorder shuffle = fetchFrom(impostor.getAddress().getPort(), jobSecret);
      assertEquals(0, shuffle.fetched.size(), "nothing of the reply may reach the reducer");
      assertEquals(Collections.singletonList("failed [" + MAP + "]"), shuffle.refused);
    } finally {
      impostor.stop(0);
    }
  }

  private Recorder fetchWith(SecretKey secret) throws IOException {
    return fetchFrom(port, secret);
  }

  private Recorder fetchFrom(int port, SecretKey secret) throws IOException {
    JobConf job = Segments.job(new File(dir, "reducer"));
    BinSegmentStore store =
        Segments.store(job, new ShuffleMemory(1 << 20, 1 << 18, 1, 1000, 0, 10));
    String host = "localhost:" + port;
    FetchUnit unit =
        FetchUnit.of(
            host,
            "http://" + host + "/",
            0,
            Collections.singletonList(FetchUnit.Source.of(0, MAP)));
    Recorder shuffle = new Recorder(unit);
    new BinFetcher(job, Segments.REDUCE, shuffle, store, null, secret, null, shuffle).run();
    assertEquals(null, shuffle.exception, "no local error");
    return shuffle;
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

  /** The shuffle side of one request: hands out one unit and records what came back. */
  private static final class Recorder implements FetchCallbacks<FetchedOutput>, Reporter {
    final Counters errors = new Counters();
    final List<String> fetched = new ArrayList<>();
    final List<String> refused = new ArrayList<>();
    Throwable exception;
    private FetchUnit next;

    Recorder(FetchUnit unit) {
      this.next = unit;
    }

    @Override
    public FetchUnit take() {
      FetchUnit u = next;
      next = null;
      return u;
    }

    @Override
    public void fetched(FetchUnit unit, FetchUnit.Source source, FetchedOutput output) {
      fetched.add(source.attempt());
    }

    @Override
    public void failed(
        FetchUnit unit,
        Collection<FetchUnit.Source> sources,
        boolean readError,
        boolean connectError) {
      List<String> attempts = new ArrayList<>();
      for (FetchUnit.Source s : sources) {
        attempts.add(s.attempt());
      }
      refused.add("failed " + attempts);
    }

    @Override
    public void refused(FetchUnit unit, Collection<FetchUnit.Source> sources) {
      for (FetchUnit.Source s : sources) {
        refused.add(s.attempt());
      }
    }

    @Override
    public void backOff(FetchUnit unit, long delayMs) {
      refused.add("back off");
    }

    @Override
    public void release(FetchUnit unit) {}

    @Override
    public void reportException(Throwable t) {
      exception = t;
    }

    // Reporter: the fetcher's error counters

    @Override
    public Counters.Counter getCounter(Enum<?> name) {
      return errors.findCounter(name);
    }

    @Override
    public Counters.Counter getCounter(String group, String name) {
      return errors.findCounter(group, name);
    }

    @Override
    public void incrCounter(Enum<?> key, long amount) {
      errors.incrCounter(key, amount);
    }

    @Override
    public void incrCounter(String group, String counter, long amount) {
      errors.incrCounter(group, counter, amount);
    }

    @Override
    public InputSplit getInputSplit() {
      throw new UnsupportedOperationException();
    }

    @Override
    public float getProgress() {
      return 0;
    }

    @Override
    public void setStatus(String status) {}

    @Override
    public void progress() {}
  }
}
