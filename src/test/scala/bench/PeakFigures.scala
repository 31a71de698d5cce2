package bench

import java.nio.file.{ Path, Paths }

import scala.collection.mutable
import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import com.typesafe.config.ConfigUtil
import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.charts.stats.SimulationLogAccess.{ RequestRecorded, UserRecorded }
import config.{ ConfigFiles, Settings }

/** bench/all-peaks.sh's figures: per scenario of a run of several systems, the users it started (and their
  * rate after `warmUpSeconds`), its peak concurrent users, requests, requests/s and KO, beside its target (see
  * [[targets]]); then the run's totals and both JVMs' CPU and heap (see [[LoadFigures.jvmFigures]]);
  * last the busiest minute, when every population is at its peak: its requests/s, the sandbox JVM's CPU and
  * how busy the whole machine was, from the sandbox's own record. A run's averages hide that minute (on
  * 2026-11-26 the machine was 0.6-1.0 of 2 cores busy over whole runs, 1.3-1.7 in their busiest minute), and
  * the late answers come in it.
  *
  * PeakFigures <archived run folder> <warm-up seconds>
  */
object PeakFigures {
  val WindowSeconds = 60

  /** The first second of the `seconds`-long window with the most requests, and their count, from the requests
    * started in each second of the run.
    */
  def busiestWindow(startsPerSecond: Map[Long, Long], seconds: Int): (Long, Long) =
    if (startsPerSecond.isEmpty) (0L, 0L)
    else
      (startsPerSecond.keys.min to startsPerSecond.keys.max)
        .map(from => from -> (from until from + seconds).map(startsPerSecond.getOrElse(_, 0L)).sum)
        .maxBy { case (from, count) => (count, -from) }

  private final class Scenario {
    var started = 0L
    var startedAfterWarmUp = 0L
    var active = 0L
    var peakActive = 0L
    var requests = 0L
    var ko = 0L
    var firstStart = Long.MaxValue
    var lastStart = Long.MinValue
    var firstRequest = Long.MaxValue
    var lastRequest = Long.MinValue
  }

  def main(args: Array[String]): Unit = println(report(Paths.get(args(0)), args(1).toLong * 1000))

  /** Each scenario's target: the description of the profile its system ran (its `all-peaks` profile in
    * systems/<key>.conf), from a run's summary.json, whose systems name their profile and their scenarios (one
    * per line class).
    */
  def targets(summary: JsonNode): Map[String, String] = {
    val systems = summary.get("systems").elements.asScala.toSeq
    val settings = new Settings(ConfigFiles.load(systems.map(_.get("key").asText)))
    systems.flatMap { system =>
      val profile = ConfigUtil.joinPath("profiles", system.get("key").asText, system.get("profile").asText)
      settings.optionalString(s"$profile.description").toSeq.flatMap { target =>
        system.get("scenarios").elements.asScala.map(_.asText -> target)
      }
    }.toMap
  }

  def report(runDir: Path, warmUpMs: Long): String = {
    val header = SimulationLogAccess.readHeader(runDir.resolve("simulation.log"))
    val scenarios = mutable.LinkedHashMap.empty[String, Scenario]
    var active = 0L
    var peakActive = 0L
    var (first, last) = (Long.MaxValue, Long.MinValue)
    // Request records name no scenario, so requests are counted per request name.
    val requestsByName =
      mutable.Map.empty[String, (Long, Long, Long, Long)].withDefaultValue((0L, 0L, Long.MaxValue, Long.MinValue))
    val runStart = header.runStartEpochMs
    val startsPerSecond = mutable.Map.empty[Long, Long].withDefaultValue(0L)
    SimulationLogAccess.walk(runDir.resolve("simulation.log"), header) {
      case u: UserRecorded =>
        val s = scenarios.getOrElseUpdate(u.scenario, new Scenario)
        if (u.started) {
          s.started += 1
          s.active += 1
          active += 1
          s.firstStart = s.firstStart.min(u.timestampEpochMs)
          s.lastStart = s.lastStart.max(u.timestampEpochMs)
        } else {
          s.active -= 1
          active -= 1
        }
        s.peakActive = s.peakActive.max(s.active)
        peakActive = peakActive.max(active)
      case r: RequestRecorded =>
        val (n, ko, f, l) = requestsByName(r.name)
        requestsByName(r.name) = (n + 1, ko + (if (r.ok) 0 else 1), f.min(r.startEpochMs), l.max(r.endEpochMs))
        startsPerSecond((r.startEpochMs - runStart) / 1000) += 1
        first = first.min(r.startEpochMs)
        last = last.max(r.endEpochMs)
      case _ =>
    }
    // Users started after the warm-up, counted in a second walk now that each scenario's first start is known.
    SimulationLogAccess.walk(runDir.resolve("simulation.log"), header) {
      case u: UserRecorded if u.started =>
        val s = scenarios(u.scenario)
        if (u.timestampEpochMs >= s.firstStart + warmUpMs) s.startedAfterWarmUp += 1
      case _ =>
    }
    val summary = new ObjectMapper().readTree(runDir.resolve("summary.json").toFile)
    val target = targets(summary)
    val total = requestsByName.values.map(_._1).sum
    val totalKo = requestsByName.values.map(_._2).sum
    val seconds = (last - first).max(1) / 1000.0
    val rows = scenarios.toSeq.map { case (name, s) =>
      val steadySeconds = (s.lastStart - s.firstStart - warmUpMs) / 1000.0
      val rate = if (steadySeconds > 0) f"${s.startedAfterWarmUp / steadySeconds}%.2f users/s after warm-up" else "-"
      f"$name%-28s target ${target.getOrElse(name, "-")}%-26s started ${s.started}%,7d ($rate), peak concurrent ${s.peakActive}%,6d (from ${(s.firstStart - runStart) / 1000}%d s)"
    }
    val requestRows = requestsByName.toSeq.sortBy(-_._2._1).map { case (name, (n, ko, f, l)) =>
      f"  $name%-50s ${n}%,9d requests, ${n * 1000.0 / (l - f).max(1)}%,8.1f/s, KO $ko%,d"
    }
    val global = summary.get("global")
    (Seq(s"run ${runDir.getFileName}", "per scenario:") ++ rows ++ Seq("per request:") ++ requestRows ++ Seq(
      f"total: $total%,d requests ($totalKo%,d KO) over $seconds%.0f s = ${total / seconds}%,.1f requests/s; peak concurrent users $peakActive%,d",
      f"all requests p50 / p95 / p99 / max: ${global.get("p50Ms").asInt}%,d / ${global.get("p95Ms").asInt}%,d / ${global.get("p99Ms").asInt}%,d / ${global.get("maxMs").asInt}%,d ms"
    ) ++ Option(summary.get("injector")).toSeq.flatMap { i =>
      Seq(
        f"injector: CPU ${i.get("cpuMeanPercent").asDouble}%.0f %% of ${i.get("cores").asInt} cores on average (max ${i.get("cpuMaxPercent").asDouble}%.0f %%), " +
          f"users started up to ${i.get("lateStartMaxMs").asLong}%,d ms late (p99 ${i.get("lateStartP99Ms").asLong}%,d ms), GC ${i.get("gcPercent").asDouble}%.2f %%"
      ) ++ Option(i.get("saturation")).toSeq.flatMap(s => (0 until s.size).map(k => s"  ${s.get(k).asText}"))
    } ++ LoadFigures.jvmFigures(summary) :+ busiestMinute(runStart, startsPerSecond.toMap)).mkString("\n")
  }

  private def busiestMinute(runStart: Long, startsPerSecond: Map[Long, Long]): String = {
    val (from, count) = busiestWindow(startsPerSecond, WindowSeconds)
    val fromMs = runStart + from * 1000
    val usage = LoadFigures.sandboxTimeline.flatMap(JvmTimeline.over(_, fromMs, fromMs + WindowSeconds * 1000L))
    val sandbox = usage.fold("no record of the sandbox JVM")(u => f"sandbox JVM ${u.cores}%.2f cores")
    val machine = usage.flatMap(_.machineCores).fold("the machine's counters not recorded") { case (busy, cpus) =>
      f"the machine $busy%.2f of $cpus cores busy"
    }
    f"busiest minute, $from-${from + WindowSeconds} s into the run: ${count.toDouble / WindowSeconds}%,.1f requests/s; $sandbox; $machine"
  }
}
