package io.pikachu.task.reduce;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import javax.crypto.SecretKey;
import org.apache.hadoop.mapreduce.security.SecureShuffleUtils;
import org.apache.hadoop.mapreduce.task.reduce.ShuffleHeader;

/**
 * A NodeManager's shuffle port that a test scripts request by request: it answers as the stock
 * ShuffleHandler does (version headers, the reply signed with the job's key, one shuffle header and
 * output per map), or with an HTTP error, or breaks the stream after some bytes.
 */
final class FakeShuffleServer implements AutoCloseable {

  /** What to do with one request. */
  interface Script {
    void answer(Request request) throws IOException;
  }

  /** One request: its maps and bin, and ways to answer it. */
  final class Request {
    final int index;
    final List<String> maps;
    final int bin;
    private final HttpExchange exchange;

    private Request(int index, HttpExchange exchange) {
      this.index = index;
      this.exchange = exchange;
      String query = exchange.getRequestURI().getQuery();
      List<String> m = Collections.emptyList();
      int b = -1;
      for (String kv : query.split("&")) {
        if (kv.startsWith("map=")) {
          m = Arrays.asList(kv.substring(4).split(","));
        } else if (kv.startsWith("reduce=")) {
          b = Integer.parseInt(kv.substring(7));
        }
      }
      this.maps = m;
      this.bin = b;
    }

    /** Every asked map's output, whole. */
    void serve() throws IOException {
      serveBytes(Integer.MAX_VALUE);
    }

    /** The outputs as {@link #serve}, but the stream ends after {@code bytes} bytes. */
    void serveBytes(int bytes) throws IOException {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(body);
      for (String map : maps) {
        byte[] served = outputs.get(map);
        new ShuffleHeader(map, served.length, Segments.rawLength(served), bin).write(out);
        out.write(served);
      }
      byte[] all = body.toByteArray();
      signedHeaders();
      exchange.sendResponseHeaders(200, 0);
      try (OutputStream o = exchange.getResponseBody()) {
        o.write(all, 0, Math.min(bytes, all.length));
      }
    }

    /** The outputs' length up to the start of {@code map}'s header. */
    int bytesBefore(String map) throws IOException {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(body);
      for (String m : maps) {
        if (m.equals(map)) {
          break;
        }
        byte[] served = outputs.get(m);
        new ShuffleHeader(m, served.length, Segments.rawLength(served), bin).write(out);
        out.write(served);
      }
      return body.size();
    }

    void status(int code, String retryAfter) throws IOException {
      signedHeaders();
      if (retryAfter != null) {
        exchange.getResponseHeaders().add("Retry-After", retryAfter);
      }
      exchange.sendResponseHeaders(code, -1);
      exchange.close();
    }

    /** A 200 whose reply hash is not signed with the job's key, as an impostor would send. */
    void replyNotSigned() throws IOException {
      headers("not-signed-with-the-token");
      exchange.sendResponseHeaders(200, 0);
    }

    private void signedHeaders() {
      String urlHash =
          exchange.getRequestHeaders().getFirst(SecureShuffleUtils.HTTP_HEADER_URL_HASH);
      headers(SecureShuffleUtils.generateHash(urlHash.getBytes(StandardCharsets.UTF_8), secret));
    }

    private void headers(String replyHash) {
      exchange.getResponseHeaders().add(SecureShuffleUtils.HTTP_HEADER_REPLY_URL_HASH, replyHash);
      exchange
          .getResponseHeaders()
          .add(ShuffleHeader.HTTP_HEADER_NAME, ShuffleHeader.DEFAULT_HTTP_HEADER_NAME);
      exchange
          .getResponseHeaders()
          .add(ShuffleHeader.HTTP_HEADER_VERSION, ShuffleHeader.DEFAULT_HTTP_HEADER_VERSION);
    }
  }

  private final HttpServer server;
  private final SecretKey secret;
  private final Map<String, byte[]> outputs;

  /** The maps each request asked for, in order. */
  final List<List<String>> requests = Collections.synchronizedList(new ArrayList<>());

  /**
   * @param port 0 for any
   * @param outputs each map attempt's served output of the bin asked for
   */
  FakeShuffleServer(int port, SecretKey secret, Map<String, byte[]> outputs, Script script)
      throws IOException {
    this.secret = secret;
    this.outputs = outputs;
    this.server = HttpServer.create(new InetSocketAddress("localhost", port), 0);
    server.createContext(
        "/",
        exchange -> {
          try {
            Request r = new Request(requests.size(), exchange);
            requests.add(r.maps);
            script.answer(r);
          } finally {
            exchange.close();
          }
        });
    server.start();
  }

  int port() {
    return server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
