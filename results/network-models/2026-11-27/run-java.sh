#!/bin/sh
# Runs the harness from a compiled copy of the module: NM_CP is network-models/target/classes plus
# its dependency classpath (mvn -pl network-models dependency:build-classpath), so experiments keep
# running on one commit while the work tree moves on. Every heavy run goes through the shared lock.
exec flock /tmp/heavy.lock nice -n 5 java -Xmx2g -cp "${NM_CP:?set NM_CP}" io.pikachu.netmodels.cli.NetModelsMain "$@"
