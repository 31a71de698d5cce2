package profiles

import results.model.{ WindowKind, WindowLabel, WorkDone }

import java.nio.file.Files

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import _root_.io.gatling.app.InProcessGatling

import testkit.ProfileRunSimulation
import testkit.ProfileRunSimulation._

/** One short in-process Gatling run of every population kind (about 10 s). */
class ProfileRunTest {
  @Test def gatlingRunsExactlyWhatTheProfilesPlan(): Unit = {
    val started = System.currentTimeMillis()
    assertEquals(0, runWithoutReports())

    // open: 1 warm-up user, then 2 users/s for 4 s, each running the journey once
    assertEquals(9, iterationsOf("open"))
    // each evenly spread steady user's start is timed against its schedule; the warm-up user's is not
    assertEquals(8L, windows.lateStarts.users)
    // fixed work: 2 workers share exactly 7 scenarios, items 0-6 once each
    assertEquals(7, iterationsOf("work"))
    assertEquals((0L until 7L).toSet, workItemsOf("work"))
    // sweep: every level of every repeat runs its 3 iterations, in its own scenario
    val sweepStages = Seq("L1 R1", "L2 R1", "L1 R2", "L2 R2").map("sweep " + _)
    for (stage <- sweepStages) assertEquals(3, iterationsOf(stage), stage)
    // a worker's iteration never sees what its previous iteration saved
    for (scenario <- "work" +: sweepStages) assertEquals(0, staleIterationsOf(scenario), scenario)

    // planned windows are offsets from the run's start, resolved here as the results step does
    val all = (windows.planned.map(_.at(started)) ++ windows.measured).sortBy(w => (w.startEpochMs, w.label.text))
    val steady = all.filter(_.label == WindowLabel.Steady)
    assertEquals(1, steady.size, all.toString)
    assertEquals(4000L, steady.head.durationMs)
    assertEquals(started + 1000, steady.head.startEpochMs, "after the 1 s warm-up")

    val cycles = all.filter(_.kind == WindowKind.Cycle)
    assertEquals(Seq("cycle 1 (1 user)", "cycle 2 (2 users)"), cycles.map(_.label.text))
    assertEquals(cycles.head.endEpochMs, cycles(1).startEpochMs)

    val levels = all.filter(_.kind == WindowKind.Level)
    assertEquals(
      Seq("L1 R1 (1 user)", "L2 R1 (2 users)", "L1 R2 (1 user)", "L2 R2 (2 users)"),
      levels.map(_.label.text)
    )
    levels.zip(levels.tail).foreach { case (a, b) => assertTrue(a.endEpochMs <= b.startEpochMs, s"$a before $b") }

    val work = all.filter(_.label.text == "work, fixed work (7 scenarios)")
    assertEquals(1, work.size, all.toString)
    // 7 scenarios of at least 50 ms each over 2 workers take at least 4 x 50 ms
    assertTrue(work.head.durationMs >= 200, work.head.toString)
    assertEquals(
      Seq(WorkDone("work", 7, 7, work.head.startEpochMs, work.head.endEpochMs)),
      windows.workDone,
      "the whole list finished, over the window"
    )
  }

  private def runWithoutReports(): Int = {
    val previous = Option(System.getProperty(GatlingConfigFile))
    System.setProperty(GatlingConfigFile, "profile-run-gatling.conf")
    try InProcessGatling.run(classOf[ProfileRunSimulation].getName, Files.createTempDirectory("profile-run"))
    finally previous.fold(System.clearProperty(GatlingConfigFile))(System.setProperty(GatlingConfigFile, _))
  }

  private val GatlingConfigFile = "gatling.conf.file"
}
