package io.pikachu.realcluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The NodeManagers' own site properties, as the conf dirs are written (runs in every build). */
class NodeManagerSitesTest {
  private static final String COLLECTOR = "mapreduce.job.map.output.collector.class";

  @TempDir Path work;

  private ClusterSite site(NodeManagerSites overrides) {
    return new ClusterSite(
        work,
        new HadoopHome(work.resolve("hadoop")),
        AdminTemplates.merged(Path.of("..", "conf")),
        2,
        overrides);
  }

  private static Configuration mapredSite(Path confDir) {
    Configuration conf = new Configuration(false);
    conf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("mapred-site.xml").toUri()));
    return conf;
  }

  /** A task's view: the node's mapred-site.xml, then a job.xml that sets {@code key}. */
  private Configuration taskConf(Path confDir, String key, String value) throws Exception {
    Configuration job = new Configuration(false);
    job.set(key, value);
    Path jobXml = work.resolve("job-" + confDir.getFileName() + ".xml");
    try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(jobXml)) {
      job.writeXml(out);
    }
    Configuration conf = mapredSite(confDir);
    conf.addResource(new org.apache.hadoop.fs.Path(jobXml.toUri()));
    return conf;
  }

  @Test
  void oneNodeManagerGetsItsOwnMapredSiteAndTheClientNone() throws Exception {
    NodeManagerSites overrides = NodeManagerSites.none();
    overrides.everyNodeManager().mapredSite().set("pikachu.enabled", "false");
    overrides
        .nodeManager(2)
        .mapredSite()
        .set("pikachu.enabled", "true")
        .set("pikachu.bins.per-reducer", "4")
        .unset(COLLECTOR);
    overrides.nodeManager(2).yarnSite().set("yarn.nodemanager.resource.cpu-vcores", "8");
    ClusterSite site = site(overrides);
    Path client = site.writeConfDir("client", null);
    Path rm = site.writeConfDir("resourcemanager", null);
    Path nm1 = site.writeConfDir("nodemanager-1", site.nodeManagers().get(0));
    Path nm2 = site.writeConfDir("nodemanager-2", site.nodeManagers().get(1));

    for (Path notANodeManager : new Path[] {client, rm}) {
      Configuration conf = mapredSite(notANodeManager);
      assertNull(conf.get("pikachu.enabled"), notANodeManager.toString());
      assertEquals("io.pikachu.task.map.BinningMapOutputCollector", conf.get(COLLECTOR));
    }
    assertEquals("false", mapredSite(nm1).get("pikachu.enabled"));
    assertEquals("10", mapredSite(nm1).get("pikachu.bins.per-reducer"), "the templates'");
    assertEquals("io.pikachu.task.map.BinningMapOutputCollector", mapredSite(nm1).get(COLLECTOR));
    assertEquals("true", mapredSite(nm2).get("pikachu.enabled"));
    assertEquals("4", mapredSite(nm2).get("pikachu.bins.per-reducer"));
    assertNull(mapredSite(nm2).get(COLLECTOR), "unset on nodemanager-2");

    Configuration yarn1 = new Configuration(false);
    yarn1.addResource(new org.apache.hadoop.fs.Path(nm1.resolve("yarn-site.xml").toUri()));
    Configuration yarn2 = new Configuration(false);
    yarn2.addResource(new org.apache.hadoop.fs.Path(nm2.resolve("yarn-site.xml").toUri()));
    assertEquals("4", yarn1.get("yarn.nodemanager.resource.cpu-vcores"));
    assertEquals("8", yarn2.get("yarn.nodemanager.resource.cpu-vcores"));
    // the cluster's own per-node settings stay
    assertEquals(
        Integer.toString(site.nodeManagers().get(1).shufflePort()),
        yarn2.get("mapreduce.shuffle.port"));
  }

  @Test
  void aFinalKeyBeatsTheJobsValueAndAPlainOneDoesNot() throws Exception {
    NodeManagerSites overrides = NodeManagerSites.none();
    overrides.nodeManager(1).mapredSite().setFinal("pikachu.enabled", "false");
    overrides.nodeManager(2).mapredSite().set("pikachu.enabled", "false");
    ClusterSite site = site(overrides);
    Path nm1 = site.writeConfDir("nodemanager-1", site.nodeManagers().get(0));
    Path nm2 = site.writeConfDir("nodemanager-2", site.nodeManagers().get(1));
    // job.xml comes after the site file, as in a task's JobConf
    assertEquals("false", taskConf(nm1, "pikachu.enabled", "true").get("pikachu.enabled"));
    assertEquals("true", taskConf(nm2, "pikachu.enabled", "true").get("pikachu.enabled"));
  }

  @Test
  void anOverrideOfANodeManagerTheClusterLacksIsAnError() {
    NodeManagerSites overrides = NodeManagerSites.none();
    overrides.nodeManager(3).mapredSite().set("pikachu.enabled", "false");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> site(overrides));
    assertEquals("an override names nodemanager-3 of a cluster with 2", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> NodeManagerSites.none().nodeManager(0));
  }
}
