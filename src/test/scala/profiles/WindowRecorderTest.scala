package profiles

import results.model.{ PlannedWindow, RunWindow, WindowKind, WindowLabel }

import scala.concurrent.duration._

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

class WindowRecorderTest {
  private val t0 = 1_700_000_000_000L

  @Test def plannedWindowsAreOffsetsFromTheRunsStart(): Unit = {
    val recorder = new WindowRecorder
    recorder.plan(WindowKind.Steady, WindowLabel.Steady, 60.seconds, 660.seconds, "toy")
    assertEquals(Seq(PlannedWindow(WindowKind.Steady, WindowLabel.Steady, 60000, 660000)), recorder.planned)
    assertEquals(Nil, recorder.measured, "a plan is not a measurement")
    assertEquals(
      RunWindow(WindowKind.Steady, WindowLabel.Steady, t0 + 60000, t0 + 660000),
      recorder.planned.head.at(t0),
      "resolved against a log's start"
    )
  }

  @Test def aWindowPlannedByEveryPopulationOfAProfileIsListedOnce(): Unit = {
    val recorder = new WindowRecorder
    Seq("56k", "2048k").foreach(line =>
      recorder.plan(WindowKind.Steady, WindowLabel.Steady, 60.seconds, 660.seconds, s"toy on $line")
    )
    recorder.plan(WindowKind.Steady, WindowLabel.Steady, 30.seconds, 90.seconds, "raid")
    assertEquals(
      Seq(
        PlannedWindow(WindowKind.Steady, WindowLabel.Steady, 60000, 660000),
        PlannedWindow(WindowKind.Steady, WindowLabel.Steady, 30000, 90000)
      ),
      recorder.planned
    )
    assertEquals(
      Some(Left(PlannedWindow(WindowKind.Steady, WindowLabel.Steady, 60000, 660000))),
      recorder.steadyOf(Seq("toy on 56k", "toy on 2048k")),
      "each system's own steady window"
    )
    assertEquals(
      Some(Left(PlannedWindow(WindowKind.Steady, WindowLabel.Steady, 30000, 90000))),
      recorder.steadyOf(Seq("raid"))
    )
    assertEquals(None, recorder.steadyOf(Seq("other")))
  }

  @Test def recordedWindowsSpanTheEarliestStartToTheLatestEnd(): Unit = {
    val recorder = new WindowRecorder
    recorder.started(WindowKind.Level, WindowLabel.Level(1, 1, 2), t0 + 10)
    recorder.started(WindowKind.Level, WindowLabel.Level(1, 1, 2), t0)
    recorder.ended(WindowKind.Level, WindowLabel.Level(1, 1, 2), t0 + 500)
    recorder.ended(WindowKind.Level, WindowLabel.Level(1, 1, 2), t0 + 400)
    recorder.started(WindowKind.Level, WindowLabel.Level(2, 1, 4), t0 + 600) // still running: not listed
    assertEquals(Seq(RunWindow(WindowKind.Level, WindowLabel.Level(1, 1, 2), t0, t0 + 500)), recorder.measured)
    recorder.ended(WindowKind.Level, WindowLabel.Level(2, 1, 4), t0 + 900)
    assertEquals(Seq(WindowLabel.Level(1, 1, 2), WindowLabel.Level(2, 1, 4)), recorder.measured.map(_.label))
  }

  @Test def zeroLengthWindowsAreLeftOut(): Unit = {
    val recorder = new WindowRecorder
    recorder.started(WindowKind.Level, WindowLabel.Level(1, 1, 2), t0)
    recorder.ended(WindowKind.Level, WindowLabel.Level(1, 1, 2), t0)
    recorder.started(WindowKind.Level, WindowLabel.Level(2, 1, 4), t0 + 1)
    recorder.ended(WindowKind.Level, WindowLabel.Level(2, 1, 4), t0 + 2)
    assertEquals(Seq(RunWindow(WindowKind.Level, WindowLabel.Level(2, 1, 4), t0 + 1, t0 + 2)), recorder.measured)
  }
}
