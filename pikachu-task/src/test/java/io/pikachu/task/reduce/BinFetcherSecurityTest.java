package io.pikachu.task.reduce;

import static io.pikachu.task.reduce.InProcessShuffleHandler.MAP;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pikachu.core.shuffle.FetchUnit;
import java.io.File;
import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import javax.crypto.SecretKey;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.security.token.JobTokenSecretManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29: a bin fetch is signed with the job token and checked against the reply exactly as stock
 * {@code Fetcher}'s, against the stock ShuffleHandler a NodeManager runs (started here in process,
 * with one map output in its local folder). A request signed with another key is refused and
 * nothing of the output reaches the reducer; the same request with the job's key fetches it.
 */
@Tag("lines")
class BinFetcherSecurityTest {

  @TempDir File dir;
  private InProcessShuffleHandler nodeManager;

  @BeforeEach
  void startShuffleHandler() throws Exception {
    nodeManager = new InProcessShuffleHandler(dir);
  }

  @AfterEach
  void stopShuffleHandler() {
    nodeManager.close();
  }

  @Test
  void aFetchSignedWithAnotherKeyIsRefusedAndStoresNothing() throws Exception {
    RecordingShuffle shuffle =
        fetchFrom(
            nodeManager.port(), JobTokenSecretManager.createSecretKey("not the job's".getBytes()));
    assertEquals(0, shuffle.fetched.size(), "nothing of the output may reach the reducer");
    assertEquals(Collections.singletonList(MAP), shuffle.refused, "the request is refused");
    assertEquals(1, shuffle.ioErrors());
  }

  @Test
  void theSameFetchSignedWithTheJobTokenGetsTheOutput() throws Exception {
    RecordingShuffle shuffle = fetchFrom(nodeManager.port(), nodeManager.jobSecret());
    assertEquals(Collections.singletonList(MAP), shuffle.fetched);
    assertEquals(0, shuffle.refused.size());
    assertEquals(0, shuffle.ioErrors());
  }

  /** A server that answers without knowing the job token cannot feed the reducer. */
  @Test
  void aReplyNotSignedWithTheJobTokenIsNotRead() throws Exception {
    try (FakeShuffleServer impostor =
        new FakeShuffleServer(0, nodeManager.jobSecret(), Map.of(), r -> r.replyNotSigned())) {
      RecordingShuffle shuffle = fetchFrom(impostor.port(), nodeManager.jobSecret());
      assertEquals(0, shuffle.fetched.size(), "nothing of the reply may reach the reducer");
      assertEquals(Collections.singletonList("failed [" + MAP + "]"), shuffle.refused);
    }
  }

  private RecordingShuffle fetchFrom(int port, SecretKey secret) throws IOException {
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
    RecordingShuffle shuffle = new RecordingShuffle(unit);
    new BinFetcher(job, Segments.REDUCE, shuffle, store, null, secret, null, shuffle).run();
    assertEquals(null, shuffle.exception, "no local error");
    return shuffle;
  }
}
