package results

import results.model.{ InjectorFigures, InjectorHealthRecord, InjectorLimits, LateStartFigures }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class InjectorHealthRecordTest {
  private val limits =
    InjectorLimits(
      maxCpuPercent = 90,
      maxBusyPercent = 10,
      maxGcPercent = 10,
      minSamples = 30,
      maxLateStartP99Ms = 1000
    )
  private val healthy = InjectorFigures(
    cores = 2,
    cpuMeanPercent = 20,
    cpuMaxPercent = 60,
    busySamples = 0,
    gcPercent = 0.5,
    samples = 600,
    lateStarts = LateStartFigures(users = 30000, p99Ms = 5, maxMs = 40),
    gcPauses = 120,
    gcLongestPauseMs = 18
  )

  private def reasons(figures: InjectorFigures) = InjectorHealthRecord(figures, limits).saturation

  @Test def aHealthyInjectorIsNotSaturated(): Unit = assertEquals(Nil, reasons(healthy))

  @Test def eachLimitGivesItsOwnReason(): Unit = {
    assertEquals(
      Seq(
        "injector saturated: its JVM used 90 % or more of the machine's 2 cores for 12 % of the run (limit 10 %)"
      ),
      reasons(healthy.copy(busySamples = 72))
    )
    assertEquals(
      Seq("injector saturated: its JVM spent 11 % of the run in garbage-collection pauses (limit 10 %)"),
      reasons(healthy.copy(gcPercent = 11))
    )
    assertEquals(
      Seq(
        "injector saturated: users started behind their schedule, p99 1,500 ms and up to 4,200 ms late (limit p99 1,000 ms)"
      ),
      reasons(healthy.copy(lateStarts = LateStartFigures(30000, 1500, 4200)))
    )
  }

  @Test def readersSeeHowManyRequestsWereSentAgainAfterAReset(): Unit =
    assertTrue(
      InjectorHealthRecord(healthy.copy(connectionRetries = 7), limits).describe.endsWith(
        "; 7 requests sent again after their connection was closed or reset (no KO when the retry succeeded)"
      )
    )

  @Test def onlyCollectionsThatStopTheApplicationArePauses(): Unit = {
    assertTrue(machine.InjectorHealth.isPause("G1 Young Generation", "end of minor GC"))
    assertTrue(machine.InjectorHealth.isPause("G1 Old Generation", "end of major GC"))
    assertTrue(machine.InjectorHealth.isPause("ZGC Pauses", "end of GC pause"))
    assertFalse(machine.InjectorHealth.isPause("G1 Concurrent GC", "end of concurrent GC pause"))
    assertFalse(machine.InjectorHealth.isPause("ZGC Cycles", "end of GC cycle"))
    assertFalse(machine.InjectorHealth.isPause("Shenandoah Cycles", "end of GC cycle"))
  }

  @Test def theInjectorCountsItsOwnGcPauses(): Unit = {
    val health = new machine.InjectorHealth(intervalMs = 1000, busyCpuPercent = 90, new profiles.LateStarts)
    health.start()
    // Garbage enough for young collections, then a full one: each stops the application.
    (1 to 50).foreach(_ => Array.fill(200)(new Array[Byte](64 * 1024)).length)
    System.gc()
    // Notifications arrive on their own thread, late on a busy machine: waited for (30 s at most), not slept on.
    val deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30)
    while (health.figures.forall(_.gcPauses == 0) && System.nanoTime() < deadline) Thread.sleep(20)
    health.stop()
    val figures = health.figures.get
    assertTrue(figures.gcPauses >= 1, s"pauses counted: $figures")
    assertTrue(figures.gcLongestPauseMs >= 0 && figures.gcPercent < 100, figures.toString)
  }

  @Test def aRunTooShortToJudgeIsNotJudged(): Unit =
    assertEquals(Nil, reasons(healthy.copy(samples = 29, busySamples = 29, gcPercent = 50)))

  @Test def readersSeeWhatTheInjectorUsedAndHowLateItStartedUsers(): Unit =
    assertEquals(
      "CPU 20 % of 2 cores on average (max 60 %), GC pauses 0.5 % of the run (120, longest 18 ms); users started up to 40 ms behind their schedule (p99 5 ms)",
      InjectorHealthRecord(healthy, limits).describe
    )
}
