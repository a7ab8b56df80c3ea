package io.pikachu.realcluster;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The library versions a Hadoop line builds with: the {@code dependencyManagement} of its {@code
 * hadoop-project} pom, with the pom's own properties filled in. Hadoop's build, and so its release
 * tarball's {@code share/hadoop/common/lib}, resolves with these.
 */
final class HadoopProjectPom {
  private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");

  private final Map<String, String> managed;

  private HadoopProjectPom(Map<String, String> managed) {
    this.managed = managed;
  }

  static HadoopProjectPom read(Path pom) throws Exception {
    Element project =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(pom.toFile())
            .getDocumentElement();
    Map<String, String> properties = new HashMap<>();
    properties.put("project.version", text(project, "version"));
    Element props = child(project, "properties");
    if (props != null) {
      for (Element p : children(props)) {
        properties.put(p.getTagName(), p.getTextContent().trim());
      }
    }
    Map<String, String> managed = new HashMap<>();
    Element dm = child(project, "dependencyManagement");
    for (Element d : children(child(dm, "dependencies"))) {
      String version = text(d, "version");
      String type = text(d, "type");
      if (version == null || (type != null && !type.equals("jar"))) {
        continue;
      }
      String resolved = resolve(version, properties, 0);
      if (resolved != null) {
        managed.putIfAbsent(text(d, "artifactId"), resolved);
      }
    }
    return new HadoopProjectPom(managed);
  }

  /** The version the line manages for {@code artifactId}, or null. */
  String version(String artifactId) {
    return managed.get(artifactId);
  }

  int size() {
    return managed.size();
  }

  private static String resolve(String value, Map<String, String> properties, int depth) {
    Matcher m = PROPERTY.matcher(value);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String replacement = properties.get(m.group(1));
      if (replacement == null || depth > 10) {
        return null; // a property of the parent pom or the build: not a library version
      }
      replacement = resolve(replacement, properties, depth + 1);
      if (replacement == null) {
        return null;
      }
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static Element child(Element parent, String tag) {
    for (Element e : children(parent)) {
      if (e.getTagName().equals(tag)) {
        return e;
      }
    }
    return null;
  }

  private static String text(Element parent, String tag) {
    Element e = child(parent, tag);
    return e == null ? null : e.getTextContent().trim();
  }

  private static java.util.List<Element> children(Element parent) {
    java.util.List<Element> out = new java.util.ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE) {
        out.add((Element) nodes.item(i));
      }
    }
    return out;
  }
}
