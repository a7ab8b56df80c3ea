package io.pikachu.sim.engine;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.Method;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.speculate.NodeSpeedMapEstimates;
import io.pikachu.sim.model.AppProfile;
import io.pikachu.sim.model.JobSpec;
import io.pikachu.sim.model.Platform;
import io.pikachu.sim.model.ReducerLaunch;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;

/**
 * A discrete-event, fluid model of one MapReduce job on a cluster.
 *
 * <p>Each node's CPU is shared max-min fairly among the attempts that want it, each capped at what
 * one attempt can use (a map or a merge one core, a shuffling reducer {@link
 * AppProfile#reducerMaxCores()}); a node's inbound link is shared equally among the reducers
 * copying onto it. Between events every rate is constant, so the model jumps from one change to the
 * next. Maps launch in free map slots after a container delay, local input first; reducers launch
 * in the reduce slots {@link Platform#reducerLaunchDelayS()} after {@link Platform#slowStart()} of
 * the maps are done (later waves after a container delay); a reducer copies its bins' share of each
 * completed map's output in completion order, then merges and reduces what it holds. Hadoop's
 * speculator may add a second attempt of a slow map.
 *
 * <p>With a Pikachu method the job runs with virtual bins: every second the simulated AM plugin
 * ({@link ControllerFeed}) reports the attempts to the real {@code JobController} and polls it;
 * each bin map it publishes reaches the reducers after their poll interval: a reducer re-copies the
 * bins it gained from the maps it had copied, and drops the bins it lost; its final merge waits for
 * a final map. Not thread-safe; one instance runs one job once.
 */
public final class Simulation {

  private static final double EPS = 1e-9;

  private static final double BYTES_PER_MB = 1024.0 * 1024.0;

  /** A guard against a job that never ends: 30 simulated days. */
  private static final double MAX_SECONDS = 30 * 86_400.0;

  private final ClusterSpec cluster;
  private final JobSpec job;
  private final Method method;
  private final Platform platform;
  private final AppProfile app;
  private final Random random;

  private final NodeState[] nodes;
  private final PriorityQueue<Event> queue = new PriorityQueue<Event>();
  private long seq;
  private long events;
  private double now;

  // maps
  private final double[] mapOutputMb;
  private final double[] mapNoise;
  private final int[][] mapHomes;
  private final boolean[] mapStarted;
  private final boolean[] mapDone;
  private final List<List<Attempt>> mapAttempts = new ArrayList<List<Attempt>>();
  private final List<Deque<Integer>> localPending = new ArrayList<Deque<Integer>>();
  private int nextRemote;
  private int startedMaps;
  private final Deque<Integer> speculative = new ArrayDeque<Integer>();
  private int completedMaps;
  private double completedOutput;
  private final double[] prefixOutput;
  private final double[] completionTime;
  private double lastMapFinish = Double.NaN;
  private final MapRuntimeEstimates mapEstimates = new MapRuntimeEstimates();
  private double nextSpeculation;

  // reducers
  private final double[] binWeight;
  private int[] owners;

  /** Each reducer's bins under {@link #owners}, ascending. */
  private int[][] binsByReducer;

  private boolean ownersFinal;
  private final Attempt[] reducers;
  private boolean reducersScheduled;

  /** Reducers of later waves, launched in order as reduce slots free up. */
  private final Deque<Integer> pendingReducers = new ArrayDeque<Integer>();

  private int reducersDone;
  private double firstReducerStart = Double.NaN;

  // controller
  private final ControllerFeed feed;
  private final List<Attempt> unreportedLaunches = new ArrayList<Attempt>();
  private final List<double[]> publishedAt = new ArrayList<double[]>();

  /** The last version the controller decided, applied or not. */
  private ControllerFeed.Published latest;

  private final List<Attempt> all = new ArrayList<Attempt>();
  private final Set<Attempt> liveAttempts = new LinkedHashSet<Attempt>();
  private double jobEnd = Double.NaN;
  private boolean ran;

  public Simulation(ClusterSpec cluster, JobSpec job, Method method, Platform platform) {
    this.cluster = cluster;
    this.job = job;
    this.method = method;
    this.platform = platform;
    this.app = job.app();
    this.random = new Random(job.seed());
    this.nodes = new NodeState[cluster.nodes().size()];
    int reduceSlots = 0;
    for (int i = 0; i < nodes.length; i++) {
      nodes[i] = new NodeState(cluster.nodes().get(i), i);
      reduceSlots += nodes[i].spec.reduceSlots();
      localPending.add(new ArrayDeque<Integer>());
    }
    if (reduceSlots < 1) {
      throw new IllegalArgumentException("the cluster has no reduce slot");
    }
    if (cluster.totalMapSlots() < 1) {
      throw new IllegalArgumentException("the cluster has no map slot");
    }
    int maps = job.maps();
    mapOutputMb = new double[maps];
    mapNoise = new double[maps];
    mapHomes = new int[maps][];
    mapStarted = new boolean[maps];
    mapDone = new boolean[maps];
    prefixOutput = new double[maps];
    completionTime = new double[maps];
    int replicas = Math.min(job.replication(), nodes.length);
    for (int m = 0; m < maps; m++) {
      mapNoise[m] = noise();
      mapOutputMb[m] = job.mapInputMb(m) * app.mapOutputRatio() * mapNoise[m];
      mapHomes[m] = homes(replicas);
      mapAttempts.add(new ArrayList<Attempt>(2));
      for (int h : mapHomes[m]) {
        localPending.get(h).add(m);
      }
    }
    binWeight = binWeights(job.reducers(), job.binsPerReducer(), job.skew(), random);
    owners = ControllerFeed.evenOwners(job.reducers(), job.binsPerReducer());
    binsByReducer = binsByOwner(owners, job.reducers());
    reducers = new Attempt[job.reducers()];
    feed =
        method.usesController()
            ? new ControllerFeed(
                method,
                job.reducers(),
                job.binsPerReducer(),
                job.pikachuConf(),
                platform.mapProgressWhileRunning(),
                job.nodeProfile())
            : null;
    ownersFinal = feed == null;
  }

  /** Runs the job to its end. */
  public SimResult run() {
    if (ran) {
      throw new IllegalStateException("a simulation runs once");
    }
    ran = true;
    now = 0;
    for (NodeState n : nodes) {
      for (int s = 0; s < n.spec.mapSlots(); s++) {
        n.freeMapSlots--;
        push(new Event(platform.amStartS(), Event.LAUNCH_MAP, n, 0));
      }
    }
    push(new Event(platform.amStartS(), Event.TICK, null, 0));
    while (Double.isNaN(jobEnd)) {
      Event e = queue.poll();
      if (e == null) {
        throw new IllegalStateException("the simulation ran out of events at " + now + " s");
      }
      now = e.time;
      if (now > MAX_SECONDS) {
        throw new IllegalStateException(
            "the job has not ended after " + MAX_SECONDS + " simulated seconds");
      }
      events++;
      handle(e);
    }
    List<TaskRecord> records = new ArrayList<TaskRecord>();
    for (Attempt a : all) {
      records.add(new TaskRecord(a, a.stage == Attempt.Stage.DONE));
    }
    return new SimResult(
        method,
        jobEnd,
        lastMapFinish,
        firstReducerStart,
        records,
        feed == null ? null : feed.record(),
        publishedAt,
        events);
  }

  // ---- events ----

  private void handle(Event e) {
    switch (e.kind) {
      case Event.NODE:
        if (e.node.version == e.version) {
          onNode(e.node);
        }
        break;
      case Event.LAUNCH_MAP:
        launchMap(e.node);
        break;
      case Event.LAUNCH_REDUCE:
        launchReduce(e.node, (int) e.version);
        break;
      case Event.TICK:
        tick();
        break;
      case Event.APPLY:
        apply(e.owners, e.isFinal, false);
        break;
      case Event.APPLY_WAITING:
        apply(e.owners, e.isFinal, true);
        break;
      case Event.END:
        jobEnd = now;
        break;
      default:
        throw new IllegalStateException("unknown event " + e.kind);
    }
  }

  private void push(Event e) {
    e.seq = seq++;
    queue.add(e);
  }

  // ---- launching ----

  private void launchMap(NodeState n) {
    int m = pickMap(n);
    if (m < 0) {
      n.freeMapSlots++;
      return;
    }
    boolean spec = mapStarted[m];
    mapStarted[m] = true;
    if (!spec) {
      startedMaps++;
    }
    List<Attempt> attempts = mapAttempts.get(m);
    Attempt a =
        new Attempt(
            String.format(Locale.ROOT, "attempt_sim_0001_m_%06d_%d", m, attempts.size()),
            true,
            m,
            n,
            now,
            mapNoise[m]);
    a.inputMb = job.mapInputMb(m);
    a.remote = !contains(mapHomes[m], n.index);
    if (spec) {
      Attempt first = attempts.get(0);
      a.sibling = first;
      first.sibling = a;
    }
    attempts.add(a);
    n.mapsRun++;
    begin(a, app.mapStartCoreS());
  }

  /**
   * A map with input on this node, then any map, then a speculative attempt: Hadoop's AM asks for a
   * copy's container at the maps' priority, behind every request made before it, and hands a
   * container to the first request that fits (RMContainerAllocator), so a copy waits for the
   * pending maps.
   */
  private int pickMap(NodeState n) {
    Deque<Integer> local = localPending.get(n.index);
    while (!local.isEmpty()) {
      int m = local.poll();
      if (!mapStarted[m]) {
        return m;
      }
    }
    while (nextRemote < mapStarted.length && mapStarted[nextRemote]) {
      nextRemote++;
    }
    if (nextRemote < mapStarted.length) {
      return nextRemote;
    }
    for (Iterator<Integer> it = speculative.iterator(); it.hasNext(); ) {
      int m = it.next();
      if (!copyStillWanted(m)) {
        it.remove();
      } else if (mapAttempts.get(m).get(0).node != n || nodes.length == 1) {
        it.remove();
        return m;
      }
    }
    return -1;
  }

  /** A copy decided for map m still waits for its container: the original alone runs. */
  private boolean copyStillWanted(int m) {
    List<Attempt> attempts = mapAttempts.get(m);
    return !mapDone[m] && attempts.size() == 1 && attempts.get(0).live();
  }

  /** Whether any map attempt, an original or a copy, waits for a container. */
  private boolean mapsWaitForContainers() {
    if (startedMaps < job.maps()) {
      return true;
    }
    for (int m : speculative) {
      if (copyStillWanted(m)) {
        return true;
      }
    }
    return false;
  }

  private void launchReduce(NodeState n, int r) {
    Attempt a =
        new Attempt(
            String.format(Locale.ROOT, "attempt_sim_0001_r_%06d_0", r), false, r, n, now, noise());
    a.weight = weightOf(r, owners);
    a.finalKnown = ownersFinal;
    a.seen = completedOutput;
    reducers[r] = a;
    if (Double.isNaN(firstReducerStart)) {
      firstReducerStart = now;
    }
    begin(a, app.reduceStartCoreS());
  }

  private void begin(Attempt a, double startWork) {
    all.add(a);
    liveAttempts.add(a);
    a.stage = Attempt.Stage.START;
    a.stageWork = startWork * a.noise;
    a.remaining = a.stageWork;
    NodeState n = a.node;
    advance(n);
    n.running.add(a);
    if (feed != null) {
      unreportedLaunches.add(a);
    }
    recompute(n);
  }

  private void scheduleReducers() {
    reducersScheduled = true;
    List<NodeState> slots = new ArrayList<NodeState>();
    for (NodeState n : nodes) {
      for (int s = 0; s < n.spec.reduceSlots(); s++) {
        slots.add(n);
      }
    }
    Collections.shuffle(slots, random);
    if (job.reducerNodes() != null) {
      placeAsGiven(slots);
      return;
    }
    int firstWave = Math.min(job.reducers(), slots.size());
    for (int r = 0; r < firstWave; r++) {
      NodeState n = slots.get(r);
      n.freeReduceSlots--;
      push(new Event(now + platform.reducerLaunchDelayS(), Event.LAUNCH_REDUCE, n, r));
    }
    // More reducers than slots: the rest wait, and each freed slot takes the next, as YARN gives a
    // released container's resources to the job's next pending request.
    for (int r = firstWave; r < job.reducers(); r++) {
      pendingReducers.add(r);
    }
  }

  /**
   * Each reducer on the node the job spec names while that node has a free reduce slot, else on the
   * next free slot of the shuffled list, else in a later wave.
   */
  private void placeAsGiven(List<NodeState> shuffled) {
    java.util.Map<String, NodeState> byName = new java.util.HashMap<String, NodeState>();
    for (NodeState n : nodes) {
      byName.put(n.spec.name(), n);
    }
    for (int r = 0; r < job.reducers(); r++) {
      NodeState n = byName.get(job.reducerNodes().get(r));
      if (n == null || n.freeReduceSlots < 1) {
        n = null;
        for (NodeState s : shuffled) {
          if (s.freeReduceSlots > 0) {
            n = s;
            break;
          }
        }
      }
      if (n == null) {
        pendingReducers.add(r);
        continue;
      }
      n.freeReduceSlots--;
      push(new Event(now + platform.reducerLaunchDelayS(), Event.LAUNCH_REDUCE, n, r));
    }
  }

  // ---- the fluid model ----

  /**
   * Brings every attempt on the node to the present at the rates in force since its last change.
   */
  private void advance(NodeState n) {
    double dt = now - n.last;
    n.last = now;
    if (dt <= 0) {
      return;
    }
    for (Attempt a : n.running) {
      if (a.stage == Attempt.Stage.SHUFFLE) {
        if (a.rate <= 0) {
          continue;
        }
        double take = Math.min(a.rate * dt, a.available());
        double fromBacklog = Math.min(take, a.backlog);
        a.backlog -= fromBacklog;
        a.refetchedMb += fromBacklog;
        double rest = take - fromBacklog;
        if (a.weight > 0) {
          a.pos = Math.min(a.seen, a.pos + rest / a.weight);
        }
        a.heldMb += take;
        a.fetchedMb += take;
        n.shuffledMb += take;
        a.cpuUsed += a.alloc * dt / n.spec.coreSpeed();
      } else if (a.alloc > 0) {
        a.remaining -= a.alloc * dt;
        if (a.stage != Attempt.Stage.START) {
          a.cpuUsed += a.alloc * dt / n.spec.coreSpeed();
        }
      }
    }
  }

  /** Shares the node's CPU and link anew and schedules its next stage end. */
  private void recompute(NodeState n) {
    advance(n);
    List<Attempt> running = n.running;
    int size = running.size();
    int copying = 0;
    for (Attempt a : running) {
      if ((a.stage == Attempt.Stage.SHUFFLE && a.available() > EPS)
          || (a.stage == Attempt.Stage.MAP && a.remote)) {
        copying++;
      }
    }
    double net = copying == 0 ? n.spec.netMbPerS() : n.spec.netMbPerS() / copying;
    double speed = n.spec.coreSpeed();
    double[] caps = new double[size];
    for (int i = 0; i < size; i++) {
      caps[i] = cap(running.get(i), speed, net);
    }
    double[] alloc = waterFill(caps, n.spec.capacity());
    double next = Double.POSITIVE_INFINITY;
    for (int i = 0; i < size; i++) {
      Attempt a = running.get(i);
      a.alloc = alloc[i];
      if (a.stage == Attempt.Stage.SHUFFLE) {
        double avail = a.available();
        a.idle = avail <= EPS;
        if (a.idle) {
          a.rate = 0;
          a.alloc = 0;
          if (copiedAll(a)) {
            next = Math.min(next, now); // its shuffle is over
          }
          continue;
        }
        a.rate = app.shuffleCpuPerMb() > 0 ? a.alloc / app.shuffleCpuPerMb() : net;
        if (a.rate > 0) {
          next = Math.min(next, now + avail / a.rate);
        }
      } else if (a.stage == Attempt.Stage.WAIT_FINAL) {
        a.rate = 0;
        a.alloc = 0;
        if (a.finalKnown) {
          next = Math.min(next, now);
        }
      } else {
        a.rate = 0;
        if (a.remaining <= EPS) {
          next = Math.min(next, now);
        } else if (a.alloc > 0) {
          next = Math.min(next, now + a.remaining / a.alloc);
        }
      }
    }
    n.version++;
    if (next < Double.POSITIVE_INFINITY) {
      push(new Event(next, Event.NODE, n, n.version));
    }
  }

  /** The most CPU an attempt can use now. */
  private double cap(Attempt a, double speed, double netShare) {
    switch (a.stage) {
      case START:
      case SPILL:
        return speed;
      case MERGE:
      case REDUCE:
        // Merger and output threads and the JVM's own: the paper saw a reducer at 120% CPU.
        return app.reducerMaxCores() * speed;
      case MAP:
        if (a.remote && app.mapCpuPerMb() > 0) {
          return Math.min(speed, netShare * app.mapCpuPerMb() * a.noise);
        }
        return speed;
      case SHUFFLE:
        if (a.available() <= EPS) {
          return 0;
        }
        double c = app.reducerMaxCores() * speed;
        return app.shuffleCpuPerMb() > 0 ? Math.min(c, netShare * app.shuffleCpuPerMb()) : 0;
      default:
        return 0;
    }
  }

  /** Max-min fair shares of {@code capacity} among demands capped at {@code caps}. */
  static double[] waterFill(double[] caps, double capacity) {
    int n = caps.length;
    double[] out = new double[n];
    if (n == 0) {
      return out;
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    final double[] c = caps;
    Arrays.sort(order, (x, y) -> Double.compare(c[x], c[y]));
    double left = capacity;
    int wanting = 0;
    for (double v : caps) {
      if (v > 0) {
        wanting++;
      }
    }
    for (int k = 0; k < n; k++) {
      int i = order[k];
      if (caps[i] <= 0) {
        continue;
      }
      double share = left / wanting;
      out[i] = Math.min(caps[i], share);
      left -= out[i];
      wanting--;
    }
    return out;
  }

  private void onNode(NodeState n) {
    advance(n);
    List<Attempt> finished = new ArrayList<Attempt>();
    for (Attempt a : new ArrayList<Attempt>(n.running)) {
      step(a, finished);
    }
    for (Attempt a : finished) {
      n.running.remove(a);
      liveAttempts.remove(a);
    }
    recompute(n);
    for (Attempt a : finished) {
      afterEnd(a);
    }
  }

  /** Moves an attempt on past every stage it has completed. */
  private void step(Attempt a, List<Attempt> finished) {
    while (true) {
      switch (a.stage) {
        case START:
          if (a.remaining > EPS) {
            return;
          }
          a.startDoneAt = now;
          a.nextReport = now + platform.reportIntervalS() * random.nextDouble();
          a.firstReportAt = a.nextReport;
          if (a.map) {
            setWork(a, Attempt.Stage.MAP, a.inputMb * app.mapCpuPerMb());
          } else {
            a.stage = Attempt.Stage.SHUFFLE;
            a.stageWork = 0;
            a.remaining = 0;
          }
          break;
        case MAP:
          if (a.remaining > EPS) {
            return;
          }
          setWork(a, Attempt.Stage.SPILL, mapOutputMb[a.task] * app.mapSpillCpuPerMb());
          break;
        case SPILL:
          if (a.remaining > EPS) {
            return;
          }
          a.finishAt = now;
          a.stage = Attempt.Stage.DONE;
          finished.add(a);
          return;
        case SHUFFLE:
          if (a.available() > EPS) {
            return;
          }
          if (!copiedAll(a)) {
            return; // caught up with the maps it knows of: idle until more complete
          }
          a.copiedShare = 1.0;
          a.copiedMaps = job.maps();
          if (!a.finalKnown) {
            a.stage = Attempt.Stage.WAIT_FINAL;
            waitingForFinalMap(a);
            return;
          }
          shuffleDone(a);
          break;
        case WAIT_FINAL:
          if (!a.finalKnown || a.available() > EPS) {
            return;
          }
          shuffleDone(a);
          break;
        case MERGE:
          if (a.remaining > EPS) {
            return;
          }
          a.sortDoneAt = now;
          setWork(a, Attempt.Stage.REDUCE, a.heldMb * app.reduceCpuPerMb() * binsPerMbFactor());
          break;
        case REDUCE:
          if (a.remaining > EPS) {
            return;
          }
          a.finishAt = now;
          a.stage = Attempt.Stage.DONE;
          finished.add(a);
          return;
        default:
          return;
      }
    }
  }

  /** Every map is done, and the reducer has heard of and copied every output it owns. */
  private boolean copiedAll(Attempt a) {
    return completedMaps == job.maps() && a.seen >= completedOutput - EPS && a.available() <= EPS;
  }

  private void shuffleDone(Attempt a) {
    a.shuffleDoneAt = now;
    double onDisk = Math.max(0, a.heldMb - mergeBufferMb(a.node));
    // Data beyond the in-memory buffer was spilled and is merged once more from disk. With bins a
    // reducer's post-shuffle work has a part that does not grow with its bytes (a segment per bin
    // and map in its merges, a request per bin): measured on reducers' phase times in runs with
    // bins (BinsPostShuffle), it is put in the final merge.
    setWork(
        a,
        Attempt.Stage.MERGE,
        (a.heldMb + onDisk) * app.sortCpuPerMb() * binsPerMbFactor() + binsFixedCoreS());
  }

  /** What a reducer on {@code n} holds and merges in memory: its slot's memory, in part. */
  private double mergeBufferMb(NodeState n) {
    double memory = n.spec.memoryMb() / Math.max(1, n.spec.reduceSlots());
    return memory * platform.mergeMemoryShare();
  }

  private double binsFixedCoreS() {
    return method.usesController() ? platform.binsFixedCoreS() : 0;
  }

  private double binsPerMbFactor() {
    return method.usesController() ? platform.binsPerMbFactor() : 1;
  }

  private void setWork(Attempt a, Attempt.Stage stage, double work) {
    a.stage = stage;
    a.stageWork = Math.max(0, work * a.noise);
    a.remaining = a.stageWork;
  }

  private void afterEnd(Attempt a) {
    NodeState n = a.node;
    if (a.map) {
      mapFinished(a);
      push(new Event(now + platform.containerDelayS(), Event.LAUNCH_MAP, n, 0));
    } else {
      n.freeReduceSlots++;
      if (!pendingReducers.isEmpty()) {
        n.freeReduceSlots--;
        push(
            new Event(
                now + platform.containerDelayS(), Event.LAUNCH_REDUCE, n, pendingReducers.poll()));
      }
      if (feed != null) {
        report(a, AttemptState.SUCCEEDED);
      }
      reducersDone++;
      if (reducersDone == job.reducers()) {
        push(new Event(now + platform.jobEndS(), Event.END, null, 0));
      }
    }
  }

  private void mapFinished(Attempt a) {
    int m = a.task;
    if (mapDone[m]) {
      return;
    }
    mapDone[m] = true;
    prefixOutput[completedMaps] = completedOutput + mapOutputMb[m];
    completionTime[completedMaps] = now;
    completedMaps++;
    completedOutput += mapOutputMb[m];
    lastMapFinish = now;
    mapEstimates.finished(a.node.spec.name(), now - a.launch);
    if (feed != null) {
      reportMapEnd(a);
    }
    Attempt other = a.sibling;
    if (other != null && other.live()) {
      kill(other);
    }
    if (!reducersScheduled
        && completedMaps >= ReducerLaunch.slowStartMaps(platform.slowStart(), job.maps())) {
      scheduleReducers();
    }
  }

  private void kill(Attempt a) {
    NodeState n = a.node;
    advance(n);
    a.stage = Attempt.Stage.KILLED;
    a.finishAt = now;
    n.running.remove(a);
    liveAttempts.remove(a);
    if (feed != null) {
      report(a, AttemptState.KILLED);
    }
    recompute(n);
    push(new Event(now + platform.containerDelayS(), Event.LAUNCH_MAP, n, 0));
  }

  // ---- the AM: reports, controller, speculator ----

  private void tick() {
    // Reducers learn of completed maps through completion events they poll for.
    for (Attempt r : reducers) {
      if (r != null && r.stage == Attempt.Stage.SHUFFLE && r.seen < completedOutput) {
        advance(r.node);
        r.seen = completedOutput;
        recompute(r.node);
      }
    }
    if (feed != null && !feed.isFinal()) {
      for (Attempt a : unreportedLaunches) {
        feed.launched(a, completedMapsAt(a.launch), job.maps());
      }
      unreportedLaunches.clear();
      for (Attempt a : new ArrayList<Attempt>(liveAttempts)) {
        if (!Double.isNaN(a.nextReport) && a.nextReport <= now && a.live()) {
          advance(a.node);
          updateCopied(a);
          report(a, AttemptState.RUNNING);
          a.nextReport += platform.reportIntervalS();
        }
      }
      pollController(platform.binMapPollS(), Event.APPLY);
    } else {
      unreportedLaunches.clear();
    }
    if (platform.mapSpeculation() && completedMaps < job.maps() && now >= nextSpeculation) {
      speculate();
    }
    if (Double.isNaN(jobEnd)) {
      push(new Event(now + platform.controllerIntervalS(), Event.TICK, null, 0));
    }
  }

  /**
   * Reports an attempt to the controller; a reducer's report carries its bins' bytes, a map's final
   * one every bin's bytes in its output.
   */
  private void report(Attempt a, AttemptState state) {
    feed.report(
        a,
        now,
        completedMaps,
        job.maps(),
        state,
        a.isMap() ? null : kept(a),
        Math.round(mergeBufferMb(a.node) * BYTES_PER_MB));
  }

  /** Reports a map that finished, with its bins' bytes, as its final status carries them. */
  private void reportMapEnd(Attempt a) {
    long[] bytes = new long[binWeight.length];
    for (int b = 0; b < bytes.length; b++) {
      bytes[b] = Math.round(binWeight[b] * mapOutputMb[a.task] * BYTES_PER_MB);
    }
    feed.mapFinished(a, now, completedMaps, job.maps(), bytes);
  }

  /**
   * A reducer's bins with the bytes it kept of them: each bin's share of the output of the maps it
   * copied (in completion order), counted from as many maps, as the reducer's shuffle counts them.
   * A bin it gained is counted as though copied from the same maps as the rest (its re-fetch is
   * part of the copy position the report gives).
   */
  private ControllerFeed.BinsKept kept(Attempt a) {
    int maps = Math.min(completedMaps, a.mapsCopied(job.maps()));
    double mb = maps == 0 ? 0 : prefixOutput[maps - 1];
    int[] bins = binsByReducer[a.task];
    long[] bytes = new long[bins.length];
    for (int i = 0; i < bins.length; i++) {
      bytes[i] = Math.round(binWeight[bins[i]] * mb * BYTES_PER_MB);
    }
    return new ControllerFeed.BinsKept(bins, bytes, maps);
  }

  /** Each reducer's bins under {@code owners}, ascending. */
  static int[][] binsByOwner(int[] owners, int reducers) {
    int[] count = new int[reducers];
    for (int o : owners) {
      count[o]++;
    }
    int[][] bins = new int[reducers][];
    for (int r = 0; r < reducers; r++) {
      bins[r] = new int[count[r]];
      count[r] = 0;
    }
    for (int b = 0; b < owners.length; b++) {
      bins[owners[b]][count[owners[b]]++] = b;
    }
    return bins;
  }

  /** Maps completed at time {@code t} (completion times are kept in completion order). */
  private int completedMapsAt(double t) {
    return countAtMost(completionTime, completedMaps, t);
  }

  /**
   * How many of the first {@code n} values of the ascending {@code sorted} are at most {@code v}.
   */
  public static int countAtMost(double[] sorted, int n, double v) {
    int lo = 0;
    int hi = n;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sorted[mid] <= v) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private void pollController(double delay, int applyKind) {
    ControllerFeed.Published p = feed.poll(now);
    if (p != null) {
      latest = p;
      publishedAt.add(new double[] {p.version, now});
      push(new Event(now + delay, applyKind, null, 0, p.owners, p.isFinal));
      if (p.isFinal && applyKind == Event.APPLY && anyWaitingForFinalMap()) {
        // A reducer that waits for the final map looks for it at the final-wait interval, not at
        // the bin-map poll interval: it finds a final map decided at a later poll that much sooner.
        push(
            new Event(
                now + platform.finalPollS(), Event.APPLY_WAITING, null, 0, p.owners, p.isFinal));
      }
    }
  }

  private boolean anyWaitingForFinalMap() {
    for (Attempt r : reducers) {
      if (r != null && r.stage == Attempt.Stage.WAIT_FINAL) {
        return true;
      }
    }
    return false;
  }

  /** A reducer copied every owned bin while the map is not final: the AM is told at once. */
  private void waitingForFinalMap(Attempt a) {
    report(a, AttemptState.RUNNING);
    if (latest != null && latest.isFinal && !ownersFinal) {
      // The final map is decided but not yet seen: a waiting reducer looks at the final-wait
      // interval, so it finds it then rather than at its next ordinary poll.
      push(
          new Event(
              now + platform.finalPollS(), Event.APPLY_WAITING, null, 0, latest.owners, true));
      return;
    }
    pollController(platform.finalPollS(), Event.APPLY_WAITING);
  }

  private void updateCopied(Attempt a) {
    if (a.map || a.stage != Attempt.Stage.SHUFFLE) {
      return;
    }
    double effective = a.weight > 0 ? a.pos - a.backlog / a.weight : a.pos;
    int k = upper(effective + 1e-6);
    a.copiedMaps = k;
    a.copiedShare = (double) k / job.maps();
  }

  /** Completed maps whose output lies wholly below {@code position}. */
  private int upper(double position) {
    return countAtMost(prefixOutput, completedMaps, position);
  }

  /** A new bin map reaches the reducers. */
  private void apply(int[] newOwners, boolean isFinal, boolean waitingOnly) {
    if (waitingOnly && ownersFinal) {
      return;
    }
    int[] old = owners;
    owners = newOwners;
    binsByReducer = binsByOwner(newOwners, job.reducers());
    ownersFinal = isFinal;
    for (Attempt r : reducers) {
      if (r == null || !r.live()) {
        continue;
      }
      NodeState n = r.node;
      advance(n);
      double gained = 0;
      double lost = 0;
      for (int b = 0; b < newOwners.length; b++) {
        if (newOwners[b] == r.task && old[b] != r.task) {
          gained += binWeight[b];
        } else if (old[b] == r.task && newOwners[b] != r.task) {
          lost += binWeight[b];
        }
      }
      if (gained > 0 || lost > 0) {
        double dropped = Math.min(r.heldMb, lost * r.pos);
        r.heldMb -= dropped;
        r.droppedMb += dropped;
        r.backlog += gained * r.pos;
        r.weight = weightOf(r.task, newOwners);
        if (r.stage == Attempt.Stage.WAIT_FINAL && r.available() > EPS) {
          r.stage = Attempt.Stage.SHUFFLE;
        }
      }
      r.finalKnown = isFinal;
      recompute(n);
    }
  }

  private double weightOf(int reducer, int[] own) {
    double w = 0;
    for (int b = 0; b < own.length; b++) {
      if (own[b] == reducer) {
        w += binWeight[b];
      }
    }
    return w;
  }

  /**
   * Hadoop's default speculator for maps: the running map whose estimated end ({@link
   * MapRuntimeEstimates}) lies furthest beyond a new attempt's gets a second attempt, within the
   * cap on speculating tasks; after a speculation the next is 15 s away. Like DefaultSpeculator
   * (its mapContainerNeeds), it decides nothing while any map, an original or a copy, still waits
   * for a container.
   */
  private void speculate() {
    nextSpeculation = now + 1.0;
    if (!mapEstimates.anyFinished() || mapsWaitForContainers()) {
      return;
    }
    Optional<NodeSpeedMapEstimates> bySpeed =
        feed == null ? Optional.<NodeSpeedMapEstimates>empty() : feed.mapEstimates(mapEstimates);
    double replacement = now + mapEstimates.newAttempt(bySpeed);
    int running = 0;
    int speculating = 0;
    Attempt best = null;
    double bestValue = 0;
    for (Attempt a : liveAttempts) {
      if (!a.map) {
        continue;
      }
      running++;
      if (a.sibling != null) {
        speculating++;
        continue;
      }
      advance(a.node);
      double end = a.launch + mapEstimates.runtime(a, now, bySpeed);
      if (Double.isNaN(end) || end <= now || end <= replacement) {
        continue;
      }
      double value = end - replacement;
      if (value > bestValue) {
        bestValue = value;
        best = a;
      }
    }
    double allowed = Math.max(10, Math.max(0.01 * job.maps(), 0.1 * running));
    if (best == null || speculating / 2.0 >= allowed) {
      return;
    }
    speculative.add(best.task);
    nextSpeculation = now + 15.0;
    for (NodeState n : nodes) {
      if (n.freeMapSlots > 0 && n != best.node) {
        n.freeMapSlots--;
        push(new Event(now + platform.containerDelayS(), Event.LAUNCH_MAP, n, 0));
        break;
      }
    }
  }

  // ---- set-up helpers ----

  private double noise() {
    double s = job.taskNoise();
    return s > 0 ? Math.exp(s * random.nextGaussian() - s * s / 2) : 1.0;
  }

  private int[] homes(int replicas) {
    int[] h = new int[replicas];
    for (int i = 0; i < replicas; i++) {
      int pick;
      do {
        pick = random.nextInt(nodes.length);
      } while (contains(h, pick, i));
      h[i] = pick;
    }
    return h;
  }

  private static boolean contains(int[] a, int v) {
    return contains(a, v, a.length);
  }

  private static boolean contains(int[] a, int v, int upTo) {
    for (int i = 0; i < upTo; i++) {
      if (a[i] == v) {
        return true;
      }
    }
    return false;
  }

  /**
   * Each bin's share of the map output: partition p's share follows a Zipf law of exponent skew (in
   * a seeded random order of partitions), split evenly over its bins.
   */
  static double[] binWeights(int reducers, int binsPerReducer, double skew, Random random) {
    double[] partition = new double[reducers];
    double sum = 0;
    for (int p = 0; p < reducers; p++) {
      partition[p] = 1.0 / Math.pow(p + 1, skew);
      sum += partition[p];
    }
    List<Double> shuffled = new ArrayList<Double>();
    for (double v : partition) {
      shuffled.add(v / sum);
    }
    if (skew > 0) {
      Collections.shuffle(shuffled, random);
    }
    double[] w = new double[reducers * binsPerReducer];
    for (int b = 0; b < w.length; b++) {
      w[b] = shuffled.get(b / binsPerReducer) / binsPerReducer;
    }
    return w;
  }

  private static final class Event implements Comparable<Event> {
    static final int NODE = 0;
    static final int LAUNCH_MAP = 1;
    static final int LAUNCH_REDUCE = 2;
    static final int TICK = 3;
    static final int APPLY = 4;
    static final int APPLY_WAITING = 5;
    static final int END = 6;

    final double time;
    final int kind;
    final NodeState node;
    final long version;
    final int[] owners;
    final boolean isFinal;
    long seq;

    Event(double time, int kind, NodeState node, long version) {
      this(time, kind, node, version, null, false);
    }

    Event(double time, int kind, NodeState node, long version, int[] owners, boolean isFinal) {
      this.time = time;
      this.kind = kind;
      this.node = node;
      this.version = version;
      this.owners = owners;
      this.isFinal = isFinal;
    }

    @Override
    public int compareTo(Event o) {
      int c = Double.compare(time, o.time);
      return c != 0 ? c : Long.compare(seq, o.seq);
    }
  }
}
