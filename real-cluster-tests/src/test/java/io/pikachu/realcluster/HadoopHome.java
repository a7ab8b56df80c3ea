package io.pikachu.realcluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Hadoop assembled from Maven Central like its release tarball ({@code share/hadoop/common}, {@code
 * common/lib}, {@code hdfs}, {@code yarn}, {@code mapreduce}), by the pom's {@code real-cluster}
 * profile, with the admin jar installed in {@code share/hadoop/mapreduce/lib/}.
 */
record HadoopHome(Path root) {

  static HadoopHome fromSystemProperty() {
    Path root = Path.of(RealClusterSettings.required("realcluster.hadoop.home"));
    if (!Files.isDirectory(root.resolve("share/hadoop/common"))) {
      throw new IllegalStateException(
          root + " holds no Hadoop layout; run the tests with -P real-cluster");
    }
    return new HadoopHome(root);
  }

  Path share(String component) {
    return root.resolve("share/hadoop").resolve(component);
  }

  /** Where the README and docs/admin-guide.md tell an admin to copy the jar. */
  Path installedPluginDir() {
    return share("mapreduce").resolve("lib");
  }

  /**
   * The daemons' and the job client's class path: Hadoop's own jars, as {@code hadoop classpath}
   * lists them (with {@code share/hadoop/hdfs} itself, for its {@code webapps/}), without {@code
   * share/hadoop/mapreduce/lib}. So Pikachu reaches the cluster only through {@code
   * mapreduce.application.classpath}, in the MapReduce containers, as on a cluster where it is
   * installed but no daemon was restarted.
   */
  List<String> hadoopClassPath() {
    return List.of(
        share("common") + "/*",
        share("common/lib") + "/*",
        share("hdfs").toString(),
        share("hdfs") + "/*",
        share("yarn") + "/*",
        share("mapreduce") + "/*");
  }
}
