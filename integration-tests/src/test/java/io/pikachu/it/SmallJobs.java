package io.pikachu.it;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * What the exactness and fault tests share: the shared cluster of equal nodes, a folder of the test
 * class's own, small text input of {@value #MAPS} files (one map each) for {@value #REDUCERS}
 * reducers, and the harness that compares each job with stock.
 */
@SharedCluster.On(SharedCluster.Kind.PLAIN)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SmallJobs {
  static final int REDUCERS = 3;
  static final int MAPS = 4;

  SharedCluster.Handle cluster;
  Configuration conf;
  FileSystem fs;
  Path root;
  Path input;
  StockVsPikachu harness;

  @BeforeAll
  void writeInput() throws Exception {
    cluster = SharedCluster.forClass(getClass());
    conf = cluster.jobConf();
    fs = cluster.fs();
    root = cluster.base();
    input = new Path(root, "input");
    TestApps.writeInput(fs, input, MAPS, 1200, 7);
    harness = new StockVsPikachu(fs, root, conf);
  }

  /** Wordcount over the class's input, with {@value #REDUCERS} reducers. */
  StockVsPikachu.JobFactory wordcount() {
    return (c, out, name) -> TestApps.create(TestApps.App.WORDCOUNT, c, input, out, REDUCERS, name);
  }
}
