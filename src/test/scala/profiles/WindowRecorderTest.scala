package profiles

import results.model.{ PlannedWindow, RunWindow }

import scala.concurrent.duration._

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

class WindowRecorderTest {
  private val t0 = 1_700_000_000_000L

  @Test def plannedWindowsAreOffsetsFromTheRunsStart(): Unit = {
    val recorder = new WindowRecorder
    recorder.plan("steady", "steady", 60.seconds, 660.seconds, "toy")
    assertEquals(Seq(PlannedWindow("steady", "steady", 60000, 660000)), recorder.planned)
    assertEquals(Nil, recorder.measured, "a plan is not a measurement")
    assertEquals(
      RunWindow("steady", "steady", t0 + 60000, t0 + 660000),
      recorder.planned.head.at(t0),
      "resolved against a log's start"
    )
  }

  @Test def aWindowPlannedByEveryPopulationOfAProfileIsListedOnce(): Unit = {
    val recorder = new WindowRecorder
    Seq("56k", "2048k").foreach(line => recorder.plan("steady", "steady", 60.seconds, 660.seconds, s"toy on $line"))
    recorder.plan("steady", "steady", 30.seconds, 90.seconds, "raid")
    assertEquals(
      Seq(PlannedWindow("steady", "steady", 60000, 660000), PlannedWindow("steady", "steady", 30000, 90000)),
      recorder.planned
    )
    assertEquals(
      Some(Left(PlannedWindow("steady", "steady", 60000, 660000))),
      recorder.steadyOf(Seq("toy on 56k", "toy on 2048k")),
      "each system's own steady window"
    )
    assertEquals(Some(Left(PlannedWindow("steady", "steady", 30000, 90000))), recorder.steadyOf(Seq("raid")))
    assertEquals(None, recorder.steadyOf(Seq("other")))
  }

  @Test def recordedWindowsSpanTheEarliestStartToTheLatestEnd(): Unit = {
    val recorder = new WindowRecorder
    recorder.started("level", "L1 R1 (2 users)", t0 + 10)
    recorder.started("level", "L1 R1 (2 users)", t0)
    recorder.ended("level", "L1 R1 (2 users)", t0 + 500)
    recorder.ended("level", "L1 R1 (2 users)", t0 + 400)
    recorder.started("level", "L2 R1 (4 users)", t0 + 600) // still running: not listed
    assertEquals(Seq(RunWindow("level", "L1 R1 (2 users)", t0, t0 + 500)), recorder.measured)
    recorder.ended("level", "L2 R1 (4 users)", t0 + 900)
    assertEquals(Seq("L1 R1 (2 users)", "L2 R1 (4 users)"), recorder.measured.map(_.label))
  }

  @Test def zeroLengthWindowsAreLeftOut(): Unit = {
    val recorder = new WindowRecorder
    recorder.started("level", "L1 R1 (2 users)", t0)
    recorder.ended("level", "L1 R1 (2 users)", t0)
    recorder.started("level", "L2 R1 (4 users)", t0 + 1)
    recorder.ended("level", "L2 R1 (4 users)", t0 + 2)
    assertEquals(Seq(RunWindow("level", "L2 R1 (4 users)", t0 + 1, t0 + 2)), recorder.measured)
  }
}
