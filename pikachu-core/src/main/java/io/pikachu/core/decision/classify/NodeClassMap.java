package io.pikachu.core.decision.classify;

import io.pikachu.core.config.ConfigException;
import io.pikachu.core.config.PikachuKeys;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An admin-given node-to-class map, parsed from {@code host1=fast,host2=slow} (labels are free
 * names or numbers). The map only groups nodes: which class is faster is still measured, so a label
 * carries no speed of its own.
 *
 * <p>Nodes are matched case-insensitively, first by the full node id and then by its host part
 * before a {@code :port}, because on an embedded cluster all NodeManagers share one host name and
 * differ by port.
 */
public final class NodeClassMap {

  private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9_.-]+");

  private final Map<String, String> classOfNode;

  private NodeClassMap(Map<String, String> classOfNode) {
    this.classOfNode = Collections.unmodifiableMap(classOfNode);
  }

  public static NodeClassMap parse(String value) {
    String key = PikachuKeys.NODE_CLASSES.name();
    Map<String, String> map = new LinkedHashMap<>();
    for (String rawEntry : value.split(",", -1)) {
      String entry = rawEntry.trim();
      if (entry.isEmpty()) {
        throw new ConfigException(
            key, value, "empty entry; expected node=class pairs separated by commas");
      }
      int eq = entry.indexOf('=');
      if (eq < 0 || entry.indexOf('=', eq + 1) >= 0) {
        throw new ConfigException(
            key, value, "entry '" + entry + "' is not of the form node=class");
      }
      String node = entry.substring(0, eq).trim().toLowerCase(Locale.ROOT);
      String label = entry.substring(eq + 1).trim();
      if (node.isEmpty()) {
        throw new ConfigException(key, value, "entry '" + entry + "' has no node name");
      }
      if (!LABEL.matcher(label).matches()) {
        throw new ConfigException(
            key,
            value,
            "entry '" + entry + "' needs a class label of letters, digits, '_', '.' or '-'");
      }
      String previous = map.put(node, label);
      if (previous != null && !previous.equals(label)) {
        throw new ConfigException(
            key,
            value,
            "node '" + node + "' is given two classes, '" + previous + "' and '" + label + "'");
      }
    }
    return new NodeClassMap(map);
  }

  public Optional<String> classOf(String nodeId) {
    String id = nodeId.toLowerCase(Locale.ROOT);
    String label = classOfNode.get(id);
    if (label == null) {
      int colon = id.lastIndexOf(':');
      if (colon > 0) {
        label = classOfNode.get(id.substring(0, colon));
      }
    }
    return Optional.ofNullable(label);
  }

  public Map<String, String> entries() {
    return classOfNode;
  }

  @Override
  public String toString() {
    return classOfNode.toString();
  }
}
