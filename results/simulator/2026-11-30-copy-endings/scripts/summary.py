# One line per simulator variant: the held-back validation's median absolute errors over the 225 runs, each
# method's median signed reduce-tail error, today's (2026-11-29) fixed P 3 and 4 signed, the copies (Copies.java)
# and the fit's loss per fold where recorded.
# Usage: summary.py <dir> <variant>...   (each <dir>/<variant>/ holds validation.csv, validation-fixed-p-today.csv,
# copies.txt and, optionally, fit-loss.txt)
import csv, os, re, statistics as st, sys

METHODS = ['stock', 'tarazu', 'pikachu', 'two-stage', 'fixed-3.00', 'fixed-4.00', 'fixed-5.00']


def med(rows, k, absolute):
    return 100 * st.median(abs(float(r[k])) if absolute else float(r[k]) for r in rows)


root = sys.argv[1]
print('| variant | job | map phase | reduce tail | tail signed: ' + ' / '.join(METHODS)
      + ' | 2026-11-29 fixed P 3 / 4 signed | Config-1 runs ending on a copy / copies won / a winning copy\'s wait (s) | fit loss per fold |')
print('| --- ' * 8 + '|')
for n in sys.argv[2:]:
    d = os.path.join(root, n)
    rows = list(csv.DictReader(open(os.path.join(d, 'validation.csv'))))
    today = list(csv.DictReader(open(os.path.join(d, 'validation-fixed-p-today.csv'))))
    signed = ' / '.join('%+.1f' % med([r for r in rows if r['method'] == m], 'reduce_tail_error', False) for m in METHODS)
    t = ' / '.join('%+.1f' % med([r for r in today if r['method'] == m], 'reduce_tail_error', False)
                   for m in ('fixed-3.00', 'fixed-4.00'))
    c = open(os.path.join(d, 'copies.txt')).read()
    rep = re.findall(r'replayed ([\d.]+)', c)
    gap = re.search(r'replayed median ([\d.]+)', c).group(1)
    lossf = os.path.join(d, 'fit-loss.txt')
    loss = ' '.join('%.3f' % float(l.split()[2]) for l in open(lossf) if l.startswith('fit loss')) if os.path.exists(lossf) else ''
    print('| %s | %.1f%% | %.1f%% | %.1f%% | %s | %s | %s / %s / %s | %s |' % (
        n, med(rows, 'job_error', True), med(rows, 'map_phase_error', True), med(rows, 'reduce_tail_error', True),
        signed, t, rep[0], rep[1], gap, loss))
