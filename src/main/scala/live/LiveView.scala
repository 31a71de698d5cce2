package live

import watch.{ EarlyStop, LoadListener }

import results.gate.{ ThresholdOverrides, Thresholds }
import results.model.{ InjectorHealthRecord, Unjudged }
import results.render.{ RequestColumns, SitePages }

import java.nio.file.Path
import java.util.concurrent.{ Executors, TimeUnit }

import scala.util.control.NonFatal

import io.gatling.core.structure.PopulationBuilder
import results.RunOutcome
import config.InputError
import text.Formats

/** A run as it goes: once a second the [[LiveRecorder]]'s figures, each system's thresholds as they would
  * stand now, early stop and the injector's health become a [[LiveState]], which the [[LiveServer]] serves
  * (the page, its data, /metrics) and the [[GraphiteSender]] sends. Once the run is archived the state says
  * its verdict and where its run.html is; the server goes on serving until the JVM exits.
  *
  * @param thresholds each system's own thresholds (its block over the defaults), as the gate reads them
  * @param injector   the injector's health so far, where it is sampled
  * @param results    the results folder the run is archived to: the run's own folder is served under /results/
  * @param confidencePercent the confidence of each p99's interval, the results step's
  */
final class LiveView(
    simulation: String,
    settings: LiveSettings,
    systems: Seq[String],
    thresholds: Map[String, Thresholds],
    injector: () => Option[InjectorHealthRecord],
    earlyStop: Option[EarlyStop],
    results: Option[Path],
    confidencePercent: Double
) {
  val recorder = new LiveRecorder(systems, confidencePercent = confidencePercent)
  @volatile private var planned = Map.empty[String, Option[Long]]
  @volatile private var startedAtMs = System.currentTimeMillis()
  @volatile private var ended: Option[(String, Option[String], Option[String])] = None
  // The archived run's folder and the path it is served under, once archived.
  @volatile private var runFolder: Option[(String, Path)] = None
  @volatile private var capacity: () => Seq[CapacityProgress] = () => Nil
  @volatile private var current = state(
    systems.map(SystemFigures(_, 0, 0, Nil, Latency.None, Latency.None, 0, Nil, Nil)),
    "running"
  )
  private val graphite = settings.graphite.map(new GraphiteSender(_))
  private val server = Option.when(settings.enabled)(
    LiveServer.start(settings, () => page, () => current, () => runFolder)
  )
  private val scheduler = Executors.newSingleThreadScheduledExecutor { r =>
    val thread = new Thread(r, "live-view-tick")
    thread.setDaemon(true)
    thread
  }

  /** The page's address, where it is served. */
  def address: Option[String] = server.map(s => s"http://${settings.host}:${s.port}/")

  /** Each system's planned users, from its populations (None where the profile's count depends on the run). */
  def plan(populations: Seq[(String, PopulationBuilder)]): Unit =
    planned = populations.groupMapReduce(_._1)(_._2.injectionProfile.totalUserCount)((a, b) =>
      a.zip(b).map { case (x, y) => x + y }
    )

  /** A capacity search's progress, read at each tick: the search hands over how to read it. */
  def followCapacity(progress: () => Seq[CapacityProgress]): Unit = capacity = progress

  /** The load starts: the first interval begins. */
  def start(): Unit = {
    startedAtMs = System.currentTimeMillis()
    recorder.start(startedAtMs)
    scheduler.scheduleAtFixedRate(() => tick("running"), 1, 1, TimeUnit.SECONDS)
    ()
  }

  /** The load has ended: a last interval, then the figures stay as they are while the run is archived. */
  def loadEnded(): Unit = {
    scheduler.shutdownNow()
    scheduler.awaitTermination(5, TimeUnit.SECONDS)
    // A run that is not archived (in-process) has ended here; an archived one ends with its verdict.
    tick(if (results.isEmpty) "ended" else "archiving")
    graphite.foreach(_.close())
  }

  /** The run is archived: its verdict and its run.html (when archived under the served results folder).
    *
    * @param keepServing whether an open page gets `live.keepServing` to fetch the verdict: not when the user
    *                    asked a second time for the run to end, which ends the JVM at once
    */
  def archived(outcome: RunOutcome, keepServing: Boolean): Unit = {
    runFolder = results.flatMap { root =>
      val relative = root.toAbsolutePath.normalize.relativize(outcome.archivedRunDir.toAbsolutePath.normalize)
      Option.when(
        !relative.startsWith("..")
      )(s"/results/${relative.toString.replace('\\', '/')}/" -> outcome.archivedRunDir)
    }
    val page = runFolder.map { case (served, _) => s"${served}run.html" }
    val verdict = outcome.verdict.map(_.label).orElse(outcome.error.map(e => s"${Unjudged.NoVerdict}: $e"))
    ended = Some(("ended", verdict, page))
    current = current.copy(state = "ended", verdict = verdict, runPage = page)
    // The JVM exits once the run is archived: an open page gets its verdict within this time (it polls each second).
    if (server.nonEmpty && keepServing) Thread.sleep(settings.keepServing.toMillis)
  }

  private def tick(runState: String): Unit =
    try {
      val now = System.currentTimeMillis()
      current = state(recorder.tick(now), runState)
      graphite.foreach(_.send(current, now / 1000))
    } catch {
      case NonFatal(e) => println(s"live view: ERROR ${InputError.oneLine(e)}")
    }

  private def state(figures: Seq[SystemFigures], runState: String): LiveState = {
    val elapsedMs = math.max(0L, System.currentTimeMillis() - startedAtMs)
    val health = injector()
    val (finalState, verdict, page) = ended.getOrElse((runState, None, None))
    LiveState(
      simulation,
      startedAtMs,
      elapsedMs,
      finalState,
      figures.map(f =>
        SystemState(
          f,
          planned.getOrElse(f.key, None),
          thresholds.get(f.key).fold(Seq.empty[LiveCheck])(t => LiveChecks.of(t, f, elapsedMs))
        )
      ),
      earlyStop.fold("off")(stop => stop.record.fold(s"watching: ${stop.limits.describe}")(_.describe)),
      health.map(_.describe),
      health.toSeq.flatMap(_.saturation),
      verdict,
      page,
      capacity(),
      confidencePercent
    )
  }

  /** The page, with the figures of the moment; its script then polls /data.json. */
  private def page: String = SitePages.render(
    "live",
    SitePages.fields(
      "assets" -> "/assets",
      "simulation" -> simulation,
      "systems" -> systems,
      "intervals" -> s"p99 run: with its ${Formats.number(confidencePercent)} % confidence interval, ${RequestColumns.IntervalsNote}.",
      "data" -> current.json
    )
  )
}

object LiveView {

  /** The live view of a run whose settings ask for it (the page, Graphite, or both), listening at once, so the
    * address can be printed before the load starts; None when both are off.
    */
  def start(
      simulation: String,
      settings: LiveSettings,
      systems: Seq[String],
      overrides: Map[String, String],
      injector: () => Option[InjectorHealthRecord],
      earlyStop: Option[EarlyStop],
      results: Option[Path],
      confidencePercent: Double
  ): Option[LiveView] =
    Option.when(settings.recording) {
      val thresholds =
        systems.map(key => key -> Thresholds.load(Seq(key), None, ThresholdOverrides.forSystem(overrides, key))).toMap
      new LiveView(simulation, settings, systems, thresholds, injector, earlyStop, results, confidencePercent)
    }

  /** What the load's watch hands the live view. */
  def listeners(view: Option[LiveView]): Seq[LoadListener] = view.map(_.recorder).toSeq
}
