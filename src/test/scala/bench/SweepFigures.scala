package bench

import java.nio.file.{ Files, Paths }

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.ObjectMapper

/** A sweep's figures from an archived run's summary.json: each throughput curve's peak (the highest
  * level-and-repeat point), its best level (highest median) and headroom, and the injector JVM's CPU
  * over the run, from its own sampling.
  *
  * mvn -q exec:java -Dexec.mainClass=bench.SweepFigures -Dexec.args="results/<run>"
  */
object SweepFigures {
  def main(args: Array[String]): Unit = args.toList match {
    case run :: Nil =>
      val file = Paths.get(run).resolve("summary.json")
      if (!Files.isRegularFile(file)) fail(s"$run: no summary.json (not an archived run?)")
      println(report(new ObjectMapper().readTree(file.toFile)))
    case _ => fail("usage: SweepFigures <archived run folder>")
  }

  private def fail(message: String): Nothing = {
    System.err.println(message)
    sys.exit(2)
  }

  def report(summary: com.fasterxml.jackson.databind.JsonNode): String = {
    val curves = summary.get("curves").elements().asScala.toSeq.map { c =>
      val unit = c.get("unit").asText
      val points = c.get("points").elements().asScala.toSeq
      val peak = points.maxByOption(_.get("perSecond").asDouble)
      val peakLine = peak.fold("no points")(p =>
        f"${p.get("perSecond").asDouble}%,.1f $unit/s at ${p.get("concurrency").asLong} users (level ${p.get("level").asInt}, repeat ${p.get("repeat").asInt})"
      )
      val best = Option(c.get("best")).fold("none")(b =>
        f"level ${b.get("level").asInt} (${b.get("concurrency").asLong} users), median ${b.get("median").asDouble}%,.1f $unit/s"
      )
      val headroom = Option(c.get("headroom")).fold("none")(h =>
        f"${h.get("overRequirementMax").asDouble}%,.1fx over ${c.get("requirement").get("max").asDouble}%.0f $unit/s, " +
          f"${h.get("overRequirementMin").asDouble}%,.1fx over ${c.get("requirement").get("min").asDouble}%.0f"
      )
      s"""curve                   ${c.get("system").asText}: ${points.size} points
         |peak                    $peakLine
         |best level              $best
         |headroom                $headroom""".stripMargin
    }
    val injector = Option(summary.get("injector")).fold("injector JVM            not recorded") { i =>
      f"injector JVM            ${i.get("cpuMeanPercent").asDouble}%.1f %% of ${i.get("cores").asInt} cores on average " +
        f"(max ${i.get("cpuMaxPercent").asDouble}%.1f %%), GC pauses ${i.get("gcPercent").asDouble}%.2f %% of the run"
    }
    val global = summary.get("global")
    (Seq(
      s"run                     ${summary.get("run").get("runId").asText}",
      f"requests                ${global.get("count").asLong}%,d, KO ${global.get("ko").asLong}"
    ) ++ curves :+ injector).mkString("\n")
  }
}
