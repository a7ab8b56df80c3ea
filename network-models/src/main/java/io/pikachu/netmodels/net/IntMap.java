package io.pikachu.netmodels.net;

import java.util.Arrays;

/**
 * Open-addressing map from int keys to objects, without boxing: a host looks up the endpoint of
 * every packet it receives, and {@code HashMap<Integer, ...>} would box each key.
 */
final class IntMap<V> {
  private static final int EMPTY = Integer.MIN_VALUE;
  private int[] keys;
  private Object[] values;
  private int size;
  private int mask;

  IntMap() {
    keys = new int[16];
    Arrays.fill(keys, EMPTY);
    values = new Object[16];
    mask = 15;
  }

  int size() {
    return size;
  }

  private static int slot(int key, int mask) {
    int h = key * 0x9E3779B9;
    return (h ^ (h >>> 16)) & mask;
  }

  @SuppressWarnings("unchecked")
  V get(int key) {
    int i = slot(key, mask);
    while (true) {
      int k = keys[i];
      if (k == key) return (V) values[i];
      if (k == EMPTY) return null;
      i = (i + 1) & mask;
    }
  }

  void put(int key, V value) {
    if (key == EMPTY) throw new IllegalArgumentException("reserved key");
    if (2 * (size + 1) > keys.length) rehash(keys.length * 2);
    int i = slot(key, mask);
    while (keys[i] != EMPTY && keys[i] != key) i = (i + 1) & mask;
    if (keys[i] == EMPTY) size++;
    keys[i] = key;
    values[i] = value;
  }

  void remove(int key) {
    int i = slot(key, mask);
    while (keys[i] != key) {
      if (keys[i] == EMPTY) return;
      i = (i + 1) & mask;
    }
    // Backward-shift deletion keeps probe chains intact without tombstones.
    int gap = i;
    int j = i;
    while (true) {
      j = (j + 1) & mask;
      if (keys[j] == EMPTY) break;
      int home = slot(keys[j], mask);
      // Move j into the gap if its home is not cyclically within (gap, j].
      if (((j - home) & mask) >= ((j - gap) & mask)) {
        keys[gap] = keys[j];
        values[gap] = values[j];
        gap = j;
      }
    }
    keys[gap] = EMPTY;
    values[gap] = null;
    size--;
  }

  private void rehash(int n) {
    int[] ok = keys;
    Object[] ov = values;
    keys = new int[n];
    Arrays.fill(keys, EMPTY);
    values = new Object[n];
    mask = n - 1;
    size = 0;
    for (int i = 0; i < ok.length; i++) {
      if (ok[i] != EMPTY) {
        @SuppressWarnings("unchecked")
        V v = (V) ov[i];
        put(ok[i], v);
      }
    }
  }
}
