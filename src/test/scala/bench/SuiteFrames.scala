package bench

import java.nio.file.{ Files, Path, Paths }

import scala.jdk.CollectionConverters._
import scala.util.Using

import jdk.jfr.consumer.{ RecordedEvent, RecordingFile }

/** bench/overhead.sh's evidence of what the suite adds per request (BENCH_JFR=1): of the CPU samples JFR took
  * on Gatling's engine threads in the suite's injector, the share with the suite's own code on the stack, and
  * which of its methods they were in (the innermost of the suite's frames). A ratio of two runs moves with the
  * machine; this share does not, since it is taken within one run.
  *
  * mvn -q exec:java -Dexec.mainClass=bench.SuiteFrames -Dexec.args="<folder of .jfr files> [<folder> ...]";
  * -Dbench.maxSuitePercent (none by default): when the suite's share over all folders is above it, says so and
  * writes the share to -Dbench.tooCostlyFile, for the script's exit code.
  */
object SuiteFrames {

  /** The framework's packages (less the bridges into Gatling's own): the systems' journeys (raid.*) are plain
    * Gatling's work too.
    */
  private val Framework = layers.LayerImportsTest.Ranks.filterNot(_.startsWith("io.gatling")).map(_ + ".")

  final case class Share(samples: Int, withSuite: Int, byMethod: Seq[(String, Int)]) {
    def percent: Double = if (samples == 0) 0 else 100.0 * withSuite / samples
    def describe: String = {
      val top = byMethod.take(4).map { case (m, n) => f"$m ${100.0 * n / samples}%.1f %%" }.mkString(", ")
      f"$percent%.1f %% of $samples samples on Gatling's engine threads" + (if (top.isEmpty) "" else s" ($top)")
    }
  }

  /** The innermost framework frame of each engine-thread stack (its method, as Class.method), or None. */
  def share(stacks: Seq[Seq[String]]): Share = {
    val innermost = stacks.map(_.find(frame => Framework.exists(frame.startsWith)))
    val byMethod = innermost.flatten.groupBy(identity).view.mapValues(_.size).toSeq.sortBy { case (m, n) => (-n, m) }
    Share(stacks.size, innermost.count(_.isDefined), byMethod)
  }

  private def engineStacks(file: Path): Seq[Seq[String]] =
    Using.resource(new RecordingFile(file)) { recording =>
      Iterator
        .continually(recording)
        .takeWhile(_.hasMoreEvents)
        .map(_.readEvent())
        .filter(e => e.getEventType.getName == "jdk.ExecutionSample" && onEngineThread(e))
        .map(_.getStackTrace.getFrames.asScala.toSeq.map(f => s"${f.getMethod.getType.getName}.${f.getMethod.getName}"))
        .toSeq
    }

  private def onEngineThread(e: RecordedEvent): Boolean =
    Option(e.getThread("sampledThread")).exists(_.getJavaName.startsWith("gatling-"))

  /** The line that fails the benchmark when the suite's own code took more than `maxPercent` of the engine
    * threads' samples: at a third, the suite's own work is half again plain Gatling's, a CPU per request of 1.5x
    * measured within one run, where the machine's drift between runs cannot move it.
    */
  def tooCostly(all: Share, maxPercent: Double): Option[String] =
    Option.when(all.percent > maxPercent)(
      f"overhead: the suite's own code took ${all.percent}%.1f %% of Gatling's engine threads, above the $maxPercent%.0f %% allowed"
    )

  def main(args: Array[String]): Unit = {
    val stacks = args.toSeq.map { folder =>
      val files =
        Using.resource(Files.list(Paths.get(folder)))(_.iterator.asScala.filter(_.toString.endsWith(".jfr")).toSeq)
      // Maven's own JVM records a file too: the injector's is the one with Gatling's threads.
      val injector = files.map(engineStacks).maxByOption(_.size).getOrElse(Nil)
      println(s"suite code in $folder: ${share(injector).describe}")
      injector
    }
    val all = share(stacks.flatten)
    sys.props.get("bench.maxSuitePercent").flatMap(max => tooCostly(all, max.toDouble)).foreach { line =>
      println(line)
      Files.writeString(Paths.get(sys.props("bench.tooCostlyFile")), f"${all.percent}%.1f\n")
    }
  }
}
