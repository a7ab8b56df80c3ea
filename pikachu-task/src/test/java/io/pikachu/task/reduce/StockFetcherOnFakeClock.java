package io.pikachu.task.reduce;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLConnection;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Stock {@code org.apache.hadoop.mapreduce.task.reduce.Fetcher} of the Hadoop line on the class
 * path, its bytecode unchanged but for its clock: {@code Time.monotonicNow()} and {@code
 * Thread.sleep(long)} call {@link StockClock} instead, so that its private {@code
 * connect(URLConnection, int)} retries for minutes in no time. Loaded by a class loader of its own,
 * so the real Fetcher is untouched.
 */
final class StockFetcherOnFakeClock {
  static final String FETCHER = "org.apache.hadoop.mapreduce.task.reduce.Fetcher";
  private static final String CLOCK = StockClock.class.getName().replace('.', '/');

  private final Object fetcher;
  private final Method connect;

  /** How many calls were redirected to the fake clock (none would mean real waiting). */
  final int redirectedClockCalls;

  /** Reads a private static int of stock's real Fetcher (its constants). */
  static int stockConstant(String name) throws ReflectiveOperationException {
    Field f = Class.forName(FETCHER).getDeclaredField(name);
    f.setAccessible(true);
    return f.getInt(null);
  }

  StockFetcherOnFakeClock() throws IOException, ReflectiveOperationException {
    byte[] original;
    try (InputStream in =
        getClass().getClassLoader().getResourceAsStream(FETCHER.replace('.', '/') + ".class")) {
      original = in.readAllBytes();
    }
    int[] redirected = new int[1];
    ClassWriter out = new ClassWriter(0);
    new ClassReader(original)
        .accept(
            new ClassVisitor(Opcodes.ASM9, out) {
              @Override
              public MethodVisitor visitMethod(
                  int access, String name, String desc, String signature, String[] exceptions) {
                return new MethodVisitor(
                    Opcodes.ASM9, super.visitMethod(access, name, desc, signature, exceptions)) {
                  @Override
                  public void visitMethodInsn(
                      int opcode, String owner, String method, String d, boolean itf) {
                    boolean clock =
                        owner.equals("org/apache/hadoop/util/Time")
                            && method.equals("monotonicNow");
                    // javac names the Fetcher (a Thread) as the owner of its unqualified sleep(ms)
                    boolean sleep =
                        method.equals("sleep")
                            && d.equals("(J)V")
                            && (owner.equals("java/lang/Thread")
                                || owner.equals(FETCHER.replace('.', '/')));
                    if (opcode == Opcodes.INVOKESTATIC && (clock || sleep)) {
                      redirected[0]++;
                      super.visitMethodInsn(opcode, CLOCK, clock ? "now" : "sleep", d, false);
                    } else {
                      super.visitMethodInsn(opcode, owner, method, d, itf);
                    }
                  }
                };
              }
            },
            0);
    this.redirectedClockCalls = redirected[0];
    byte[] instrumented = out.toByteArray();
    ClassLoader loader =
        new ClassLoader(getClass().getClassLoader()) {
          @Override
          protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(FETCHER)) {
              return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
              Class<?> c = findLoadedClass(name);
              return c != null ? c : defineClass(name, instrumented, 0, instrumented.length);
            }
          }
        };
    Class<?> type = loader.loadClass(FETCHER);
    // connect(URLConnection, int) reads nothing of the instance but "stopped" (false): no need to
    // build the shuffle scheduler and merger its constructor takes
    Field unsafeField = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
    unsafeField.setAccessible(true);
    Object unsafe = unsafeField.get(null);
    this.fetcher =
        unsafe.getClass().getMethod("allocateInstance", Class.class).invoke(unsafe, type);
    this.connect = type.getDeclaredMethod("connect", URLConnection.class, int.class);
    connect.setAccessible(true);
  }

  /** Stock's connect of {@code connection} with {@code timeoutMs}, on the fake clock. */
  void connect(URLConnection connection, int timeoutMs) throws IOException {
    try {
      connect.invoke(fetcher, connection, timeoutMs);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof IOException) {
        throw (IOException) e.getCause();
      }
      throw new IllegalStateException(e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
