package sandbox

import results.model.SandboxShare

import java.nio.file.Path
import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicBoolean

import scala.util.control.NonFatal

import config.{ FailFast, InputError, KnownSettings }

import io.netty.channel.{ EventLoopGroup, MultiThreadIoEventLoopGroup }
import io.netty.channel.nio.NioIoHandler
import io.netty.util.concurrent.DefaultThreadFactory

/** A running sandbox: one stand-in per system, each on its own port of one shared server, and the
  * external-system stubs they call.
  */
final class RunningSandbox private[sandbox] (
    val settings: SandboxSettings,
    acceptor: EventLoopGroup,
    group: EventLoopGroup,
    server: StandInServer,
    stubClient: StubClient,
    stubs: RunningStubs,
    handlers: Seq[StandInHandler],
    ports: Map[String, Int],
    faults: Map[String, FaultPlan],
    exhaustions: Seq[Exhaustion],
    times: Seq[ServingTimes]
) extends AutoCloseable {
  private val closed = new AtomicBoolean(false)

  /** Each system's stand-in base URL by system key, e.g. raid -> http://127.0.0.1:41234 */
  val baseUrls: Map[String, String] = ports.map { case (key, port) => key -> Sandbox.url(settings.host, port) }

  /** e.g. http://127.0.0.1:41235 */
  val stubsBaseUrl: String = Sandbox.url(settings.host, stubs.server.port)

  /** The faults each stand-in injected so far, e.g. raid -> (reset -> 12): Gatling retries a request after
    * a reset without a KO, so the run's own figures cannot tell.
    */
  def injectedFaults: Map[String, Map[Fault, Long]] =
    faults.map { case (key, plan) => key -> plan.counts }.filter(_._2.nonEmpty)

  /** The faults each external stub injected so far, by mapping name, e.g. apids-mint-handle -> (5xx -> 3). */
  def injectedStubFaults: Map[String, Map[Fault, Long]] = stubs.injectedFaults

  /** Why the run cannot judge the target when a part of the sandbox ran out of descriptors or threads, e.g.
    * "sandbox out of file descriptors: the raid stand-in had 1,234 connections refused in 1 episode (...)";
    * empty when none did.
    */
  def exhaustion: Seq[String] = exhaustions.flatMap(_.reason)

  /** What each stand-in's requests spent in the sandbox so far, per request name, by system. */
  def servingFigures: Seq[ServingFigures] = times.flatMap(_.figures)

  /** The stubs' own time per call, per stub name, as the stand-ins' client saw it. */
  def stubFigures: Seq[ServingFigures] = stubClient.times.figures

  /** The time the sandbox added so far, as its tally counts it ([[SandboxShare.AddedTally]]): by
    * "system: request", then by range ([[SandboxShare.Buckets]]).
    */
  def addedCounts: Map[String, Map[String, Long]] = servingFigures.map(f => addedKey(f) -> f.addedByBucket.toMap).toMap

  private def addedKey(f: ServingFigures): String = s"${f.system}: ${f.request}"

  /** Counts the sandbox's figures into the run's tallies, which run.json hands to the results step: per
    * system and request name, the requests by the time the sandbox added to them; per system, the new
    * connections by their wait from accept to their first request read.
    */
  def countInto(tallies: watch.Tallies): Unit = {
    def count(name: String, key: String, buckets: Seq[(String, Long)]): Unit = {
      val tally = tallies(name, SandboxShare.Buckets.map(_._1))
      buckets.foreach { case (bucket, n) => tally.add(key, bucket, n) }
    }
    servingFigures.foreach(f => count(SandboxShare.AddedTally, addedKey(f), f.addedByBucket))
    times.foreach(t => count(RunningSandbox.AcceptTally, t.system, t.acceptWaitByBucket))
  }

  /** One line per request name, e.g. "sandbox: raid mint raid: sandbox-added p99 4 ms of 2,041 ms (stubs
    * 2,037 ms), 1,234 requests", then the accept waits and the stubs' own times.
    */
  def describeTimes: Seq[String] =
    (servingFigures.map(_.describe) ++ times.flatMap(_.describeAcceptWait) ++
      stubFigures.map(f => f"stub ${f.request}: p99 ${f.answeredP99Ms}%,.0f ms, ${f.count}%,d calls"))
      .map("sandbox: " + _)

  /** One line per stand-in, its request with the most sandbox-added time at p99, e.g. "sandbox: raid: most
    * sandbox-added p99 4 ms (mint raid, of 2,041 ms; stubs 2,037 ms)": enough under a run's verdict to say
    * whether the sandbox shaped it; [[describeTimes]] has every request name.
    */
  def describeTimesBySystem: Seq[String] =
    servingFigures.groupBy(_.system).toSeq.sortBy(_._1).map { case (system, figures) =>
      val worst = figures.maxBy(_.addedP99Ms)
      f"sandbox: $system: most sandbox-added p99 ${worst.addedP99Ms}%,.0f ms (${worst.request}, of " +
        f"${worst.answeredP99Ms}%,.0f ms; stubs ${worst.stubP99Ms}%,.0f ms) over ${figures.map(_.count).sum}%,d requests"
    }

  /** Stops every server, releasing their ports and threads, and says which faults it injected and, per
    * stand-in, the most time it added to a request. Safe to call more than once.
    */
  override def close(): Unit = close(everyRequest = false)

  /** As [[close]], with the times of every request name, every stand-in's accept wait and every stub. */
  def close(everyRequest: Boolean): Unit =
    if (closed.compareAndSet(false, true)) {
      def report(what: String, injected: Map[String, Map[Fault, Long]]): Unit =
        injected.toSeq.sortBy(_._1).foreach { case (name, counts) =>
          val each = counts.toSeq.sortBy(_._1.name).map { case (fault, n) => s"$n ${fault.name}" }
          println(s"sandbox: $what$name injected ${each.mkString(", ")}")
        }
      report("", injectedFaults)
      report("stub ", injectedStubFaults)
      (if (everyRequest) describeTimes else describeTimesBySystem).foreach(println)
      exhaustion.foreach(reason => println(s"sandbox: $reason"))
      try {
        server.close()
        handlers.foreach(_.close())
        // Closes every open connection and stops the event-loop threads.
        StandInServer.shutdown(acceptor)
        StandInServer.shutdown(group)
      } finally stubs.server.stop()
    }
}

object Sandbox {

  /** Names the stand-ins' event-loop threads: an injector running the sandbox leaves their CPU out of its own. */
  val ThreadNamePrefix = "sandbox"

  /** Starts the stubs of `systems`, then each system's stand-in on the shared server. Port 0 picks free
    * ports, so several sandboxes can coexist; if anything fails to start, what did start is stopped. A port
    * it cannot listen on, or a stand-in that cannot start, is an [[InputError]] naming its key.
    */
  def start(settings: SandboxSettings, systems: Seq[(String, StandIn)], stubSystems: Seq[String]): RunningSandbox = {
    ClassFolders.readAll(getClass +: systems.map(_._2.getClass))
    Exhaustion.rehearse()
    val stubs = listening(settings, "stubs", settings.stubs.port)(
      ExternalStubs.start(settings.host, settings.stubs, stubSystems)
    )
    val acceptor = Sandbox.eventLoops(1, s"$ThreadNamePrefix-accept")
    val group = Sandbox.eventLoops(settings.ioThreads, ThreadNamePrefix)
    val server = new StandInServer(acceptor, group, settings.host)
    val stubClient = stubs.client(group, settings.stubs.callTimeout)
    val exhaustions = List.newBuilder[Exhaustion]
    val handlers = List.newBuilder[StandInHandler]
    val times = List.newBuilder[ServingTimes]
    try {
      val faults = systems.map { case (key, _) => key -> settings.faults(key) }.toMap
      val ports = systems.map { case (key, standIn) =>
        val handler = starting(key)(standIn.start(StandInContext(settings.system(key), stubClient, settings)))
        handlers += handler
        val exhaustion = new Exhaustion(s"$key stand-in", "connections refused")
        exhaustions += exhaustion
        val served = new ServingTimes(key)
        times += served
        val port = settings.port(key)
        key -> listening(
          settings,
          key,
          port
        )(server.serve(handler, port, faults(key), exhaustion, served, settings.cap(key)))
      }.toMap
      new RunningSandbox(
        settings,
        acceptor,
        group,
        server,
        stubClient,
        stubs,
        handlers.result(),
        ports,
        faults,
        exhaustions.result(),
        times.result()
      )
    } catch {
      case NonFatal(e) =>
        server.close()
        handlers.result().foreach(_.close())
        StandInServer.shutdown(acceptor)
        StandInServer.shutdown(group)
        stubs.server.stop()
        throw e
    }
  }

  /** A stand-in that cannot start (its database, its data) stops the run before any load, naming its system. */
  private def starting[T](key: String)(start: => T): T =
    try start
    catch {
      case e: InputError => throw e
      case NonFatal(e)   =>
        throw new InputError(s"sandbox.$key", s"the stand-in did not start (${InputError.oneLine(e)})")
    }

  /** `bind`, whose failure to listen on `port` is an [[InputError]]: a port taken names `sandbox.<key>.port`,
    * any other refusal (a host not of this machine) `sandbox.host`.
    */
  private def listening[T](settings: SandboxSettings, key: String, port: Int)(bind: => T): T =
    try bind
    catch {
      case NonFatal(e) =>
        val cause = socketCause(e).getOrElse(throw e)
        val where = s"cannot listen on ${settings.host}:$port (${InputError.oneLine(cause)})"
        throw new InputError(
          if (Option(cause.getMessage).exists(_.contains("in use")))
            s"sandbox.$key.port: $where; -Dsandbox.$key.port=0 takes a free one"
          else s"sandbox.host: $where"
        )
    }

  // Netty throws the socket's own exception; WireMock's Jetty wraps it.
  private def socketCause(e: Throwable): Option[java.net.SocketException] = e match {
    case socket: java.net.SocketException => Some(socket)
    case _                                => Option(e.getCause).filter(_ ne e).flatMap(socketCause)
  }

  /** The sandbox on its own, until Ctrl-C, for runs where injector and target are separate processes; it
    * prints each stand-in's base URL and writes them to `baseUrlsFile` (see [[BaseUrlsFile]]) until it stops,
    * with the URL where it serves its own CPU ([[CpuEndpoint]]).
    * Bad input (a misspelt setting, a port taken) is one line and exit code 3.
    */
  def runStandalone(
      settings: => SandboxSettings,
      systems: Seq[(String, StandIn)],
      stubSystems: Seq[String],
      baseUrlsFile: Option[Path] = None
  ): Unit = {
    FailFast.exiting(KnownSettings.check((systems.map(_._1) ++ stubSystems).distinct))
    val sandbox = FailFast.exiting(start(settings, systems, stubSystems))
    val endpoint = FailFast.exiting(CpuEndpoint.start(sandbox.settings.host))
    val written = FailFast.exiting(
      baseUrlsFile.map(file => file -> BaseUrlsFile.write(file, sandbox.baseUrls, Some(endpoint.url)))
    )
    val stopped = new CountDownLatch(1)
    val cpu = new ServingCpu
    Runtime.getRuntime.addShutdownHook(new Thread(() => {
      written.foreach { case (file, text) => BaseUrlsFile.remove(file, text) }
      endpoint.close()
      sandbox.close(everyRequest = true)
      println(cpu.describe)
      stopped.countDown()
    }))
    sandbox.baseUrls.toSeq.sorted.foreach { case (key, url) => println(f"$key%-20s $url") }
    println(f"${"external stubs"}%-20s ${sandbox.stubsBaseUrl}  (delay ${describe(sandbox.settings.stubs)})")
    println(f"${"its own CPU"}%-20s ${endpoint.url}")
    written.foreach { case (file, _) =>
      println(s"Base URLs written to $file, where -Dtarget=standalone-sandbox reads them.")
    }
    println("Ctrl-C stops.")
    stopped.await()
  }

  private def describe(stubs: StubSettings): String = {
    def one(delay: StubDelay) = delay match {
      case StubDelay.Fixed(ms)                => s"fixed $ms ms"
      case StubDelay.Uniform(lower, upper)    => s"uniform $lower-$upper ms"
      case StubDelay.LogNormal(median, sigma) => s"lognormal median $median ms, sigma $sigma"
    }
    (one(stubs.delay) +: stubs.delayOverrides.toList.sortBy(_._1).map { case (name, d) => s"$name: ${one(d)}" })
      .mkString("; ")
  }

  /** Every event loop starts its thread now: one started under load could fail for want of threads, and
    * leave its channels without a thread for good.
    */
  private[sandbox] def eventLoops(threads: Int, name: String): EventLoopGroup = {
    val group =
      new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory(name, true), NioIoHandler.newFactory())
    group.forEach(loop => { loop.submit((() => ()): Runnable).syncUninterruptibly(); () })
    group
  }

  private[sandbox] def url(host: String, port: Int): String =
    s"http://${if (host.contains(":")) s"[$host]" else host}:$port"
}

object RunningSandbox {

  /** The tallies the sandbox's figures go to (see [[RunningSandbox.countInto]]). */
  val AcceptTally = "Sandbox accept to first request read per new connection (in-process sandbox)"
}
