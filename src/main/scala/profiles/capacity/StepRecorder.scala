package profiles.capacity

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.{ AtomicReference, LongAdder }

import scala.jdk.CollectionConverters._

import org.HdrHistogram.{ AtomicHistogram, Histogram }
import results.model.Throughput
import suite.{ Answer, LoadListener, ResponseWindow }

/** One request path's answers in a step's judged window. */
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

/** Records one system's answers (handed on by the run's [[suite.LoadWatch]]) into the open step's judged
  * window: per request path, its count, its KO answers (no status, or 4xx and 5xx) and its
  * response times. An answer that ended before the window opened belongs to the settling time, not the step.
  */
final class StepRecorder(system: String) extends LoadListener {
  private final class Counts {
    val answers = new LongAdder
    val ko = new LongAdder
    val latencies = new AtomicHistogram(ResponseWindow.MaxMs, 2)
  }
  private final class Window(val fromMs: Long) {
    val paths = new ConcurrentHashMap[List[String], Counts]
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
      if (answer.status < 200 || answer.status >= 400) counts.ko.increment()
      counts.latencies.recordValue(math.max(0L, math.min(answer.responseTimeMs, ResponseWindow.MaxMs)))
    }

  /** Starts a judged window: answers that end from `fromEpochMs` on count. */
  def openWindow(fromEpochMs: Long): Unit = open.set(new Window(fromEpochMs))

  /** The answers the open window has recorded so far (0 when none is open). */
  def answers: Long = Option(open.get).fold(0L)(_.answers.sum)

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

  /** Ends the window: what it recorded, by request path. */
  def closeWindow(): Map[List[String], PathFigures] =
    Option(open.getAndSet(null)).fold(Map.empty[List[String], PathFigures]) { window =>
      window.paths.asScala.map { case (path, c) =>
        val latencies = new Histogram(ResponseWindow.MaxMs, 2)
        latencies.add(c.latencies)
        path -> PathFigures(c.answers.sum, c.ko.sum, latencies)
      }.toMap
    }
}
