package bench

import java.nio.file.{ Files, Path, Paths }

import scala.collection.mutable
import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.ObjectMapper
import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.charts.stats.SimulationLogAccess.{ RequestRecorded, UserRecorded }

/** What an injector achieved in an archived run, against what its profile asked for: arrival rate
  * and requests/s over the steady window, peak concurrent users, and the latency of one request.
  *
  * mvn -q exec:java -Dexec.mainClass=bench.LoadFigures -Dexec.args="results/<run> 50 'mint raid'"
  */
object LoadFigures {
  def main(args: Array[String]): Unit = args.toList match {
    case run :: targetRate :: request :: Nil if targetRate.toDoubleOption.exists(_ > 0) =>
      val runDir = Paths.get(run)
      if (!Files.isRegularFile(runDir.resolve("summary.json"))) fail(s"$run: no summary.json (not an archived run?)")
      println(report(runDir, targetRate.toDouble, request))
    case _ => fail("usage: LoadFigures <archived run folder> <target arrival rate, users/s, > 0> <request name>")
  }

  private def fail(message: String): Nothing = {
    System.err.println(message)
    sys.exit(2)
  }

  def report(runDir: Path, targetRate: Double, request: String): String = {
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
    val figures = summary.get("requests").elements().asScala.find(_.get("name").asText == request)
      .getOrElse(fail(s"$runDir: no request named '$request'"))
    val global = summary.get("global")

    f"""run                     ${runDir.getFileName}
       |steady window           $seconds%.0f s
       |arrival rate            target $targetRate%.2f users/s, achieved $achievedRate%.2f users/s (${100 * achievedRate / targetRate}%.1f%%)
       |peak concurrent users   $peakActive
       |requests/s (steady)     ${(requestsInSteady(true) + requestsInSteady(
        false
      )) / seconds}%.1f (KO ${requestsInSteady(false)})
       |requests (whole run)    ${global.get("count").asLong} OK ${global.get("ok").asLong} KO ${global.get(
        "ko"
      ).asLong}
       |$request%-23s p50 ${figures.get("p50Ms").asInt} ms, p99 ${figures.get("p99Ms").asInt} ms, max ${figures.get(
        "maxMs"
      ).asInt} ms""".stripMargin
  }
}
