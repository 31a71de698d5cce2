package live

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.LiveTools
import results.model.PercentileInterval

/** The live view fed a capacity search's snapshots, as the search hands them over: its data and its page, as
  * headless Chromium renders it, show the current step, its phase, the headroom so far and each step judged.
  */
class LiveCapacityEndToEndTest {

  @Test def theLivePageShowsTheCurrentStepAndTheStepsSoFar(): Unit = {
    val chromium = LiveTools.binary("chromium", "chromium")
    @volatile var progress = Seq(CapacityProgress("toy", 50, "new users/s", Some(1.0 -> StepPhase.Settling), Nil, None))
    val view =
      new LiveView(
        "ToySimulation",
        LiveSettings.Off.copy(enabled = true),
        Seq("toy"),
        Map.empty,
        () => None,
        None,
        None,
        PercentileInterval.DefaultConfidencePercent
      )
    view.followCapacity(() => progress)
    view.start()
    try {
      val address = view.address.get
      def capacity() = LiveTools.get(s"${address}data.json").map(a => LiveTools.json(a._2).path("capacity"))
      // Ticks come once a second: wait (bounded) for the first snapshot, then hand over the next.
      def await(expected: String) = {
        val deadline = System.nanoTime() + 60L * 1000000000
        while (!capacity().exists(_.toString.contains(expected)) && System.nanoTime() < deadline) Thread.sleep(200)
        capacity().get
      }
      assertEquals("settling", await("settling").get(0).path("current").path("phase").asText())
      progress = Seq(
        CapacityProgress(
          "toy",
          50,
          "new users/s",
          Some(4.0 -> StepPhase.Judging),
          Seq(
            JudgedStep(1, passed = true, 120, 0),
            JudgedStep(2, passed = true, 140, 0),
            JudgedStep(8, passed = false, 3420, 2.5)
          ),
          None
        )
      )
      val node = await("judging").get(0)
      assertEquals(
        (4.0, 2.0),
        (node.path("current").path("multiple").asDouble(), node.path("headroomSoFar").asDouble())
      )
      val dom = LiveTools.chromium(chromium, address, Files.createTempFile("live-capacity", ".png"))
      assertTrue(dom.contains("toy: judging at 4x (200 new users/s); headroom so far 2x"), dom)
      assertTrue(dom.contains("""<li class="fail">8x: fail, p99 3,420 ms, 2.5 % KO</li>"""), dom)
      assertTrue(dom.contains("""<li class="pass">1x: pass, p99 120 ms, 0 % KO</li>"""), dom)
    } finally view.loadEnded()
  }
}
