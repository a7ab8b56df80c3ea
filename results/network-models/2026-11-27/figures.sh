#!/bin/sh
# Regenerates the committed figures of seeds 000, 001 and 003 with the module's jar, seed 1:
# docs/network-models/duet, docs/network-models/taalk, docs/network-models/crossrss.
# Run from the repository root after mvn -B -q -pl network-models package.
set -e
JAR=network-models/target/network-models.jar
D=docs/network-models
java -jar $JAR all --out $D/duet > $D/duet/console.txt
java -jar $JAR taalk-all --out $D/taalk > $D/taalk/console.txt
java -jar $JAR taalk-scale --out $D/taalk > $D/taalk/console-scale.txt
java -jar $JAR crossrss-fig2a --out $D/crossrss > $D/crossrss/console.txt
java -jar $JAR crossrss-fig2b --out $D/crossrss >> $D/crossrss/console.txt
