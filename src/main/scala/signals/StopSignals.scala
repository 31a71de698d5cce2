package signals

import sun.misc.{ Signal, SignalHandler }

/** The Gatling JVM's answer to INT and TERM (Ctrl-C, a CI cancel, a pod's termination): the first stops the
  * load gracefully, the second aborts.
  *
  * The JVM's own answer to both is System.exit: shutdown hooks run (the run is archived), but Gatling never
  * stops its log writers, so the records still in their buffer (at a low rate, every one) are lost. Instead
  * the first signal only records the stop; users stop the load at their next journey start or end with
  * Gatling's public `stopLoadGeneratorIf` (see [[SystemLoad.withStops]]), as early stop does, and the run
  * ends as a normal one: writers flushed and closed, report, archive. `sun.misc.Signal` (module
  * jdk.unsupported) is the JDK's only way to replace the default handler.
  */
object StopSignals {

  /** A terminal's Ctrl-C reaches Maven and its Gatling JVM together, and Maven passes on what it gets (see
    * [[MavenSignalRelay]]): a signal this soon after the one that began the stop is that same stop.
    */
  val SameStopMs = 1000L

  /** After the second signal the JVM is gone within this, whatever the archiving step is doing: the promise
    * to the user is 5 s.
    */
  val AbortWithinMs = 4500L

  /** What the JVM says when the archive did not end in time and it halts: the run folder may lack summaries. */
  val HaltedLine =
    s"aborting: the archive did not end within $AbortWithinMs ms: halted, the run folder may lack its summaries"

  final case class Stop(reason: String, atNanos: Long)

  @volatile private var stop: Option[Stop] = None
  @volatile private var aborting = false

  /** Why the load must stop, once a stop was asked for. */
  def reason: Option[String] = stop.map(_.reason)

  /** A second signal asked for the JVM to end now: nothing may wait for a reader any more. */
  def abortAsked: Boolean = aborting

  /** Replaces the JVM's handlers of INT and TERM for the rest of the run. */
  def install(): Unit = Seq("INT", "TERM").foreach(name => Signal.handle(new Signal(name), handler))

  /** Asks for the graceful stop, if none was asked for yet (the parent's going, a first signal). */
  def request(reason: String): Unit = synchronized {
    if (stop.isEmpty) stop = Some(Stop(reason, System.nanoTime()))
  }

  private val handler: SignalHandler = signal => {
    // What this signal does, decided under the lock: Maven's relayed copy may arrive at the same instant.
    val (first, abortNow) = synchronized {
      val isFirst = stop.isEmpty
      request(s"stopped by SIG${signal.getName}")
      val sinceStopMs = stop.fold(0L)(s => (System.nanoTime() - s.atNanos) / 1000000L)
      val abortNow = !isFirst && sinceStopMs >= SameStopMs && !aborting
      if (abortNow) aborting = true
      (isFirst, abortNow)
    }
    if (first) {
      println("stopping: Ctrl-C again to abort")
      System.out.flush()
    }
    if (abortNow) abort(128 + signal.getNumber)
  }

  /** Exits now, shutdown hooks and all (the archive of what Gatling flushed), and halts if they take longer. */
  private def abort(status: Int): Unit = {
    println(s"aborting: the run is archived with what was written so far (exit $status)")
    System.out.flush()
    val watchdog = new Thread(
      () => {
        Thread.sleep(AbortWithinMs)
        println(HaltedLine)
        System.out.flush()
        Runtime.getRuntime.halt(status)
      },
      "abort-watchdog"
    )
    watchdog.setDaemon(true)
    watchdog.start()
    sys.exit(status)
  }
}
