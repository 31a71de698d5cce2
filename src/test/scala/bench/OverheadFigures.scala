package bench

import java.nio.file.{ Files, Path, Paths }

import com.fasterxml.jackson.databind.ObjectMapper
import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.charts.stats.SimulationLogAccess.RequestRecorded
import org.HdrHistogram.Histogram

/** bench/overhead.sh's figures: the suite's runs against the plain Gatling runs of the same journey, round by
  * round, then over all rounds.
  *
  * mvn -q exec:java -Dexec.mainClass=bench.OverheadFigures -Dexec.args="<round> [<round> ...]", each round
  * five paths: "<suite run folder> <plain run folder> <plain figures file> <sandbox timeline during the suite's
  * run> <sandbox timeline during plain Gatling's>". -Dbench.maxCpuRatio (none by default): when the suite's CPU
  * per request over all rounds is more than that many times plain Gatling's, says so and writes that ratio to
  * -Dbench.tooCostlyFile, for the script's exit code (exec:java turns a JVM's own exit code into Maven's 1).
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

  /** One round's two sides, and the suite's figures over plain Gatling's. */
  final case class Round(suite: RunFigures, plain: RunFigures) {
    def requestsRatio: Double = suite.perSecond / plain.perSecond
    def cpuRatio: Double = suite.cpuPerThousand / plain.cpuPerThousand
    def p99Ratio: Double = suite.p99Ms.toDouble / plain.p99Ms.max(1)
  }

  /** A ratio over rounds run in mirrored order (suite first, then plain first, ...): their geometric mean, in
    * which a drift of the machine that is linear in time cancels, and the range of the rounds' own ratios.
    */
  final case class OverRounds(mean: Double, lowest: Double, highest: Double) {
    def describe: String =
      if (lowest == highest) f"$mean%.2fx" else f"$mean%.2fx (rounds $lowest%.2fx to $highest%.2fx)"
  }

  object OverRounds {
    def of(ratios: Seq[Double]): OverRounds =
      OverRounds(math.exp(ratios.map(math.log).sum / ratios.size), ratios.min, ratios.max)
  }

  def main(args: Array[String]): Unit =
    if (args.isEmpty || args.length % 5 != 0) {
      System.err.println(
        "usage: OverheadFigures <round> [<round> ...], each: <suite run> <plain run> <plain figures file> " +
          "<suite sandbox csv> <plain sandbox csv>"
      )
      sys.exit(2)
    } else {
      val rounds = args.toSeq.grouped(5).zipWithIndex.map { case (paths, i) => round(i + 1, paths) }.toSeq
      val cpu = OverRounds.of(rounds.map(_.cpuRatio))
      println(
        s"suite/plain over ${rounds.size} round(s): requests/s ${OverRounds.of(rounds.map(_.requestsRatio)).describe}, " +
          s"CPU per request ${cpu.describe}, p99 ${OverRounds.of(rounds.map(_.p99Ratio)).describe}"
      )
      sys.props.get("bench.maxCpuRatio").flatMap(max => tooCostly(cpu, max.toDouble)).foreach { line =>
        println(line)
        Files.writeString(Paths.get(sys.props("bench.tooCostlyFile")), f"${cpu.mean}%.3f\n")
      }
    }

  /** The line that fails the benchmark when the suite's CPU per request over the rounds is above `max` times
    * plain Gatling's.
    */
  def tooCostly(cpu: OverRounds, max: Double): Option[String] =
    Option.when(cpu.mean > max)(
      f"overhead: the suite's CPU per request is ${cpu.mean}%.2fx plain Gatling's, above the $max%.2fx allowed"
    )

  private def round(number: Int, paths: Seq[String]): Round = {
    val (suiteRun, plainRun, plainFigures, suiteSandbox, plainSandbox) =
      (paths(0), paths(1), paths(2), paths(3), paths(4))
    val injector = new ObjectMapper().readTree(Paths.get(suiteRun, "summary.json").toFile).get("injector")
    val suite = figures(Paths.get(suiteRun), injector.get("cpuSeconds").asDouble, injector.get("heapPeakMiB").asLong)
    val plainInjector = Files.readString(Paths.get(plainFigures)).trim.split(' ')
    val plain = figures(Paths.get(plainRun), plainInjector(0).toDouble, plainInjector(1).toLong)
    def row(name: String, f: RunFigures) =
      f"$name%-8s ${f.requests}%,10d ${f.ko}%,6d ${f.perSecond}%,10.1f ${f.p99Ms}%,8d ${f.cpuSeconds}%9.1f ${f.cpuPerThousand}%11.3f ${f.heapMiB}%,9d"
    println(s"== round $number")
    println(
      f"${"run"}%-8s ${"requests"}%10s ${"KO"}%6s ${"req/s"}%10s ${"p99 ms"}%8s ${"CPU s"}%9s ${"CPU s/1000"}%11s ${"heap MiB"}%9s"
    )
    println(row("suite", suite))
    println(row("plain", plain))
    Seq(("suite", suite, suiteSandbox), ("plain", plain, plainSandbox)).foreach { case (name, f, timeline) =>
      JvmTimeline.over(JvmTimeline.read(Paths.get(timeline)), f.firstEpochMs, f.lastEpochMs).foreach(u =>
        println(f"sandbox JVM during $name: ${u.describe}, ${1000 * u.cpuSeconds / f.requests}%.2f CPU ms per request")
      )
    }
    val r = Round(suite, plain)
    println(
      f"suite/plain: requests/s ${r.requestsRatio}%.2fx, CPU per request ${r.cpuRatio}%.2fx, p99 ${r.p99Ratio}%.2fx"
    )
    r
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
