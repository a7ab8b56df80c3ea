"""Random relabellings of the methods among measured runs, the permutation test both copy_counts.py and
signed_by_chance.py run: within each Config-1 application and repetition the runs' methods are shuffled,
so every run keeps its own outcome; runs on other clusters keep their method."""


class Relabeller:
    def __init__(self, rows):
        self.others = [r for r in rows if r['config'] != 'config-1']
        self.blocks = {}
        for r in rows:
            if r['config'] == 'config-1':
                self.blocks.setdefault((r['app'], r['rep']), []).append(r)

    def relabelled(self, rng):
        """The rows once more, their Config-1 methods shuffled within each block by rng."""
        out = list(self.others)
        for b in self.blocks.values():
            labels = [r['method'] for r in b]
            rng.shuffle(labels)
            out += [dict(r, method=label) for r, label in zip(b, labels)]
        return out
