package io.pikachu.it;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;

/**
 * Settings of a cluster whose shuffle runs over TLS, as Hadoop's own {@code TestEncryptedShuffle}
 * makes them: a self-signed key and trust store, and {@code ssl-server.xml}/{@code ssl-client.xml}
 * in a folder on the class path of this JVM (the NodeManagers' ShuffleHandlers) and of the
 * containers (the reducers), which the embedded cluster gives the test JVM's class path.
 */
final class EncryptedShuffle {
  private EncryptedShuffle() {}

  static void configure(Configuration conf) {
    try {
      File keystores = new File("target/encrypted-shuffle").getAbsoluteFile();
      Files.createDirectories(keystores.toPath());
      String sslConfDir = KeyStoreTestUtil.getClasspathDir(EncryptedShuffle.class);
      KeyStoreTestUtil.setupSSLConfig(keystores.getPath(), sslConfDir, conf, false);
    } catch (IOException e) {
      throw new IllegalStateException("cannot write the shuffle's keystores", e);
    } catch (Exception e) {
      throw new IllegalStateException("cannot make the shuffle's keystores", e);
    }
    conf.setBoolean(MRConfig.SHUFFLE_SSL_ENABLED_KEY, true);
  }
}
