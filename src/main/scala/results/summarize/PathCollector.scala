package results.summarize

import results.model.{ ErrorCount, RunWindow, WindowSummary }

import scala.collection.mutable

import io.gatling.charts.stats.SimulationLogAccess._
import config.Redaction

/** The run's figures by request path and group, its errors, and each window the profile recorded, filled in the
  * summary's one walk over the log (see [[RunSummarizer]]; the run's requests together, its steady window and its
  * users are its [[SystemCollector]]'s).
  */
private[results] final class PathCollector(
    settings: ResultsSettings,
    windows: Seq[RunWindow],
    useGroupDuration: Boolean
) {
  private def newAccumulator() =
    new LatencyAccumulator(settings.apdexThresholdMs, settings.slowThresholdMs, settings.confidencePercent)

  private val requests = mutable.Map.empty[List[String], LatencyAccumulator]
  private val groups = mutable.Map.empty[List[String], LatencyAccumulator]
  private val errors = mutable.Map.empty[(List[String], String), Long].withDefaultValue(0L)
  private val distinctMessages = mutable.Map.empty[List[String], Int].withDefaultValue(0)
  private def countError(path: List[String], message: String): Unit = {
    val kept =
      if (errors.contains(path -> message)) message
      else if (distinctMessages(path) < ErrorCount.MaxMessages) { distinctMessages(path) += 1; message }
      else ErrorCount.OtherMessages
    errors(path -> kept) += 1
  }

  /** The failures counted, their messages redacted as every line the suite writes is ([[Redaction]]): a check's
    * `but actually found <value>` quotes what the answer held, a token or a password among them. Messages alike
    * once redacted count as one.
    */
  def errorCounts: Seq[ErrorCount] =
    ErrorCount.sorted(
      errors.toSeq.groupMapReduce { case ((path, message), _) => path -> Redaction.redact(message) }(_._2)(_ + _)
        .map { case ((path, message), count) => ErrorCount(message, count, path) }
    )

  private final class WindowCollector(val window: RunWindow) {
    val global: LatencyAccumulator = newAccumulator()
    val requests = mutable.LinkedHashMap.empty[List[String], LatencyAccumulator]
    val groups = mutable.LinkedHashMap.empty[List[String], LatencyAccumulator]
    val completed: mutable.Map[List[String], Long] = mutable.Map.empty.withDefaultValue(0L)
  }
  private val windowCollectors = windows.map(new WindowCollector(_))

  def request(path: List[String]): LatencyAccumulator = requests.getOrElse(path, newAccumulator())
  def group(path: List[String]): LatencyAccumulator = groups.getOrElse(path, newAccumulator())

  val collect: LogRecord => Unit = {
    case r: RequestRecorded =>
      val path = r.groupHierarchy :+ r.name
      val ms = r.responseTimeMs
      r.error.foreach(countError(path, _))
      requests.getOrElseUpdate(path, newAccumulator()).record(ms, r.ok)
      windowCollectors.foreach { w =>
        if (w.window.contains(r.startEpochMs)) {
          w.global.record(ms, r.ok)
          w.requests.getOrElseUpdate(path, newAccumulator()).record(ms, r.ok)
        }
      }
    case g: GroupRecorded =>
      val ms = if (useGroupDuration) g.durationMs else g.cumulatedResponseTimeMs
      groups.getOrElseUpdate(g.hierarchy, newAccumulator()).record(ms, g.ok)
      windowCollectors.foreach { w =>
        if (w.window.contains(g.startEpochMs))
          w.groups.getOrElseUpdate(g.hierarchy, newAccumulator()).record(ms, g.ok)
        if (g.ok && w.window.contains(g.endEpochMs)) w.completed(g.hierarchy) += 1
      }
    case _ =>
  }

  def windowSummary(window: RunWindow): WindowSummary = {
    val w = windowCollectors.find(_.window == window).get
    val seconds = window.durationMs / 1000.0
    WindowSummary(
      window,
      w.global.entry(Nil, seconds),
      w.requests.toSeq.flatMap { case (path, acc) => acc.entry(path, seconds) },
      w.groups.toSeq.flatMap { case (path, acc) => acc.entry(path, seconds) },
      SystemCollector.rates(w.completed, window.durationMs)
    )
  }
}
