package profiles.capacity

import watch.{ Answer, GroupSoFar, LoadListener, ResponseWindow }

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.{ AtomicReference, LongAdder }

import scala.jdk.CollectionConverters._

import io.gatling.core.config.GatlingConfiguration
import org.HdrHistogram.{ AtomicHistogram, Histogram }
import results.model.Throughput

/** One request path's (or group's) answers in a step's judged window. */
final case class PathFigures(count: Long, ko: Long, latencies: Histogram) {
  def percentileMs(rank: Double): Long = if (latencies.getTotalCount == 0) 0L else latencies.getValueAtPercentile(rank)
}

object PathFigures {
  def merged(parts: Seq[PathFigures]): PathFigures = {
    val latencies = new Histogram(ResponseWindow.MaxMs, 2)
    parts.foreach(p => latencies.add(p.latencies))
    PathFigures(parts.map(_.count).sum, parts.map(_.ko).sum, latencies)
  }
}

/** What a step's judged window recorded: each request path's figures, and each group's, on the group's own
  * times as the results step takes them (Gatling's group time: its requests' summed times, or its duration
  * with `useGroupDurationMetric`).
  */
final case class WindowFigures(requests: Map[List[String], PathFigures], groups: Map[List[String], PathFigures]) {
  def answers: Long = requests.values.map(_.count).sum
}

object WindowFigures {
  val Empty: WindowFigures = WindowFigures(Map.empty, Map.empty)
}

/** Records one system's answers (handed on by the run's [[launch.LoadWatch]]) into the open step's judged
  * window: per request path, its count, its KO answers (no status, or 4xx and 5xx) and its
  * response times; per group, each user's group as its last answer in the window left it. An answer that ended
  * before the window opened belongs to the settling time, not the step.
  *
  * @param groupDuration a group's time is its duration, start to last answer (Gatling's
  *                      `useGroupDurationMetric`), not its requests' summed times
  */
final class StepRecorder(system: String, groupDuration: Boolean = StepRecorder.groupDurationMetric)
    extends LoadListener {
  import StepRecorder.GroupState
  private final class Counts {
    val answers = new LongAdder
    val ko = new LongAdder
    val latencies = new AtomicHistogram(ResponseWindow.MaxMs, 2)
  }

  private final class Window(val fromMs: Long) {
    val paths = new ConcurrentHashMap[List[String], Counts]
    val groups = new ConcurrentHashMap[(List[String], Long, Long), GroupState]
    val groupCounts = new ConcurrentHashMap[List[String], LongAdder]
    val answers = new LongAdder

    /** Answers by the tenth of a second they ended in, from the window's start: a window's length is known only
      * as it closes, so its batches are counted from these then.
      */
    val byTenth = new ConcurrentHashMap[Long, LongAdder]
  }
  private val open = new AtomicReference[Window]

  def answered(answer: Answer): Unit =
    if (answer.system == system) Option(open.get).filter(answer.endEpochMs >= _.fromMs).foreach { window =>
      val counts = window.paths.computeIfAbsent(answer.path, _ => new Counts)
      window.answers.increment()
      window.byTenth.computeIfAbsent((answer.endEpochMs - window.fromMs) / 100, _ => new LongAdder).increment()
      counts.answers.increment()
      // A redirect a journey asks for (eForms' log in answers 302) is an answer, not an error, whatever Gatling's
      // default status check would say; the results step judges each step again on Gatling's own KO.
      val ko = answer.status < 200 || answer.status >= 400
      if (ko) counts.ko.increment()
      counts.latencies.recordValue(math.max(0L, math.min(answer.responseTimeMs, ResponseWindow.MaxMs)))
      answer.groups.foreach(g => recordGroup(window, g, answer.endEpochMs, ko))
    }

  /** A group's answers come in one by one (side by side for a page's resources): it keeps the longest time and
    * any KO they gave.
    */
  private def recordGroup(window: Window, group: GroupSoFar, endEpochMs: Long, ko: Boolean): Unit = {
    val ms = if (groupDuration) endEpochMs - group.startEpochMs else group.cumulatedMs
    val now = GroupState(ms, group.okBefore && !ko)
    var first = false
    window.groups.compute(
      (group.path, group.user, group.startEpochMs),
      (_, before) =>
        if (before == null) { first = true; now }
        else GroupState(math.max(before.ms, now.ms), before.ok && now.ok)
    )
    if (first) window.groupCounts.computeIfAbsent(group.path, _ => new LongAdder).increment()
  }

  /** Starts a judged window: answers that end from `fromEpochMs` on count. */
  def openWindow(fromEpochMs: Long): Unit = open.set(new Window(fromEpochMs))

  /** The answers the open window has recorded so far (0 when none is open). */
  def answers: Long = Option(open.get).fold(0L)(_.answers.sum)

  /** The open window's answers so far by request path, and its users' groups by group (empty when none is open). */
  def answersByPath: Map[List[String], Long] =
    Option(open.get).fold(Map.empty[List[String], Long]) { window =>
      window.paths.asScala.map { case (path, c) => path -> c.answers.sum }.toMap ++
        window.groupCounts.asScala.map { case (path, n) => path -> n.sum }
    }

  /** The open window's answers up to `toEpochMs`, in its [[Throughput.Batches]] parts (none when no window is
    * open).
    */
  def throughput(toEpochMs: Long): Throughput = Option(open.get).fold(Throughput(0, 0)) { window =>
    val windowMs = toEpochMs - window.fromMs
    val batches = new Array[Long](Throughput.Batches)
    window.byTenth.forEach { (tenth, n) =>
      batches(Throughput.batchOf(window.fromMs + tenth * 100 + 50, window.fromMs, windowMs)) += n.sum
    }
    Throughput(window.answers.sum, windowMs, batches.toSeq)
  }

  /** Ends the window: what it recorded, by request path and by group. */
  def closeWindow(): WindowFigures =
    Option(open.getAndSet(null)).fold(WindowFigures.Empty) { window =>
      val requests = window.paths.asScala.map { case (path, c) =>
        val latencies = new Histogram(ResponseWindow.MaxMs, 2)
        latencies.add(c.latencies)
        path -> PathFigures(c.answers.sum, c.ko.sum, latencies)
      }.toMap
      val groups = window.groups.asScala.toSeq.groupMap(_._1._1)(_._2).map { case (path, states) =>
        val latencies = new Histogram(ResponseWindow.MaxMs, 2)
        states.foreach(s => latencies.recordValue(math.max(0L, math.min(s.ms, ResponseWindow.MaxMs))))
        path -> PathFigures(states.size.toLong, states.count(!_.ok).toLong, latencies)
      }
      WindowFigures(requests, groups)
    }
}

object StepRecorder {

  /** One user's group: its time and whether it is OK, as its latest answer left them. */
  private final case class GroupState(ms: Long, ok: Boolean)

  /** The group time the HTML report and the results step use (`gatling.charting.useGroupDurationMetric`). */
  lazy val groupDurationMetric: Boolean = GatlingConfiguration.load().reports.useGroupDurationMetric
}
