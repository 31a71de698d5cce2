package bench

import java.nio.file.{ Files, Path, Paths }

import scala.collection.mutable
import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.ObjectMapper
import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.charts.stats.SimulationLogAccess.{ RequestRecorded, UserRecorded }

/** What an injector achieved in an archived run, against what its profile asked for: arrival rate
  * and requests/s over the steady window, peak concurrent users, transactions per hour where the run
  * has transactions, the latency of the named requests (of every request when none is named), and what
  * the injector JVM and the sandbox JVM used over the run, each as recorded from inside: the injector's
  * in summary.json, the sandbox's in the [[JvmTimeline]] file `-Dbench.timeline` (when it exists).
  *
  * mvn -q exec:java -Dexec.mainClass=bench.LoadFigures -Dexec.args="results/<run> 50 'mint raid'"
  */
object LoadFigures {
  def main(args: Array[String]): Unit = args.toList match {
    case run :: targetRate :: requests if targetRate.toDoubleOption.exists(_ > 0) =>
      val runDir = Paths.get(run)
      if (!Files.isRegularFile(runDir.resolve("summary.json"))) fail(s"$run: no summary.json (not an archived run?)")
      println(report(runDir, targetRate.toDouble, requests))
    case _ => fail("usage: LoadFigures <archived run folder> <target arrival rate, users/s, > 0> [request name ...]")
  }

  private def fail(message: String): Nothing = {
    System.err.println(message)
    sys.exit(2)
  }

  def report(runDir: Path, targetRate: Double, requests: Seq[String]): String = {
    val json = new ObjectMapper()
    val summary = json.readTree(runDir.resolve("summary.json").toFile)
    val steady = summary.get("steady")
    val (from, to) = (steady.get("startEpochMs").asLong, steady.get("endEpochMs").asLong)

    var startedInSteady = 0L
    var active = 0L
    var peakActive = 0L
    val requestsInSteady = mutable.Map.empty[Boolean, Long].withDefaultValue(0L)
    // User start/end records arrive in time order within a second or so; the peak is what Gatling's
    // "active users" chart shows.
    SimulationLogAccess.walk(runDir.resolve("simulation.log")) {
      case u: UserRecorded =>
        if (u.started) {
          active += 1
          if (u.timestampEpochMs >= from && u.timestampEpochMs < to) startedInSteady += 1
        } else active -= 1
        peakActive = peakActive.max(active)
      case r: RequestRecorded if r.startEpochMs >= from && r.startEpochMs < to => requestsInSteady(r.ok) += 1
      case _                                                                   =>
    }
    val seconds = (to - from) / 1000.0
    val achievedRate = startedInSteady / seconds
    val recorded = summary.get("requests").elements().asScala.map(r => r.get("name").asText -> r).toSeq
    val latencies = (if (requests.isEmpty) recorded.map(_._1) else requests).map { name =>
      val r = recorded.collectFirst { case (`name`, figures) => figures }
        .getOrElse(fail(s"$runDir: no request named '$name'"))
      def ms(key: String) = f"${r.get(key).asInt}%,d"
      f"$name%-40s p50 ${ms("p50Ms")}%6s  p95 ${ms("p95Ms")}%6s  p99 ${ms("p99Ms")}%6s  max ${ms("maxMs")}%6s ms"
    }
    val global = summary.get("global")
    val perHour = steady.get("transactionsPerHour").asDouble
    // One user is one transaction in the journeys that report transactions, so the target is the arrival rate.
    val transactions =
      if (perHour > 0)
        f"transactions/hour       target ${targetRate * 3600}%,.0f, achieved $perHour%,.0f (${100 * perHour / (targetRate * 3600)}%.1f%%)\n"
      else ""

    f"""run                     ${runDir.getFileName}
       |steady window           $seconds%.0f s
       |arrival rate            target $targetRate%.2f users/s, achieved $achievedRate%.2f users/s (${100 * achievedRate / targetRate}%.1f%%)
       |${transactions}peak concurrent users   $peakActive
       |requests/s (steady)     ${(requestsInSteady(true) + requestsInSteady(
        false
      )) / seconds}%.1f (KO ${requestsInSteady(false)})
       |requests (whole run)    ${global.get("count").asLong} OK ${global.get("ok").asLong} KO ${global.get(
        "ko"
      ).asLong}
       |latency (whole run)
       |${latencies.mkString("\n")}
       |${jvmFigures(summary).mkString("\n")}""".stripMargin
  }

  /** The injector's CPU and heap from the run's own record; the sandbox's over the run, from its timeline. */
  def jvmFigures(summary: com.fasterxml.jackson.databind.JsonNode): Seq[String] = {
    val run = summary.get("run")
    val (from, to) = (run.get("startEpochMs").asLong, run.get("endEpochMs").asLong)
    val injector = Option(summary.get("injector")).map { i =>
      val cpu = i.get("cpuSeconds").asDouble
      f"injector JVM            $cpu%.1f CPU s over ${(to - from) / 1000.0}%.0f s = ${cpu * 1000 / (to - from)}%.2f cores, heap in use up to ${i.get("heapPeakMiB").asLong}%,d MiB (its own record)"
    }
    val sandbox = sandboxTimeline.flatMap(JvmTimeline.over(_, from, to))
      .map(usage => s"sandbox JVM             ${usage.describe} (its own record, $timelineFile)")
    injector.toSeq ++ sandbox
  }

  private def timelineFile = Paths.get(sys.props.getOrElse("bench.timeline", "target/bench-sandbox-jvm.csv"))

  /** The standalone sandbox's record of itself (see [[MeasuredSandbox]]), if this run had one. */
  def sandboxTimeline: Option[Seq[JvmTimeline.Sample]] =
    Option.when(Files.isRegularFile(timelineFile))(JvmTimeline.read(timelineFile))
}
