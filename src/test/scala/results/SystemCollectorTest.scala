package results

import results.model.{ PlannedWindow, RunContext, RunShard, SystemRecord, WindowKind, WindowLabel }

import results.summarize.{ ResultsSettings, RunSummarizer }

import java.nio.file.{ Files, Path }

import io.gatling.core.stats.writer.SimulationLogWriter
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** One collector reads every system: a system's figures are the same whether it ran alone or beside another. */
class SystemCollectorTest {
  private val start = 1795000000000L
  private val settings = ResultsSettings(Path.of("unused"), 1500, 10000, 5000, 5000, ResultsSettings.NoBaseline, 1000)

  private val alpha = SystemRecord(
    "alpha",
    "steady",
    Seq("alpha"),
    Some(70),
    plannedSteady = Some(PlannedWindow(WindowKind.Steady, WindowLabel.Steady, 10000, 50000)),
    requests = Seq(List("Visit", "a - home"))
  )
  private val beta = SystemRecord("beta", "smoke", Seq("beta"), Some(40), requests = Seq(List("b - home")))

  /** Alpha for 60 s, one user a second, each sending 5 requests, the later ones slower; beta (when it runs)
    * from 20 s to 60 s at 20 requests a second.
    */
  private def run(withBeta: Boolean): RunContext => results.model.RunSummary = { context =>
    val dir = Files.createTempDirectory("systems")
    val writer = SimulationLogWriter.open(dir, "crafted.Systems", start, "alpha", if (withBeta) Seq("beta") else Nil)
    (0 until 60).foreach { s =>
      val t = start + s * 1000L
      writer.user(started = true, t, "alpha")
      (0 until 5).foreach(i => writer.request("a - home", t + i * 100, t + i * 100 + 10 + s, None, List("Visit")))
      writer.group(List("Visit"), t, t + 600, 50, ok = true)
      if (s < 59) writer.user(started = false, t + 999, "alpha")
      if (withBeta && s >= 20) {
        writer.user(started = true, t, "beta")
        (0 until 20).foreach(i => writer.request("b - home", t + i * 40, t + i * 40 + 5, None))
        writer.user(started = false, t + 999, "beta")
      }
    }
    writer.close()
    RunSummarizer.summarize(writer.logFile.getParent, context, RunSummarizer.RunIdentity("crafted", "test"), settings)
  }

  private def context(records: SystemRecord*) =
    RunContext(
      "Systems",
      records.map(_.key),
      "local",
      "steady",
      RunShard.Whole,
      Map.empty,
      Nil,
      Nil,
      systemRecords = records
    )

  @Test def aSystemAloneAndBesideAnotherHasTheSameFigures(): Unit = {
    val alone = run(withBeta = false)(context(alpha))
    val beside = run(withBeta = true)(context(alpha, beta))
    assertEquals(Seq("alpha"), alone.systems.map(_.key))
    assertEquals(Seq("alpha", "beta"), beside.systems.map(_.key))
    val (a, b) = (alone.systems.head, beside.systems.head)
    assertEquals(a, b, "the same steady window, quarters, rates, users and figures")
    assertEquals(
      (results.model.SteadySource.Profile, 200L, 60L, 59L),
      (a.steady.source, a.steady.requests, a.startedUsers, a.endedUsers)
    )
    assertTrue(a.steady.degradation.nonEmpty, "its steady window's quarters")
    assertEquals(
      Seq(
        "alpha: 60 of the 70 planned users started",
        "alpha: 1 of 60 users had not finished their journey when the run ended"
      ),
      b.problems.map(_.text)
    )
    assertEquals(Seq("Visit"), a.steady.transactions.map(_.path.mkString))
    assertEquals(40L * 20, beside.systems(1).global.figures.count)
  }

  /** A system's users are those of its populations and of their sweep levels, not of a population of another
    * system whose name begins as one of its own.
    */
  @Test def aSystemRunsItsPopulationsAndTheirSweepLevels(): Unit = {
    assertTrue(alpha.runs("alpha"))
    assertTrue(alpha.runs(SystemRecord.levelScenario("alpha", 2, 1)))
    assertTrue(alpha.runs(SystemRecord.levelScenario("alpha", 10, 3)))
    Seq("alpha Lite", "alpha L2", "alpha L0 R1", "alphabet", "beta L1 R1").foreach(other =>
      assertFalse(alpha.runs(other), other)
    )
  }
}
