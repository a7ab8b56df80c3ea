package io.pikachu.task.reduce;

import io.pikachu.core.shuffle.ConnectRetry;
import io.pikachu.core.shuffle.ConnectSettings;
import io.pikachu.core.shuffle.FetchCallbacks;
import io.pikachu.core.shuffle.FetchUnit;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.URL;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.SecretKey;
import javax.net.ssl.HttpsURLConnection;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.IndexRecord;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputFile;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.SpillRecord;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.security.SecureShuffleUtils;
import org.apache.hadoop.mapreduce.task.reduce.PikachuShuffleHeader;
import org.apache.hadoop.mapreduce.task.reduce.ShuffleHeader;
import org.apache.hadoop.security.ssl.SSLFactory;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fetches one bin of several map outputs per request from the NodeManager's stock ShuffleHandler
 * ({@code mapOutput?job=..&reduce=<bin>&map=a,b,c}), with the same signed request, checks and error
 * classification as stock {@code Fetcher} (which cannot be reused: it hard-wires the reduce index).
 * In local mode it reads the map output files directly.
 *
 * <p>Over 300 lines on purpose: it follows stock Fetcher's request, checks and error classes step
 * by step, kept in one class so the two can be compared against each Hadoop line.
 */
final class BinFetcher implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(BinFetcher.class);

  /** Stock Fetcher's DEFAULT_STALLED_COPY_TIMEOUT: connect and fetch-retry timeouts unset. */
  private static final int STOCK_STALLED_COPY_TIMEOUT = 3 * 60 * 1000;

  private static final int DEFAULT_READ_TIMEOUT = 3 * 60 * 1000;
  private static final String NM_RECOVERY_ENABLED = "yarn.nodemanager.recovery.enabled";
  private static final int TOO_MANY_REQUESTS = 429;
  private static final String RETRY_AFTER = "Retry-After";
  private static final long DEFAULT_BACKOFF_MS = 1000;
  private static final String ERRORS = "Shuffle Errors";

  private static SSLFactory sslFactory;

  private final JobConf job;
  private final TaskAttemptID reduceId;
  private final FetchCallbacks<FetchedOutput> shuffle;
  private final BinSegmentStore store;
  private final CompressionCodec codec;
  private final SecretKey secret;
  private final Map<org.apache.hadoop.mapred.TaskAttemptID, MapOutputFile> localMapFiles;
  private final int readTimeout;
  private final boolean ssl;
  private final ConnectRetry connectRetry;
  private final Counters.Counter ioErrors;
  private final Counters.Counter badIdErrors;
  private final Counters.Counter wrongLengthErrors;
  private final Counters.Counter wrongMapErrors;
  private final Counters.Counter wrongReduceErrors;
  private final Counters.Counter connectionErrors;
  private volatile HttpURLConnection connection;

  BinFetcher(
      JobConf job,
      TaskAttemptID reduceId,
      FetchCallbacks<FetchedOutput> shuffle,
      BinSegmentStore store,
      CompressionCodec codec,
      SecretKey secret,
      Map<org.apache.hadoop.mapred.TaskAttemptID, MapOutputFile> localMapFiles,
      Reporter reporter) {
    this.job = job;
    this.reduceId = reduceId;
    this.shuffle = shuffle;
    this.store = store;
    this.codec = codec;
    this.secret = secret;
    this.localMapFiles = localMapFiles;
    this.readTimeout = job.getInt(MRJobConfig.SHUFFLE_READ_TIMEOUT, DEFAULT_READ_TIMEOUT);
    this.ssl =
        job.getBoolean(MRConfig.SHUFFLE_SSL_ENABLED_KEY, MRConfig.SHUFFLE_SSL_ENABLED_DEFAULT);
    this.connectRetry = new ConnectRetry(connectSettings(job), Time::monotonicNow, Thread::sleep);
    this.ioErrors = reporter.getCounter(ERRORS, "IO_ERROR");
    this.badIdErrors = reporter.getCounter(ERRORS, "BAD_ID");
    this.wrongLengthErrors = reporter.getCounter(ERRORS, "WRONG_LENGTH");
    this.wrongMapErrors = reporter.getCounter(ERRORS, "WRONG_MAP");
    this.wrongReduceErrors = reporter.getCounter(ERRORS, "WRONG_REDUCE");
    this.connectionErrors = reporter.getCounter(ERRORS, "CONNECTION");
    if (ssl) {
      initSsl(job);
    }
  }

  /**
   * The connect and retry settings as stock {@code Fetcher}'s constructor reads them, with its
   * defaults: fetch retry follows NodeManager recovery unless set.
   */
  static ConnectSettings connectSettings(JobConf job) {
    boolean retryByDefault = job.getBoolean(NM_RECOVERY_ENABLED, false);
    return ConnectSettings.of(
        job.getInt(MRJobConfig.SHUFFLE_CONNECT_TIMEOUT, STOCK_STALLED_COPY_TIMEOUT),
        job.getBoolean(MRJobConfig.SHUFFLE_FETCH_RETRY_ENABLED, retryByDefault),
        job.getInt(
            MRJobConfig.SHUFFLE_FETCH_RETRY_INTERVAL_MS,
            MRJobConfig.DEFAULT_SHUFFLE_FETCH_RETRY_INTERVAL_MS),
        job.getInt(MRJobConfig.SHUFFLE_FETCH_RETRY_TIMEOUT_MS, STOCK_STALLED_COPY_TIMEOUT));
  }

  private static synchronized void initSsl(JobConf job) {
    if (sslFactory == null) {
      SSLFactory factory = new SSLFactory(SSLFactory.Mode.CLIENT, job);
      try {
        factory.init();
      } catch (Exception e) {
        factory.destroy();
        throw new IllegalStateException("cannot set up SSL for the shuffle", e);
      }
      sslFactory = factory;
    }
  }

  @Override
  public void run() {
    try {
      while (!Thread.currentThread().isInterrupted()) {
        store.waitForResource();
        FetchUnit unit = shuffle.take();
        if (unit == null) {
          return;
        }
        try {
          if (localMapFiles != null) {
            fetchLocal(unit);
          } else {
            fetchRemote(unit);
          }
        } finally {
          shuffle.release(unit);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Throwable t) {
      shuffle.reportException(t);
    }
  }

  /** Interrupts a blocked read so the thread can stop. */
  void abortConnection() {
    HttpURLConnection c = connection;
    if (c != null) {
      c.disconnect();
    }
  }

  // ---- remote ----

  private void fetchRemote(FetchUnit unit) throws IOException, InterruptedException {
    Map<String, FetchUnit.Source> remaining = new LinkedHashMap<>();
    for (FetchUnit.Source s : unit.sources()) {
      remaining.put(s.attempt(), s);
    }
    ConnectRetry.ReadRetry readRetry = connectRetry.readRetry();
    DataInputStream input = connect(unit, remaining.values());
    try {
      while (input != null && !remaining.isEmpty()) {
        try {
          if (!copyOne(unit, input, remaining)) {
            return; // failure already reported, or waiting for memory; the rest is retried
          }
          readRetry.copied();
        } catch (BrokenCopy e) {
          IOUtils.cleanupWithLogger(LOG, input);
          input = null;
          if (!readRetry.afterReadError()) {
            reportBroken(unit, e, remaining);
            return;
          }
          // stock's fetch retry: the NodeManager may be restarting; ask again for what is left
          LOG.warn(
              "Shuffle of bin {} from {} broke; connecting again for {} map(s)",
              unit.bin(),
              unit.host(),
              remaining.size(),
              e.getCause());
          abortConnection();
          input = connect(unit, remaining.values());
        }
      }
    } finally {
      IOUtils.cleanupWithLogger(LOG, input);
    }
  }

  /** The open stream of {@code sources}' outputs, or null after reporting why there is none. */
  private DataInputStream connect(FetchUnit unit, Collection<FetchUnit.Source> asked)
      throws IOException, InterruptedException {
    List<FetchUnit.Source> sources = new ArrayList<>(asked);
    URL url = url(unit, sources);
    try {
      return open(url);
    } catch (TooManyRequests e) {
      LOG.info("{} asked to back off {} ms", unit.host(), e.backoff);
      shuffle.backOff(unit, e.backoff);
    } catch (Refused e) {
      ioErrors.increment(1);
      LOG.warn("{} for bin {} of {} maps", e.getMessage(), unit.bin(), sources.size());
      shuffle.refused(unit, sources);
    } catch (IOException e) {
      ioErrors.increment(1);
      if (e instanceof ConnectException) {
        connectionErrors.increment(1);
      }
      LOG.warn(
          "Failed to connect to {} for bin {} of {} maps",
          unit.host(),
          unit.bin(),
          sources.size(),
          e);
      // a refused connection is reported to the AM at once, as stock does
      shuffle.failed(unit, sources, false, e instanceof ConnectException);
    }
    return null;
  }

  private URL url(FetchUnit unit, Collection<FetchUnit.Source> sources) throws IOException {
    StringBuilder url = new StringBuilder(unit.baseUrl());
    url.append("mapOutput?job=").append(reduceId.getJobID());
    url.append("&reduce=").append(unit.bin());
    url.append("&map=");
    boolean first = true;
    for (FetchUnit.Source s : sources) {
      url.append(first ? "" : ",").append(s.attempt());
      first = false;
    }
    return new URL(url.toString());
  }

  private DataInputStream open(URL url) throws IOException, InterruptedException {
    String hash = SecureShuffleUtils.hashFromString(SecureShuffleUtils.buildMsgFrom(url), secret);
    HttpURLConnection conn = connectRetry.open(() -> openConnection(url));
    conn.addRequestProperty(SecureShuffleUtils.HTTP_HEADER_URL_HASH, hash);
    conn.addRequestProperty(ShuffleHeader.HTTP_HEADER_NAME, ShuffleHeader.DEFAULT_HTTP_HEADER_NAME);
    conn.addRequestProperty(
        ShuffleHeader.HTTP_HEADER_VERSION, ShuffleHeader.DEFAULT_HTTP_HEADER_VERSION);
    conn.setReadTimeout(readTimeout);
    connectRetry.connect(
        timeout -> {
          conn.setConnectTimeout(timeout);
          conn.connect();
        });
    int rc = conn.getResponseCode();
    if (rc == TOO_MANY_REQUESTS) {
      long backoff = conn.getHeaderFieldLong(RETRY_AFTER, DEFAULT_BACKOFF_MS);
      throw new TooManyRequests(backoff < 0 ? DEFAULT_BACKOFF_MS : backoff);
    }
    if (rc != HttpURLConnection.HTTP_OK) {
      throw new Refused("got response " + rc + " (" + conn.getResponseMessage() + ") from " + url);
    }
    if (!ShuffleHeader.DEFAULT_HTTP_HEADER_NAME.equals(
            conn.getHeaderField(ShuffleHeader.HTTP_HEADER_NAME))
        || !ShuffleHeader.DEFAULT_HTTP_HEADER_VERSION.equals(
            conn.getHeaderField(ShuffleHeader.HTTP_HEADER_VERSION))) {
      throw new IOException("incompatible shuffle response version from " + url);
    }
    String reply = conn.getHeaderField(SecureShuffleUtils.HTTP_HEADER_REPLY_URL_HASH);
    if (reply == null) {
      throw new IOException("security validation of the map output failed: no reply hash");
    }
    SecureShuffleUtils.verifyReply(reply, hash, secret);
    return new DataInputStream(conn.getInputStream());
  }

  private HttpURLConnection openConnection(URL url) throws IOException {
    HttpURLConnection conn = (HttpURLConnection) url.openConnection();
    if (ssl) {
      HttpsURLConnection https = (HttpsURLConnection) conn;
      try {
        https.setSSLSocketFactory(sslFactory.createSSLSocketFactory());
      } catch (GeneralSecurityException e) {
        throw new IOException(e);
      }
      https.setHostnameVerifier(sslFactory.getHostnameVerifier());
    }
    connection = conn;
    return conn;
  }

  /**
   * Reads one header and output. False: stop this request (the rest will be retried).
   *
   * @throws BrokenCopy the stream broke (which fetch retry may answer by connecting again)
   */
  private boolean copyOne(
      FetchUnit unit, DataInputStream input, Map<String, FetchUnit.Source> remaining)
      throws BrokenCopy {
    PikachuShuffleHeader header;
    try {
      header = PikachuShuffleHeader.read(input);
    } catch (IllegalArgumentException e) {
      badIdErrors.increment(1);
      LOG.warn("Bad shuffle header from {} for bin {}", unit.host(), unit.bin(), e);
      shuffle.failed(unit, remaining.values(), true, false);
      return false;
    } catch (IOException e) {
      throw new BrokenCopy(null, e);
    }
    FetchUnit.Source source = remaining.get(header.mapId());
    String problem = null;
    if (header.compressedLength() < 0 || header.uncompressedLength() < 0) {
      wrongLengthErrors.increment(1);
      problem = "invalid lengths " + header.compressedLength() + "/" + header.uncompressedLength();
    } else if (header.forReduce() != unit.bin()) {
      wrongReduceErrors.increment(1);
      problem = "data for bin " + header.forReduce() + " instead of " + unit.bin();
    } else if (source == null) {
      wrongMapErrors.increment(1);
      problem = "unexpected map " + header.mapId();
    }
    if (problem != null) {
      LOG.warn("Invalid map output from {}: {}", unit.host(), problem);
      shuffle.failed(unit, remaining.values(), true, false);
      return false;
    }
    String what = header.mapId() + " bin " + unit.bin();
    FetchedOutput output;
    try {
      output =
          read(input, header.compressedLength(), header.uncompressedLength(), unit.bin(), what);
    } catch (IOException e) {
      throw new BrokenCopy(source, e);
    }
    if (output == null) {
      return false; // no memory now: the rest of the request is retried after a merge
    }
    shuffle.fetched(unit, source, output);
    remaining.remove(header.mapId());
    return true;
  }

  /** A broken copy that counts as a failure (fetch retry off, or its time is up). */
  private void reportBroken(FetchUnit unit, BrokenCopy e, Map<String, FetchUnit.Source> remaining) {
    ioErrors.increment(1);
    if (e.source == null) {
      // The stream broke before the next output's header: it does not say which map's output
      // the host could not send, so the rest is asked for map by map, as for a refused request.
      LOG.warn("Shuffle stream from {} for bin {} broke", unit.host(), unit.bin(), e.getCause());
      shuffle.refused(unit, remaining.values());
    } else {
      LOG.warn(
          "Failed to shuffle {} bin {} from {}",
          e.source.attempt(),
          unit.bin(),
          unit.host(),
          e.getCause());
      shuffle.failed(unit, Collections.singletonList(e.source), true, false);
    }
  }

  private FetchedOutput read(InputStream in, long compressed, long raw, int bin, String what)
      throws IOException {
    BinSegmentStore.Target target = store.reserve(raw);
    if (target == null) {
      return null;
    }
    if (target == BinSegmentStore.Target.MEMORY) {
      try {
        return FetchedOutput.readToMemory(in, compressed, raw, codec, job, what);
      } catch (IOException | RuntimeException e) {
        store.unreserve(raw);
        throw e;
      }
    }
    Path file = store.newPath(bin, "fetched", compressed);
    try {
      return FetchedOutput.readToDisk(
          in, compressed, raw, file, store.fs().create(file, true), job, what);
    } catch (IOException | RuntimeException e) {
      store.fs().delete(file, false);
      throw e;
    }
  }

  // ---- local (LocalJobRunner) ----

  private void fetchLocal(FetchUnit unit) throws IOException {
    for (FetchUnit.Source source : unit.sources()) {
      org.apache.hadoop.mapred.TaskAttemptID attempt =
          org.apache.hadoop.mapred.TaskAttemptID.forName(source.attempt());
      MapOutputFile files = localMapFiles.get(attempt);
      Path data = files.getOutputFile();
      SpillRecord index = new SpillRecord(data.suffix(".index"), job);
      IndexRecord record = index.getIndex(unit.bin());
      String what = source.attempt() + " bin " + unit.bin();
      try (FSDataInputStream in = store.fs().open(data)) {
        in.seek(record.startOffset);
        FetchedOutput output = read(in, record.partLength, record.rawLength, unit.bin(), what);
        if (output == null) {
          return;
        }
        shuffle.fetched(unit, source, output);
      }
    }
  }

  /**
   * The ShuffleHandler answered with an HTTP error before any output, typically because one map
   * output of the request is gone (HTTP 500).
   */
  private static final class Refused extends IOException {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
      super(message);
    }
  }

  /** A copy's stream broke: before a header ({@code source} null) or in {@code source}'s output. */
  private static final class BrokenCopy extends IOException {
    private static final long serialVersionUID = 1L;
    final transient FetchUnit.Source source;

    BrokenCopy(FetchUnit.Source source, IOException cause) {
      super(cause);
      this.source = source;
    }
  }

  private static final class TooManyRequests extends IOException {
    private static final long serialVersionUID = 1L;
    final long backoff;

    TooManyRequests(long backoff) {
      super("too many requests");
      this.backoff = backoff;
    }
  }
}
