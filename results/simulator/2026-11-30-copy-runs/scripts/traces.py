"""The AM plugin's trace of one suite run (trace.jsonl) and the run's nodes (nodes.csv beside it)."""
import json
import os
from collections import defaultdict


def node_names(trace_path):
    """Node name by its NodeManager port, from nodes.csv beside the trace."""
    lines = open(os.path.join(os.path.dirname(trace_path), 'nodes.csv')).read().split('\n')[1:]
    return {l.split(',')[1].split(':')[1]: l.split(',')[0] for l in lines if l}


def attempts(trace_path):
    """Each attempt's status records, in the trace's order."""
    d = defaultdict(list)
    for line in open(trace_path):
        j = json.loads(line)
        if 'attemptId' in j:
            d[j['attemptId']].append(j)
    return d
