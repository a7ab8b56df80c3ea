#!/bin/bash
# Issue 45: when the embedded cluster's map copies are decided and when they get a container; what a task
# JVM's CPU is; and variants of the simulator tried on it (patches/, not kept). See README.md.
# Usage: run.sh decisions | tried | cpu-run | cpu | stagger | variants
#   decisions  python 3 on ../2026-11-29-fixed-p-today's AM logs: decisions.txt
#   tried      the speculator's clock and first-report readings (patches/speculator-clock.patch) on a
#              scratch worktree of 6f708af: whether the held-back validations change (tried.txt)
#   cpu-run    the suite (Wordcount, Config-1, stock and fixed P 3, 3 rounds) with a Java agent in every
#              task JVM (jvm-cpu/agent/CpuAgent.java: whole-process CPU, boot included) and the NMs'
#              container log at INFO; under the shared lock, about 6 minutes; writes jvm-cpu/
#   cpu        python 3 on jvm-cpu/: jvm-cpu/jvm-cpu.txt
#   stagger    jvm-stagger/run.sh (root, cgroup v1): CPU-bound JVMs in one 1-core group
#   variants   heartbeats and measured noise (patches/heartbeats-and-noise.patch) on a scratch worktree of
#              6f708af: the held-back validations per variant (variants/)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
S="$ROOT/results/simulator"
FIXED="$S/2026-11-29-fixed-p-today/suite"
worktree() {  # a scratch worktree of 6f708af with patch $1, built; sets WT and CP
  WT="$(mktemp -d /tmp/spec-decisions.XXXX)/wt"
  git -C "$ROOT" worktree add -q --detach "$WT" 6f708af
  git -C "$WT" apply "$HERE/patches/$1"
  mvn -B -q -o -DskipTests -Dspotless.check.skip=true package -pl pikachu-sim -am -f "$WT/pom.xml"
  CP="$(sed "s|$ROOT/|$WT/|g" "$ROOT/pikachu-sim/target/sim-cp.txt")"
}
validate() {  # java options..., then: OUT DIR for the 225 runs and OUT DIR for today's 15
  local a=("$@"); local n=${#a[@]}; local v="${a[n-2]}" t="${a[n-1]}"; unset 'a[n-1]' 'a[n-2]'
  (cd "$WT/pikachu-sim" && nice -n 15 java "${a[@]}" -cp "$CP" io.pikachu.sim.cli.SimMain validate --out "$v") > /dev/null 2>&1
  (cd "$WT/pikachu-sim" && nice -n 15 java "${a[@]}" -cp "$CP" io.pikachu.sim.cli.SimMain validate \
    --results "$FIXED/results.csv" --runs "$FIXED" --out "$t") > /dev/null 2>&1
}
case "${1:?part}" in
  decisions)
    LOGS="$(mktemp -d)"
    tar xzf "$S/2026-11-29-fixed-p-today/container-syslogs.tar.gz" -C "$LOGS"
    python3 "$HERE/scripts/decisions.py" "$LOGS" "$FIXED" > "$HERE/decisions.txt"
    rm -rf "$LOGS" ;;
  tried)
    worktree speculator-clock.patch
    for variant in clock first-report-zero; do
      opts=-Dnone=1; [ "$variant" = first-report-zero ] && opts=-Dfirst.report.zero=true
      out="$(mktemp -d)"
      validate "$opts" "$out/v" "$out/t"
      for p in "v validation" "t validation-fixed-p-today"; do
        set -- $p
        if cmp -s "$S/2026-11-30-reducer-launch/kept/$2/validation.csv" "$out/$1/validation.csv"; then r="byte for byte the same"; else r="different"; fi
        echo "$variant, $2: $r"
      done
    done > "$HERE/tried.txt"
    git -C "$ROOT" worktree remove --force "$WT" ;;
  cpu-run)
    "$HERE/jvm-cpu/suite-with-agent.sh" --apps wordcount --configs config-1 --methods stock,optimal --sweep 3 \
      --no-refine --sweep-reps 3 --reps 3 --maps 12 --mb-per-map 4 --out /tmp/pikachu-agent/suite
    cp -r /tmp/pikachu-agent/suite/results.csv /tmp/pikachu-agent/suite/runs "$HERE/jvm-cpu/"
    gzip -c /tmp/pikachu-agent/nm.log > "$HERE/jvm-cpu/nm.log.gz"
    gzip -c /tmp/pikachu-agent/jvmcpu.log > "$HERE/jvm-cpu/jvmcpu.log.gz" ;;
  cpu)
    python3 "$HERE/scripts/jvmcpu.py" <(zcat "$HERE/jvm-cpu/nm.log.gz") <(zcat "$HERE/jvm-cpu/jvmcpu.log.gz") > "$HERE/jvm-cpu/jvm-cpu.txt"
    python3 "$HERE/scripts/cpu_spread.py" "$HERE/jvm-cpu/jvm-cpu.txt" > "$HERE/jvm-cpu/cpu-spread.txt" ;;
  stagger)
    (cd "$ROOT" && mvn -B -q -o dependency:build-classpath -pl hetero-cluster -Dmdep.outputFile=/tmp/pikachu-stagger-cp.txt)
    flock /tmp/heavy.lock "$HERE/jvm-stagger/run.sh" "$(cat /tmp/pikachu-stagger-cp.txt)" ;;
  variants)
    worktree heartbeats-and-noise.patch
    while read -r name opts; do
      mkdir -p "$HERE/variants/$name"; out="$(mktemp -d)"
      read -r -a JO <<< "$opts"
      validate "${JO[@]}" "$out/v" "$out/t"
      cp "$out/v/validation.md" "$HERE/variants/$name/validation.md"
      cp "$out/t/validation.md" "$HERE/variants/$name/validation-fixed-p-today.md"
      python3 "$S/2026-11-30-copy-runs/scripts/copies.py" "$out/v/validation.csv" "$ROOT/results/cluster/2026-11-25-suite/runs" \
        > "$HERE/variants/$name/copies.txt" 2>/dev/null || true
    done <<'V'
base -Dnone=1
hb -Dhb=true
noise3 -Dval.noise=0.03 -Dval.seeds=5
hb+noise3 -Dhb=true -Dval.noise=0.03 -Dval.seeds=5
V
    git -C "$ROOT" worktree remove --force "$WT" ;;
  *) echo "unknown part $1" >&2; exit 2 ;;
esac
