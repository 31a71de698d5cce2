package bench

import java.nio.file.Paths

import scala.util.Random

import io.gatling.core.stats.writer.SimulationLogWriter

/** A synthetic simulation.log for bench/results-at-scale.sh, written by Gatling's own writer: `requests`
  * requests over `names` request names spread evenly over `seconds`, by users of 10 requests each; response
  * times 2 ms plus an exponential draw (mean 80 ms, so a long tail), 1 % KO with one of 5 errors. The same
  * arguments give the same log.
  *
  * SyntheticLog <results folder> <requests> <names> <seconds> <run start, epoch ms>; prints the log's path.
  */
object SyntheticLog {
  def main(args: Array[String]): Unit = {
    val Seq(dir, requests, names, seconds, start) = args.toSeq: @unchecked
    val log = write(Paths.get(dir), requests.toLong, names.toInt, seconds.toInt, start.toLong)
    println(log)
  }

  def write(
      dir: java.nio.file.Path,
      requests: Long,
      names: Int,
      seconds: Int,
      startEpochMs: Long
  ): java.nio.file.Path = {
    val random = new Random(requests)
    val writer = SimulationLogWriter.open(dir, "bench.SyntheticSimulation", startEpochMs, "synthetic")
    val requestNames = IndexedSeq.tabulate(names)(i => f"request $i%02d")
    val errors = IndexedSeq.tabulate(5)(i => s"status.find.is(200), but actually found ${500 + i}")
    val perUser = 10
    val stepMs = seconds * 1000.0 / requests
    var i = 0L
    while (i < requests) {
      val at = startEpochMs + (i * stepMs).toLong
      if (i % perUser == 0) writer.user(started = true, at)
      val end = at + 2 + (-80 * math.log(1 - random.nextDouble())).toLong
      val error = Option.when(random.nextInt(100) == 0)(errors(random.nextInt(errors.size)))
      writer.request(requestNames((i % names).toInt), at, end, error)
      if (i % perUser == perUser - 1) writer.user(started = false, end)
      i += 1
    }
    writer.close()
    writer.logFile
  }
}
