#!/bin/bash
# One hold of /tmp/heavy.lock for the session's timed and heavy steps, run back to back so the lock is not
# lost between them (the flock queue is not FIFO): the start-up A/B of our run, the NetBench comparison in
# four arms, the shipped comparison script, then seed 002's fidelity scoring until a fixed time (resumable),
# then the module's default suite from a fresh worktree of the branch head. Usage: flock /tmp/heavy.lock hold.sh
set -u
R=/tmp/h46f/rs; J=/tmp/h46f/fid.jar; NB=/tmp/h46b/nb/netbench/NetBench.jar; S=/tmp/h46f/scen
L=$R/drive.log
log() { echo "$(date -u +%FT%TZ) loadavg $(cut -d' ' -f1-3 /proc/loadavg): $*" >> "$L"; }
log "hold: got the lock"
LAUNCH=/work/wt-h46f/network-models/bin/network-models
ARGS="--load 0.6 --duration 2s --seed 1"

# 1. start-up A/B, ours alone (netbench-ours), 8 rounds of 4 arms; archives made untimed first
log "ab-start: begin"
rm -rf $R/ab $R/cds; mkdir -p $R/ab/warm
cp $S/netbench.properties $R/ab/warm/
NETMODELS_JAR=$J NETMODELS_CDS_DIR=$R/cds $LAUNCH netbench-ours --out $R/ab/warm $ARGS > $R/ab/warm.txt 2>&1
E="NETMODELS_JAR=$J NETMODELS_CDS_DIR=$R/cds"
$R/arms.sh $R/ab 8 \
  plain "cp $S/netbench.properties {dir}/ && java -jar $J netbench-ours --out {dir} $ARGS" \
  cds "cp $S/netbench.properties {dir}/ && env $E $LAUNCH netbench-ours --out {dir} $ARGS" \
  cds-c1 "cp $S/netbench.properties {dir}/ && env $E NETMODELS_JAVA_OPTS=-XX:TieredStopAtLevel=1 $LAUNCH netbench-ours --out {dir} $ARGS" \
  cds-serial "cp $S/netbench.properties {dir}/ && env $E NETMODELS_JAVA_OPTS=-XX:+UseSerialGC $LAUNCH netbench-ours --out {dir} $ARGS" \
  >> $R/ab.console 2>&1
log "ab-start: end rc $?"

# 2. NetBench and ours, each plain and with AppCDS, 8 rounds of 4 arms
log "nb4: begin"
rm -rf $R/nb4; mkdir -p $R/nb4/warm
sed "s#^run_folder_base_dir=.*#run_folder_base_dir=$R/nb4/warm#" $S/netbench.properties > $R/nb4/warm/nb.properties
java -XX:ArchiveClassesAtExit=$R/nb4/netbench.jsa -jar $NB $R/nb4/warm/nb.properties > $R/nb4/warm-nb.txt 2>&1
NBP="sed 's#^run_folder_base_dir=.*#run_folder_base_dir={dir}#' $S/netbench.properties > {dir}/nb.properties &&"
$R/arms.sh $R/nb4 8 \
  nb "$NBP java -jar $NB {dir}/nb.properties" \
  ours "cp $S/netbench.properties {dir}/ && java -jar $J netbench-ours --out {dir} $ARGS" \
  nb-cds "$NBP java -XX:SharedArchiveFile=$R/nb4/netbench.jsa -jar $NB {dir}/nb.properties" \
  ours-cds "cp $S/netbench.properties {dir}/ && env $E $LAUNCH netbench-ours --out {dir} $ARGS" \
  >> $R/nb4.console 2>&1
log "nb4: end rc $?"

# 3. the shipped comparison script, as a user runs it (ours through the start script), 6 pairs
log "compare: begin"
env OURS=$J RUNS=6 OUT=$R/compare /work/wt-h46f/network-models/bench/netbench-compare.sh \
  /tmp/h46b/nb/netbench /tmp/h46b/nb/netbench-counting/NetBench.jar 0.6 2 1 > $R/compare.console 2>&1
log "compare: end rc $?"

# 4. seed 002's fidelity scoring, resumed from its cache, until 18:09 UTC
END=$(date -u -d '18:09' +%s); NOW=$(date -u +%s)
if [ "$END" -gt "$NOW" ]; then
  log "fidelity: begin (until 18:09)"
  timeout --signal=TERM --kill-after=15 $((END - NOW)) /usr/bin/time -v java -jar $J fidelity --groups 002 --threads 2 \
    --cache /tmp/h46f/fcache --out /tmp/h46f/fout >> /tmp/h46f/fid2.log 2>&1
  log "fidelity: end rc $? ($(ls /tmp/h46f/fcache/runs | wc -l) runs cached)"
fi

# 5. the default suite from a fresh worktree of the branch head
log "verify: begin"
rm -rf /tmp/h46f/vwt; git -C /work/wt-h46f worktree prune
git -C /work/wt-h46f worktree add --detach /tmp/h46f/vwt h46f > /dev/null 2>&1
HEAD=$(git -C /tmp/h46f/vwt rev-parse --short HEAD)
(cd /tmp/h46f/vwt && /usr/bin/time -f "%e %U %S" -o /tmp/h46f/verify.time mvn -B -o -pl network-models -am verify > /tmp/h46f/verify.log 2>&1)
log "verify: end rc $? at $HEAD ($(cat /tmp/h46f/verify.time))"
log "hold: released"
