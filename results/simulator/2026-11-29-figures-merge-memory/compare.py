"""Cells of the sensitivity table (speedup over stock, P) that moved between two runs' sensitivity.csv.
Usage: python3 compare.py OLD.csv NEW.csv"""
import csv, sys


def load(p):
    return {(r['fast_core_speed'], r['app'], r['method']): r for r in csv.DictReader(open(p))}


old, new = load(sys.argv[1]), load(sys.argv[2])
moved = 0
for k, n in new.items():
    o = old.get(k)
    if o is None:
        print('only in the new run:', k)
        continue
    if abs(float(o['speedup']) - float(n['speedup'])) > 0.0005 or abs(float(o['p']) - float(n['p'])) > 0.005:
        moved += 1
        print('%sx %s %s: speedup %s [%s, %s] -> %s [%s, %s]; P %s -> %s' % (
            k[0], k[1], k[2], o['speedup'], o['speedup_lo'], o['speedup_hi'],
            n['speedup'], n['speedup_lo'], n['speedup_hi'], o['p'], n['p']))
print('%d of %d cells moved' % (moved, len(new)))
