package io.pikachu.dist;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which relocated (bundled) classes each class of a jar names in its constant pool: class
 * references, descriptors and signatures all live in its UTF-8 constants.
 */
final class BundledClassRefs {
  private final String shaded;
  private final Pattern ref;

  /** Class file name (a/b/C.class) to the bundled classes it names (a/b/D, without .class). */
  final Map<String, Set<String>> refs = new HashMap<>();

  /**
   * @param shaded where the jar's bundled classes were relocated, e.g. {@code io/pikachu/shaded/}
   */
  BundledClassRefs(JarFile jar, String shaded) throws IOException {
    this.shaded = shaded;
    this.ref = Pattern.compile(Pattern.quote(shaded) + "[\\w/$]+");
    for (JarEntry e : java.util.Collections.list(jar.entries())) {
      if (e.getName().endsWith(".class")) {
        try (InputStream in = jar.getInputStream(e)) {
          refs.put(e.getName(), bundledNames(new DataInputStream(in)));
        }
      }
    }
  }

  /** The bundled classes the jar holds. */
  Set<String> bundled() {
    Set<String> bundled = new TreeSet<>();
    for (String e : refs.keySet()) {
      if (e.startsWith(shaded)) {
        bundled.add(e.substring(0, e.length() - ".class".length()));
      }
    }
    return bundled;
  }

  /** The bundled classes reachable from the jar's own (not relocated) classes. */
  Set<String> reachableFromOwnClasses() {
    Set<String> reached = new TreeSet<>();
    Deque<String> todo = new ArrayDeque<>();
    refs.forEach(
        (file, names) -> {
          if (!file.startsWith(shaded)) {
            todo.addAll(names);
          }
        });
    while (!todo.isEmpty()) {
      String name = todo.pop();
      if (reached.add(name)) {
        todo.addAll(refs.getOrDefault(name + ".class", Set.of()));
      }
    }
    return reached;
  }

  /**
   * Every class a class file names in its constant pool: its class entries, and the types in
   * descriptors and signatures ({@code Lpkg/Name;}).
   */
  static Set<String> referencedClasses(InputStream classFile) throws IOException {
    Set<String> names = new TreeSet<>();
    Pool pool = Pool.read(new DataInputStream(classFile));
    for (int index : pool.classNameIndexes) {
      String name = pool.utf8.get(index);
      names.add(name.startsWith("[") ? name.replaceAll("^\\[+L?|;$", "") : name);
    }
    for (String utf8 : pool.utf8.values()) {
      Matcher d = DESCRIPTOR_TYPE.matcher(utf8);
      while (d.find()) {
        names.add(d.group(1));
      }
    }
    names.removeIf(n -> n.length() <= 1); // primitive array components
    return names;
  }

  /** A class type in a descriptor or signature: after its start or another type's delimiter. */
  private static final Pattern DESCRIPTOR_TYPE =
      Pattern.compile("(?:^|[(\\[;<:)^+*-])L([\\w$]+(?:/[\\w$]+)+);");

  private Set<String> bundledNames(DataInputStream in) throws IOException {
    Set<String> names = new TreeSet<>();
    for (String utf8 : Pool.read(in).utf8.values()) {
      Matcher m = ref.matcher(utf8);
      while (m.find()) {
        names.add(m.group());
      }
    }
    return names;
  }

  /** A class file's constant pool: its UTF-8 constants by index, and its class entries. */
  private static final class Pool {
    final Map<Integer, String> utf8 = new HashMap<>();
    final java.util.List<Integer> classNameIndexes = new java.util.ArrayList<>();

    static Pool read(DataInputStream in) throws IOException {
      Pool pool = new Pool();
      in.readInt(); // magic
      in.readUnsignedShort();
      in.readUnsignedShort();
      int count = in.readUnsignedShort();
      for (int i = 1; i < count; i++) {
        int tag = in.readUnsignedByte();
        switch (tag) {
          case 1 -> pool.utf8.put(i, in.readUTF());
          case 7 -> pool.classNameIndexes.add(in.readUnsignedShort());
          case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
          case 5, 6 -> {
            in.skipBytes(8);
            i++; // takes two slots
          }
          case 8, 16, 19, 20 -> in.skipBytes(2);
          case 15 -> in.skipBytes(3);
          default -> throw new IOException("unknown constant pool tag " + tag);
        }
      }
      return pool;
    }
  }
}
