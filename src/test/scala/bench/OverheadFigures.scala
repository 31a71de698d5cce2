package bench

import java.nio.file.{ Files, Path, Paths }

import com.fasterxml.jackson.databind.ObjectMapper
import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.charts.stats.SimulationLogAccess.RequestRecorded
import org.HdrHistogram.Histogram

/** bench/overhead.sh's figures: the suite's run against the plain Gatling run of the same journey.
  *
  * mvn -q exec:java -Dexec.mainClass=bench.OverheadFigures -Dexec.args="<suite run folder> <plain run folder>
  * <plain figures file> <sandbox timeline during the suite's run> <sandbox timeline during plain Gatling's>"
  */
object OverheadFigures {

  /** @param cpuSeconds the injector JVM's CPU from the start to the end of the run */
  final case class RunFigures(
      requests: Long,
      ko: Long,
      firstEpochMs: Long,
      lastEpochMs: Long,
      p99Ms: Long,
      cpuSeconds: Double,
      heapMiB: Long
  ) {
    def seconds: Double = (lastEpochMs - firstEpochMs).max(1) / 1000.0
    def perSecond: Double = requests / seconds
    def cpuPerThousand: Double = 1000 * cpuSeconds / requests
  }

  def main(args: Array[String]): Unit = args.toList match {
    case List(suiteRun, plainRun, plainFigures, suiteSandbox, plainSandbox) =>
      val injector = new ObjectMapper().readTree(Paths.get(suiteRun, "summary.json").toFile).get("injector")
      val suite = figures(Paths.get(suiteRun), injector.get("cpuSeconds").asDouble, injector.get("heapPeakMiB").asLong)
      val plainInjector = Files.readString(Paths.get(plainFigures)).trim.split(' ')
      val plain = figures(Paths.get(plainRun), plainInjector(0).toDouble, plainInjector(1).toLong)
      def row(name: String, f: RunFigures) =
        f"$name%-8s ${f.requests}%,10d ${f.ko}%,6d ${f.perSecond}%,10.1f ${f.p99Ms}%,8d ${f.cpuSeconds}%9.1f ${f.cpuPerThousand}%11.3f ${f.heapMiB}%,9d"
      println(
        f"${"run"}%-8s ${"requests"}%10s ${"KO"}%6s ${"req/s"}%10s ${"p99 ms"}%8s ${"CPU s"}%9s ${"CPU s/1000"}%11s ${"heap MiB"}%9s"
      )
      println(row("suite", suite))
      println(row("plain", plain))
      Seq(("suite", suite, suiteSandbox), ("plain", plain, plainSandbox)).foreach { case (name, f, timeline) =>
        JvmTimeline.over(JvmTimeline.read(Paths.get(timeline)), f.firstEpochMs, f.lastEpochMs).foreach(u =>
          println(
            f"sandbox JVM during $name: ${u.describe}, ${1000 * u.cpuSeconds / f.requests}%.2f CPU ms per request"
          )
        )
      }
      println(
        f"suite/plain: requests/s ${suite.perSecond / plain.perSecond}%.2fx, CPU per request ${suite.cpuPerThousand / plain.cpuPerThousand}%.2fx, p99 ${suite.p99Ms.toDouble / plain.p99Ms.max(1)}%.2fx"
      )
    case _ =>
      System.err.println(
        "usage: OverheadFigures <suite run> <plain run> <plain figures file> <suite sandbox csv> <plain sandbox csv>"
      )
      sys.exit(2)
  }

  /** Requests/s over the span from the first request's start to the last one's end. */
  def figures(runDir: Path, cpuSeconds: Double, heapMiB: Long): RunFigures = {
    val latencies = new Histogram(3600000L, 3)
    var ko = 0L
    var first = Long.MaxValue
    var last = Long.MinValue
    SimulationLogAccess.walk(runDir.resolve("simulation.log")) {
      case r: RequestRecorded =>
        latencies.recordValue(r.responseTimeMs.max(0).toLong)
        if (!r.ok) ko += 1
        first = first.min(r.startEpochMs)
        last = last.max(r.endEpochMs)
      case _ =>
    }
    RunFigures(
      latencies.getTotalCount,
      ko,
      first,
      last,
      latencies.getValueAtPercentile(99),
      cpuSeconds,
      heapMiB
    )
  }
}
