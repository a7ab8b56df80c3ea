package io.pikachu.realcluster;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Site properties that only the NodeManagers' conf dirs get, on top of the cluster's own and the
 * admin templates': for every NodeManager ({@link #everyNodeManager()}) or for one ({@link
 * #nodeManager(int)}, which also beats the former). The job client, the ResourceManager and the
 * other daemons keep the cluster's files. This is how a test gives one node other Pikachu settings
 * than the rest (a rolling upgrade, a {@code <final>} key on some nodes) or switches Pikachu off in
 * the NodeManagers' {@code mapred-site.xml} alone.
 *
 * <p>What reaches a task or AM: a NodeManager's conf dir is its containers' {@code HADOOP_CONF_DIR}
 * (whitelisted), which heads {@code yarn.application.classpath}, so a container's {@code JobConf}
 * loads that node's {@code mapred-site.xml} beneath the job's {@code job.xml}. The client writes
 * into {@code job.xml} every key of its own site files and loaded defaults, and those beat a node's
 * value unless the node marks it final ({@link Properties#setFinal}). With a framework tarball
 * ({@code mapreduce.application.framework.path}) the node's conf dir is not on the containers'
 * class path.
 */
final class NodeManagerSites {
  /** A site file a NodeManager's conf dir holds that an override may change. */
  enum SiteFile {
    YARN_SITE("yarn-site.xml"),
    MAPRED_SITE("mapred-site.xml");

    final String fileName;

    SiteFile(String fileName) {
      this.fileName = fileName;
    }
  }

  /** A property as a site file writes it; a null value removes the key from the file. */
  record Property(String value, boolean isFinal) {}

  /** The overrides of one scope (every NodeManager, or one) in one site file. */
  static final class Properties {
    private final Map<String, Property> properties = new LinkedHashMap<>();

    Properties set(String key, String value) {
      properties.put(key, new Property(value, false));
      return this;
    }

    /** Marked {@code <final>}: beats the job's own value in the containers of this node. */
    Properties setFinal(String key, String value) {
      properties.put(key, new Property(value, true));
      return this;
    }

    /** Leaves the key out of the file, e.g. a plugin class the templates set elsewhere. */
    Properties unset(String key) {
      properties.put(key, new Property(null, false));
      return this;
    }

    Map<String, Property> asMap() {
      return properties;
    }
  }

  /** Every site file's overrides of one scope. */
  static final class Scope {
    private final Map<SiteFile, Properties> files = new LinkedHashMap<>();

    Properties mapredSite() {
      return site(SiteFile.MAPRED_SITE);
    }

    Properties yarnSite() {
      return site(SiteFile.YARN_SITE);
    }

    Properties site(SiteFile file) {
      return files.computeIfAbsent(file, f -> new Properties());
    }
  }

  private final Scope every = new Scope();
  private final Map<Integer, Scope> single = new TreeMap<>();

  static NodeManagerSites none() {
    return new NodeManagerSites();
  }

  /** Overrides for every NodeManager's conf dir, and for no other daemon's or the client's. */
  Scope everyNodeManager() {
    return every;
  }

  /**
   * Overrides for one NodeManager's conf dir: {@code index} counts from 1, as the NodeManagers'
   * names do ({@code nodemanager-1}, ...).
   */
  Scope nodeManager(int index) {
    if (index < 1) {
      throw new IllegalArgumentException("NodeManagers count from 1, not " + index);
    }
    return single.computeIfAbsent(index, i -> new Scope());
  }

  /** The highest NodeManager index an override names (0 for none), checked against the cluster. */
  int highestIndex() {
    return single.isEmpty() ? 0 : ((TreeMap<Integer, Scope>) single).lastKey();
  }

  /** What the NodeManager {@code index} gets in {@code file}: every node's, then its own. */
  Map<String, Property> forNodeManager(int index, SiteFile file) {
    Map<String, Property> merged = new LinkedHashMap<>(every.site(file).asMap());
    Scope own = single.get(index);
    if (own != null) {
      merged.putAll(own.site(file).asMap());
    }
    return merged;
  }
}
