package io.pikachu.realcluster;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A Hadoop site file as an admin writes one: {@code <property>} elements with a name, a value and,
 * where asked, {@code <final>true</final>}, which {@code Configuration.writeXml} cannot write.
 */
final class SiteXml {
  private SiteXml() {}

  static void write(Path file, Map<String, NodeManagerSites.Property> properties)
      throws IOException {
    try {
      Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
      Element configuration = doc.createElement("configuration");
      doc.appendChild(configuration);
      properties.forEach(
          (name, property) -> {
            Element p = doc.createElement("property");
            append(doc, p, "name", name);
            append(doc, p, "value", property.value());
            if (property.isFinal()) {
              append(doc, p, "final", "true");
            }
            configuration.appendChild(p);
          });
      var transformer = TransformerFactory.newInstance().newTransformer();
      transformer.setOutputProperty(OutputKeys.INDENT, "yes");
      try (OutputStream out = Files.newOutputStream(file)) {
        transformer.transform(new DOMSource(doc), new StreamResult(out));
      }
    } catch (ParserConfigurationException | TransformerException e) {
      throw new IOException("cannot write " + file, e);
    }
  }

  private static void append(Document doc, Element parent, String tag, String text) {
    Element e = doc.createElement(tag);
    e.setTextContent(text);
    parent.appendChild(e);
  }
}
