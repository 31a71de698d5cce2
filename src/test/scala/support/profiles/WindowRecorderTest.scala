package support.profiles

import scala.concurrent.duration._

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

class WindowRecorderTest {
  private val t0 = 1_700_000_000_000L

  @Test def plannedWindowsCountFromInjectionStart(): Unit = {
    val recorder = new WindowRecorder
    // the first user is due 2 s after injection start, so injection started 2 s before it
    val plan = recorder.plan(Seq(PlannedWindow("steady", "steady", 60.seconds, 660.seconds)), firstArrival = 2.seconds)
    assertEquals(Nil, recorder.windows, "nothing is known before the first user starts")
    plan.userStarted(t0 + 2000)
    plan.userStarted(t0 + 9000) // later users change nothing
    assertEquals(Seq(Window("steady", "steady", t0 + 60000, t0 + 660000)), recorder.windows)
  }

  @Test def recordedWindowsSpanTheEarliestStartToTheLatestEnd(): Unit = {
    val recorder = new WindowRecorder
    recorder.started("level", "L1 R1 (2 users)", t0 + 10)
    recorder.started("level", "L1 R1 (2 users)", t0)
    recorder.ended("level", "L1 R1 (2 users)", t0 + 500)
    recorder.ended("level", "L1 R1 (2 users)", t0 + 400)
    recorder.started("level", "L2 R1 (4 users)", t0 + 600) // still running: not listed
    assertEquals(Seq(Window("level", "L1 R1 (2 users)", t0, t0 + 500)), recorder.windows)
    recorder.ended("level", "L2 R1 (4 users)", t0 + 900)
    assertEquals(Seq("L1 R1 (2 users)", "L2 R1 (4 users)"), recorder.windows.map(_.label))
  }

  @Test def zeroLengthWindowsAreLeftOut(): Unit = {
    val recorder = new WindowRecorder
    recorder.started("level", "L1 R1 (2 users)", t0)
    recorder.ended("level", "L1 R1 (2 users)", t0)
    recorder.started("level", "L2 R1 (4 users)", t0 + 1)
    recorder.ended("level", "L2 R1 (4 users)", t0 + 2)
    assertEquals(Seq(Window("level", "L2 R1 (4 users)", t0 + 1, t0 + 2)), recorder.windows)
  }
}
