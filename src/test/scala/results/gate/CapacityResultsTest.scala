package results.gate

import results.model.{
  CapacityRecord,
  CapacitySearch,
  CapacityStepRecord,
  InjectorFigures,
  InjectorHealthRecord,
  InjectorLimits,
  LoadUnit,
  MachineFigures,
  Metric,
  RunContext,
  RunCourse,
  RunShard,
  RunSummary,
  SandboxCpu,
  SandboxShare,
  SearchEnd,
  Side,
  SystemRecord,
  Tally,
  Unresolved
}

import results.{ PostRun, SiteFiles }

import results.render.{ CapacityText, ComparePage, ConsoleSummary, RunPage }

import results.archive.{ RunArchive, SummaryJson }
import results.summarize.{ ResultsSettings, RunSummarizer }

import java.nio.file.{ Files, Path }

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import com.typesafe.config.ConfigFactory
import io.gatling.core.stats.writer.SimulationLogWriter
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** A crafted RAiD capacity search: a synthetic simulation.log whose steps' judged windows hold `mint raid`
  * at known times (3,000 ms is its p99 limit), and whose settling times between them hold far slower ones,
  * answered before the next window opens, that no step may count. The results step's answer is read from the summary, summary.json, the console's
  * line and the gate.
  */
class CapacityResultsTest {
  import CapacityResultsTest.Paced

  private val start = 1795000000000L
  private val settings = ResultsSettings(Path.of("unused"), 1500, 10000, 60000, 60000, ResultsSettings.NoBaseline, 1000)
  private val thresholdsText =
    """thresholds.simulations.raid { global.maxErrorPercent = 5, paths { "mint raid" { p99Ms = 3000 } } }"""

  private def thresholds(extra: String) =
    Thresholds.fromConfig(ConfigFactory.parseString(thresholdsText + "\n" + extra), "test.conf", "raid")

  /** Step i's judged window is 10 to 20 s after its start at i x 20 s; its first 10 s settle. */
  private def window(i: Int) = (start + i * 20000L + 10000, start + i * 20000L + 20000)

  /** One step per (multiple, mint raid's time in ms, KOs among its 100 requests). */
  private def summarized(
      steps: Seq[(Double, Int, Int)],
      end: SearchEnd = SearchEnd.Resolved,
      injector: Option[InjectorHealthRecord] = None,
      tallies: Seq[Tally] = Nil,
      pace: Option[Paced] = None,
      injectorByStep: Seq[InjectorFigures] = Nil,
      sandboxByStep: Seq[SandboxShare.Counts] = Nil,
      machineByStep: Seq[MachineFigures] = Nil,
      minAnswers: Long = 0,
      sandboxCpuByStep: Seq[SandboxCpu] = Nil
  ): RunSummary = {
    val (runDir, context) =
      crafted(
        steps,
        end,
        injector,
        tallies,
        pace,
        injectorByStep,
        sandboxByStep,
        machineByStep,
        minAnswers,
        sandboxCpuByStep
      )
    RunSummarizer.summarize(runDir, context, RunSummarizer.RunIdentity("crafted", "test"), settings)
  }

  /** The run's folder (its simulation.log) and what the run recorded of it. */
  private def crafted(
      steps: Seq[(Double, Int, Int)],
      end: SearchEnd,
      injector: Option[InjectorHealthRecord],
      tallies: Seq[Tally],
      pace: Option[Paced],
      injectorByStep: Seq[InjectorFigures] = Nil,
      sandboxByStep: Seq[SandboxShare.Counts] = Nil,
      machineByStep: Seq[MachineFigures] = Nil,
      minAnswers: Long = 0,
      sandboxCpuByStep: Seq[SandboxCpu] = Nil
  ): (Path, RunContext) = {
    val dir = Files.createDirectories(Files.createTempDirectory("capacity").resolve("runs"))
    val writer = SimulationLogWriter.open(dir, "crafted.Raid", start, "raid", Nil)
    steps.zipWithIndex.foreach { case ((_, ms, kos), i) =>
      val (from, _) = window(i)
      writer.user(started = true, from - 10000, "raid")
      // Slow, but ended before the window opened: the settling time's own.
      (0 until 10).foreach(k => writer.request("mint raid", from - 10000 + k, from - 1, None))
      val answers = pace.fold(100)(_.answers(i))
      // Answered at an even pace through the window, as a steady load is.
      (0 until answers).foreach { k =>
        val end = from + k * 10000L / answers
        writer.request("mint raid", end - ms, end, Option.when(k < kos)("status.find.is(200), but actually found 503"))
      }
      writer.user(started = false, from + 9999, "raid")
    }
    // The search ended the run: a user it admitted last was stopped mid-journey.
    writer.user(started = true, window(steps.size - 1)._2, "raid")
    writer.close()
    val record = CapacityRecord(
      "reference",
      50,
      LoadUnit.Arrivals,
      0.1,
      8,
      3600000,
      steps.zipWithIndex.map { case ((m, ms, kos), i) =>
        val live = pace.fold(ms <= 3000 && kos <= 5)(_.passedLive(i))
        CapacityStepRecord(
          m,
          window(i)._1,
          window(i)._2,
          passedLive = live,
          injectorByStep.lift(i),
          sandboxByStep.lift(i),
          machineByStep.lift(i),
          sandboxCpuByStep.lift(i)
        )
      },
      end,
      // Unless paced, every step answers as many as the others: its figures judge the thresholds alone.
      judgesPace = pace.nonEmpty,
      minAnswers = minAnswers
    )
    val context = RunContext(
      "RaidSimulation",
      Seq("raid"),
      "sandbox",
      "capacity",
      RunShard.Whole,
      Map.empty,
      Nil,
      Nil,
      // The ceiling the capacity profile injects, of which the search admitted what it needed.
      course = RunCourse(Some(48000), None, reachedEnd = true, None, injector),
      tallies = tallies,
      systemRecords =
        Seq(SystemRecord(
          "raid",
          "capacity",
          Seq("raid"),
          None,
          requests = Seq(List("mint raid")),
          capacity = Some(record)
        ))
    )
    val roundTrip = SummaryJson.writeContext(context, "crafted", "test")
    assertEquals(Some(record), readContext(roundTrip).systemRecords.head.capacity, "run.json keeps the record")
    (writer.logFile.getParent, context)
  }

  private def readContext(json: String): RunContext = {
    val file = Files.createTempFile("run", ".json")
    Files.writeString(file, json)
    SummaryJson.readContext(file)
  }

  private def gated(summary: RunSummary, extra: String = ""): RunSummary =
    summary.copy(gate = Some(Gate.evaluate(summary, thresholds(extra), None)))

  private def capacityNode(summary: RunSummary): JsonNode =
    new ObjectMapper().readTree(SummaryJson.write(summary)).get("systems").get(0).get("capacity")

  private val resolvedSteps =
    Seq(
      (1.0, 2000, 0),
      (2.0, 2000, 0),
      (4.0, 2500, 0),
      (8.0, 5000, 0),
      (6.0, 4000, 0),
      (5.0, 3600, 0),
      (4.6, 3420, 0),
      (4.3, 2900, 0)
    )

  /** RAiD's global p99 limit below the 2,000 ms its 1x step gives: no headroom; set at its path's 3,000 ms, the
    * headroom of the path's limit alone. The gate's line counts the steps' checks either way.
    */
  @Test def aGlobalP99LimitJudgesEveryStep(): Unit = {
    val below = gated(summarized(resolvedSteps), "thresholds.simulations.raid.global.p99Ms = 1500").gate.get
    val first = below.capacity.head.steps.head
    assertEquals(Some(0.0), below.capacity.head.headroom, CapacityText.oneLine(below.capacity.head))
    assertEquals(
      Seq(("raid All Requests", Metric.Percentile(99), Some(2000.0))),
      first.failures.map(c => (c.subject, c.metric, c.measured))
    )
    val above = gated(summarized(resolvedSteps), "thresholds.simulations.raid.global.p99Ms = 3000").gate.get
    assertEquals(Some(4.3), above.capacity.head.headroom)
    assertEquals(
      Some("capacity steps judged on 24 checks over 8 steps"),
      CapacityText.judged(above.capacity),
      "each step: mint raid's p99, the system's p99 and error share"
    )
  }

  /** 100 answers a step against a `minAnswers` of 150: no step judges a percentile, and each says so. */
  @Test def aStepWithTooFewAnswersJudgesNoPercentileOnThem(): Unit = {
    val gate = gated(summarized(resolvedSteps, minAnswers = 150)).gate.get
    val steps = gate.capacity.head.steps
    assertTrue(steps.forall(_.passed), "5,000 ms at 8x fails no p99 judged on 100 answers")
    assertEquals(Set(Metric.ErrorShare), steps.flatMap(_.checks).map(_.metric).toSet)
    assertEquals(
      Seq(("mint raid", Metric.Percentile(99), 100L, 150L)),
      steps.head.unjudged.map(u => (u.subject, u.metric, u.answers, u.needed))
    )
    val sameJudgedTwice = gated(summarized(resolvedSteps, minAnswers = 100)).gate.get.capacity.head
    assertEquals(Some(4.3), sameJudgedTwice.headroom, "100 answers are enough for a minimum of 100")
  }

  /** No limit applies to what the steps answered, nor is their pace judged: the steps passed on nothing. */
  @Test def aSearchJudgedOnNoLimitIsNeverAPass(): Unit = {
    val summary = summarized(resolvedSteps)
    val gate = Gate.evaluate(
      summary,
      Thresholds.fromConfig(ConfigFactory.parseString("thresholds.simulations.raid {}"), "test.conf", "raid"),
      None
    )
    assertEquals(Nil, gate.capacity.head.steps.flatMap(_.checks))
    assertEquals("INCOMPLETE", gate.label, gate.incomplete.map(_.text).mkString)
  }

  @Test def aResolvedSearchAnswersItsHeadroomAndWhatBrokeFirstOnTheSystemsSide(): Unit = {
    val summary = gated(summarized(resolvedSteps))
    val gate = summary.gate.get
    val result = gate.capacity.head
    assertEquals(
      "raid: carries 4.3x its reference load (215 new users/s) within its thresholds; first to fail at 4.6x: " +
        "mint raid p99 3,420 ms > 3,000 ms (system)",
      CapacityText.oneLine(result)
    )
    assertEquals(
      ("PASS", Nil),
      (gate.label, gate.incomplete),
      "the settling times' 9,999 ms and the failing steps fail no whole-run p99; the users the search did not " +
        "admit, or stopped when it ended the run, leave its plan complete"
    )
    assertEquals(Seq("raid capacity: headroom"), gate.checks.map(_.name), "at least its reference load, unset")
    val node = capacityNode(summary)
    assertEquals(4.3, node.get("headroom").asDouble())
    assertEquals(215.0, node.get("headroomLoad").asDouble())
    assertEquals(0.1, node.get("resolution").asDouble())
    assertEquals(
      ("reference", 50.0, "new users/s"), {
        val r = node.get("reference"); (r.get("profile").asText(), r.get("load").asDouble(), r.get("unit").asText())
      }
    )
    assertEquals("system", node.get("limitedBy").asText())
    val failure = node.get("firstFailure")
    assertEquals(
      (4.6, "mint raid", "p99", 3420.0),
      (
        failure.get("multiple").asDouble(),
        failure.get("request").asText(),
        failure.get("threshold").asText(),
        failure.get("value").asDouble()
      )
    )
    val steps = node.get("steps")
    assertEquals(8, steps.size())
    val verdicts = (0 until 8).map(i => steps.get(i).get("verdict").asText())
    assertEquals(Seq("pass", "pass", "pass", "fail", "fail", "fail", "fail", "pass"), verdicts)
    val fourth = steps.get(3)
    assertEquals(window(3)._1, fourth.get("steadyWindow").get("startEpochMs").asLong())
    val request = fourth.get("requests").get(0)
    assertEquals(
      ("mint raid", 5000, 0L, 100L),
      (
        request.get("name").asText(),
        request.get("p99Ms").asInt(),
        request.get("ko").asLong(),
        request.get("count").asLong()
      ),
      "the window's 100 only, no settling request"
    )
  }

  @Test def summaryJsonReadsBackTheSameAnswer(): Unit = {
    val summary = gated(summarized(resolvedSteps, injector = None))
    val file = Files.createTempFile("summary", ".json")
    Files.writeString(file, SummaryJson.write(summary))
    val read = SummaryJson.read(file)
    assertEquals(summary.capacity, read.capacity)
    assertEquals(summary.gate.get.capacity, read.gate.get.capacity)
    assertEquals(SummaryJson.write(summary), SummaryJson.write(read))
  }

  @Test def aHeadroomBelowTheMinimumFailsTheGateWithItsLine(): Unit = {
    val gate = gated(summarized(resolvedSteps), "thresholds.simulations.raid.capacity.minHeadroom = 5").gate.get
    assertEquals("FAIL", gate.label)
    assertEquals(
      Seq("raid capacity: headroom: measured 4.30x, allowed at least 5x"),
      gate.failures.map(f => s"${f.name}: ${f.outcome}")
    )
    val passing = gated(summarized(resolvedSteps), "thresholds.capacity.minHeadroom = 1.5").gate.get
    assertEquals(("PASS", Seq("raid capacity: headroom")), (passing.label, passing.checks.map(_.name)))
  }

  /** No `minHeadroom` set: the reference load is the minimum. A system that fails its 1x step fails the gate, as a
    * run at that load held to the same limits does; one that carries 1x passes it.
    */
  @Test def withoutAMinimumASystemThatDoesNotCarryItsReferenceLoadFailsTheGate(): Unit = {
    // mint raid's p99 3,500 ms at 1x against its 3,000 ms, live as afterwards.
    val below = gated(summarized(Seq((1.0, 3500, 0)))).gate.get
    assertEquals(Some(0.0), below.capacity.head.headroom)
    assertEquals("FAIL", below.label)
    assertEquals(
      Seq("raid capacity: headroom: measured 0x, allowed at least 1x"),
      below.failures.map(f => s"${f.name}: ${f.outcome}")
    )
    val above = gated(summarized(resolvedSteps)).gate.get
    assertEquals(("PASS", Seq("raid capacity: headroom")), (above.label, above.checks.map(_.name)))
  }

  @Test def aSearchThatPassedEveryStepCarriesItsMaxMultiple(): Unit = {
    val summary =
      gated(summarized(Seq((1.0, 2000, 0), (2.0, 2100, 0), (4.0, 2200, 0), (8.0, 2400, 0)), SearchEnd.MaxMultiple))
    val result = summary.gate.get.capacity.head
    assertEquals(
      "raid: carries at least 8x its reference load (400 new users/s) within its thresholds: every step up to 8x passed",
      CapacityText.oneLine(result)
    )
    assertEquals((Some(8.0), None, "PASS"), (result.headroom, result.limitedBy, summary.gate.get.label))
    assertTrue(capacityNode(summary).get("limitedBy").isNull)
    assertTrue(capacityNode(summary).get("firstFailure").isNull)
  }

  @Test def errorsBeyondTheSystemsLimitFailAStep(): Unit = {
    val result = gated(summarized(Seq((1.0, 2000, 0), (2.0, 2000, 10)))).gate.get.capacity.head
    assertEquals(Some(1.0), result.headroom)
    assertEquals(
      "raid: carries 1x its reference load (50 new users/s) within its thresholds; first to fail at 2x: " +
        "raid All Requests error % 10 % > 5 % (system)",
      CapacityText.oneLine(result)
    )
  }

  @Test def aSearchTheInjectorLimitedIsInvalidAndGivesNoFigure(): Unit = {
    val summary = gated(summarized(resolvedSteps, injector = Some(saturated)), "thresholds.capacity.minHeadroom = 1.5")
    val gate = summary.gate.get
    assertEquals("INVALID", gate.label)
    assertTrue(
      gate.invalid.exists(_.text.contains("raid: the capacity search was limited by the injector")),
      gate.invalid.toString
    )
    val node = capacityNode(summary)
    assertEquals(("injector", true), (node.get("limitedBy").asText(), node.get("headroom").isNull))
    assertTrue(CapacityText.oneLine(gate.capacity.head).startsWith("raid: no capacity figure: the injector limited"))
  }

  /** Steps that all passed on a saturated injector measured the injector too: no "at least 8x". */
  @Test def aSearchThatPassedEveryStepOnASaturatedInjectorGivesNoFigure(): Unit = {
    val steps = Seq((1.0, 2000, 0), (2.0, 2100, 0), (4.0, 2200, 0), (8.0, 2400, 0))
    val summary = gated(summarized(steps, SearchEnd.MaxMultiple, injector = Some(saturated)))
    val result = summary.gate.get.capacity.head
    assertEquals(("INVALID", Some(Side.Injector), None), (summary.gate.get.label, result.limitedBy, result.headroom))
    assertTrue(capacityNode(summary).get("headroom").isNull)
  }

  private val healthyWindow = InjectorFigures(2, 30, 40, 0, 0, 20)
  private val starvedWindow = InjectorFigures(2, 99, 100, 18, 0, 20)

  /** The search measured the injector over each step: the failing one (4.6x) starved it, so that is the side. */
  @Test def aFailingStepWhoseOwnWindowStarvedTheInjectorGivesNoFigure(): Unit = {
    val byStep = resolvedSteps.indices.map(i => if (i == 6) starvedWindow else healthyWindow)
    val summary = gated(summarized(resolvedSteps, injector = Some(saturated), injectorByStep = byStep))
    val result = summary.gate.get.capacity.head
    assertEquals(("INVALID", Some(Side.Injector), None), (summary.gate.get.label, result.limitedBy, result.headroom))
  }

  /** The 8x step starved the injector, over the run too, but the step that failed first (4.6x) had a healthy
    * one: the answer stands, on the system's side, and the run is not INVALID for what 8x did to the injector.
    */
  @Test def anInjectorStarvedOnlyPastTheFailingStepLeavesTheAnswerTheSystems(): Unit = {
    val byStep = resolvedSteps.indices.map(i => if (i == 3) starvedWindow else healthyWindow)
    val summary = gated(summarized(resolvedSteps, injector = Some(saturated), injectorByStep = byStep))
    val result = summary.gate.get.capacity.head
    assertEquals(("PASS", Some(Side.System), Some(4.3)), (summary.gate.get.label, result.limitedBy, result.headroom))
    val runJson =
      SummaryJson.writeContext(crafted(resolvedSteps, SearchEnd.Resolved, None, Nil, None, byStep)._2, "c", "t")
    assertTrue(runJson.contains("\"busySamples\" : 18"), "run.json keeps each step's injector figures")
  }

  private val quietMachine =
    MachineFigures(busyPercent = 12, stolenPercent = 0, ownPercent = 10, waitPerCpuSecond = 0.05)
  private val sharedMachine =
    MachineFigures(busyPercent = 100, stolenPercent = 0, ownPercent = 9, waitPerCpuSecond = 6.1)

  /** The failing step (4.6x) ran while other work kept the machine busy and the run's threads waiting: not the
    * system's limit, and no figure; the run is INVALID, saying what the machine did, and run.json keeps it.
    */
  @Test def aFailingStepOnAMachineBusyWithOtherWorkNamesTheMachine(): Unit = {
    val byStep = resolvedSteps.indices.map(i => if (i == 6) sharedMachine else quietMachine)
    val summary = gated(summarized(resolvedSteps, machineByStep = byStep))
    val result = summary.gate.get.capacity.head
    assertEquals(("INVALID", Some(Side.Machine), None), (summary.gate.get.label, result.limitedBy, result.headroom))
    assertTrue(
      summary.gate.get.invalid.exists(_.text.contains(
        "raid: the capacity search's first failing step ran while the machine was busy with other work (other work used 91 % of its cores"
      )),
      summary.gate.get.invalid.toString
    )
    assertTrue(
      CapacityText.oneLine(result).startsWith("raid: no capacity figure: the machine was busy with other work")
    )
    assertEquals("machine", capacityNode(summary).get("limitedBy").asText)
    val runJson =
      SummaryJson.writeContext(
        crafted(resolvedSteps, SearchEnd.Resolved, None, Nil, None, Nil, Nil, byStep)._2,
        "c",
        "t"
      )
    assertTrue(runJson.contains("\"waitPerCpuSecond\" : 6.1"), "run.json keeps each step's machine figures")
    val file = Files.writeString(Files.createTempFile("run", ".json"), runJson)
    val read = SummaryJson.readContext(file).systemRecords.flatMap(_.capacity).head.steps.map(_.machine)
    assertEquals(byStep.map(Some(_)), read, "and reads them back")
  }

  /** The failing step starved the injector too, as other work kept the machine busy: the machine is the cause. */
  @Test def anInjectorStarvedByOtherWorkNamesTheMachine(): Unit = {
    val machine = resolvedSteps.indices.map(i => if (i == 6) sharedMachine else quietMachine)
    val injector = resolvedSteps.indices.map(i => if (i == 6) starvedWindow else healthyWindow)
    val summary =
      gated(summarized(resolvedSteps, injector = Some(saturated), injectorByStep = injector, machineByStep = machine))
    val result = summary.gate.get.capacity.head
    assertEquals(("INVALID", Some(Side.Machine), None), (summary.gate.get.label, result.limitedBy, result.headroom))
  }

  /** Other work kept the machine busy only as a passing step ran (4.3x): the failing one's figures stand. */
  @Test def aMachineBusyOnlyAsAPassingStepRanLeavesTheAnswerTheSystems(): Unit = {
    val byStep = resolvedSteps.indices.map(i => if (i == 7) sharedMachine else quietMachine)
    val result = gated(summarized(resolvedSteps, machineByStep = byStep)).gate.get.capacity.head
    assertEquals((Some(Side.System), Some(4.3)), (result.limitedBy, result.headroom))
  }

  private val busySandbox = SandboxCpu(percent = 97, cores = 2)
  private val idleSandbox = SandboxCpu(percent = 30, cores = 2)

  /** 4x fell short of its offer (3x's answers) within every latency limit: the system's, where the sandbox had
    * CPU to spare over that step's window; the sandbox's, where it used nearly all of its cores (its headroom is
    * then the sandbox's, a warning says so, and run.json keeps each step's figures).
    */
  @Test def aStepThatFellShortWhileTheSandboxsCpuWasSaturatedIsTheSandboxs(): Unit = {
    val steps = Seq((1.0, 1000, 0), (2.0, 1000, 0), (4.0, 1000, 0), (3.0, 1000, 0))
    val paced = Paced(Seq(1000, 2000, 3000, 3000), Seq(true, true, false, true))
    def side(cpu: Seq[SandboxCpu]) = gated(summarized(steps, pace = Some(paced), sandboxCpuByStep = cpu)).gate.get
    val idle = side(steps.map(_ => idleSandbox))
    assertEquals((Some(Side.System), Some(3.0)), (idle.capacity.head.limitedBy, idle.capacity.head.headroom))
    val busyAtFailure = side(steps.indices.map(i => if (i == 2) busySandbox else idleSandbox))
    assertEquals(Some(Side.Sandbox), busyAtFailure.capacity.head.limitedBy)
    assertTrue(CapacityText.oneLine(busyAtFailure.capacity.head).endsWith("(sandbox)"))
    assertTrue(
      busyAtFailure.warnings.exists(_.contains("limited by the sandbox (its own added time or its CPU)")),
      busyAtFailure.warnings.toString
    )
    val busyOnlyAfter = side(steps.indices.map(i => if (i == 3) busySandbox else idleSandbox))
    assertEquals(Some(Side.System), busyOnlyAfter.capacity.head.limitedBy, "3x's busy sandbox did not fail 4x")
    val runJson = SummaryJson.writeContext(
      crafted(steps, SearchEnd.Resolved, None, Nil, Some(paced), sandboxCpuByStep = steps.map(_ => busySandbox))._2,
      "c",
      "t"
    )
    assertTrue(runJson.contains("\"sandboxCpu\" : {"), "run.json keeps each step's sandbox CPU")
  }

  /** A busy sandbox does not make an error share its own: 6x's 10 % KO stays the system's. */
  @Test def errorsWhileTheSandboxWasBusyAreTheSystems(): Unit = {
    val steps = Seq((1.0, 2000, 0), (2.0, 2000, 0), (4.0, 2000, 0), (8.0, 2000, 10), (6.0, 2000, 10), (5.0, 2000, 0))
    val result = gated(summarized(steps, sandboxCpuByStep = steps.map(_ => busySandbox))).gate.get.capacity.head
    assertEquals((Some(Side.System), Some(5.0)), (result.limitedBy, result.headroom))
  }

  /** A standalone sandbox beside the injector uses the machine's cores as the run's own work: a failing step
    * where only it kept the machine busy names the sandbox, not the machine. The same figures with the sandbox
    * on a machine of its own, or no sandbox CPU known, name the machine.
    */
  @Test def aStandaloneSandboxBesideTheInjectorIsNotOtherWork(): Unit = {
    val sandboxHere = SandboxCpu(percent = 95, cores = 2, besideInjector = true)
    val busyWithTheSandbox =
      MachineFigures(busyPercent = 100, stolenPercent = 0, ownPercent = 5, waitPerCpuSecond = 3)
    def side(cpu: Option[SandboxCpu]) = {
      val machine = resolvedSteps.indices.map(i => if (i == 6) busyWithTheSandbox else quietMachine)
      val result = gated(
        summarized(
          resolvedSteps,
          machineByStep = machine,
          sandboxCpuByStep = cpu.toSeq.flatMap(c => resolvedSteps.map(_ => c))
        )
      ).gate.get.capacity.head
      result.limitedBy
    }
    assertEquals(Some(Side.Sandbox), side(Some(sandboxHere)))
    assertEquals(Some(Side.Machine), side(Some(sandboxHere.copy(besideInjector = false))))
    assertEquals(Some(Side.Machine), side(None))
  }

  private val saturated = InjectorHealthRecord(
    InjectorFigures(2, 99, 100, 90, 0, 100),
    InjectorLimits(
      maxCpuPercent = 90,
      maxBusyPercent = 50,
      maxGcPercent = 10,
      minSamples = 10,
      maxLateStartP99Ms = 1000
    )
  )

  @Test def aStoppedSearchIsIncomplete(): Unit = {
    val gate = gated(summarized(resolvedSteps.take(5), SearchEnd.Stopped)).gate.get
    assertEquals("INCOMPLETE", gate.label)
    assertEquals(Seq("raid: the capacity search ended before it resolved (stopped)"), gate.incomplete.map(_.text))
    assertEquals(
      "raid: carries at least 4x its reference load (200 new users/s) within its thresholds; first to fail at 6x: " +
        "mint raid p99 4,000 ms > 3,000 ms (system); the search ended before it resolved (stopped)",
      CapacityText.oneLine(gate.capacity.head)
    )
  }

  /** The run's tally and the failing step's (4.6x) own counts disagree: the step's decide. */
  @Test def theSandboxsShareIsJudgedOnTheFailingStepsOwnCounts(): Unit = {
    val buckets = results.model.SandboxShare.Buckets.map(_._1)
    val quiet = Map("raid: mint raid" -> Map(buckets.head -> 100L))
    val slow = Map("raid: mint raid" -> Map(buckets.head -> 98L, buckets.last -> 2L))
    val runTally =
      Tally(
        results.model.SandboxShare.AddedTally,
        buckets,
        Seq("raid: mint raid" -> Map(buckets.head -> 98L, buckets.last -> 2L))
      )
    val quietStep =
      gated(summarized(resolvedSteps, tallies = Seq(runTally), sandboxByStep = resolvedSteps.map(_ => quiet)))
    assertEquals(Some(Side.System), quietStep.gate.get.capacity.head.limitedBy, "the run's slow 2 % were not 4.6x's")
    val slowStep =
      gated(summarized(resolvedSteps, sandboxByStep = resolvedSteps.indices.map(i => if (i == 6) slow else quiet)))
    assertEquals(Some(Side.Sandbox), slowStep.gate.get.capacity.head.limitedBy, "4.6x's own 2 % over 1 s")
  }

  @Test def aBreachTheSandboxsOwnTimeCoversIsTheSandboxs(): Unit = {
    val buckets = results.model.SandboxShare.Buckets.map(_._1)
    def tally(slow: Long) = Tally(
      results.model.SandboxShare.AddedTally,
      buckets,
      Seq("raid: mint raid" -> Map(buckets.head -> (100 - slow), buckets.last -> slow))
    )
    val bySandbox = gated(summarized(resolvedSteps, tallies = Seq(tally(2)))).gate.get
    assertEquals(
      Some(Side.Sandbox),
      bySandbox.capacity.head.limitedBy,
      "2 % over 1 s: its p99 added at least 1 s > 420 ms"
    )
    assertTrue(bySandbox.warnings.exists(_.contains("limited by the sandbox (its own added time or its CPU)")))
    assertTrue(CapacityText.oneLine(bySandbox.capacity.head).endsWith("(sandbox)"))
    val bySandboxBelow =
      gated(summarized(resolvedSteps, tallies = Seq(tally(2))), "thresholds.capacity.minHeadroom = 5").gate.get
    assertEquals(
      ("INVALID", Nil),
      (bySandboxBelow.label, bySandboxBelow.checks),
      "below the minimum, the sandbox's limit says nothing of the system's"
    )
    val bySandboxAbove =
      gated(summarized(resolvedSteps, tallies = Seq(tally(2))), "thresholds.capacity.minHeadroom = 4").gate.get
    assertEquals(
      ("PASS", 1),
      (bySandboxAbove.label, bySandboxAbove.checks.size),
      "the system carries at least the sandbox's"
    )
    val notBySandbox = gated(summarized(resolvedSteps, tallies = Seq(tally(0)))).gate.get
    assertEquals(Some(Side.System), notBySandbox.capacity.head.limitedBy, "the sandbox added under 1 ms")
  }

  @Test def aComparisonWithTheBaselineShowsHeadroomGainedOrLost(): Unit = {
    val before =
      gated(summarized(Seq((1.0, 2000, 0), (2.0, 2100, 0), (4.0, 2200, 0), (8.0, 2400, 0)), SearchEnd.MaxMultiple))
    val after = gated(summarized(resolvedSteps))
    val comparison = RunComparison.compare(before, after, BaselinePolicy.Default)
    val lost = "raid capacity headroom: A 8x, B 4.3x: lost 3.7x"
    assertTrue(RunComparison.markdown(comparison).contains(s"- $lost\n"), RunComparison.markdown(comparison))
    assertEquals(lost, ConsoleSummary.comparisonTable(comparison).linesIterator.next())
    assertTrue(ComparePage.render(comparison).contains(s"""<li class="fail">$lost</li>"""))
    val back = RunComparison.compare(after, before, BaselinePolicy.Default)
    assertTrue(RunComparison.markdown(back).contains("raid capacity headroom: A 4.3x, B 8x: gained 3.7x"))
  }

  @Test def theRunPageShowsTheAnswerTheStepsAndTheCurveWithItsThresholds(): Unit = {
    val summary = gated(summarized(resolvedSteps))
    val root = Files.createTempDirectory("capacity-site")
    val html = Files.readString(SiteFiles.runPage(Files.createDirectories(root.resolve("crafted")), summary))
    assertTrue(
      html.contains(
        """<p class="answer" id="capacity-answer-raid">raid: carries 4.3x its reference load (215 new users/s)"""
      ),
      html
    )
    val from = html.indexOf("capacity-steps-raid")
    val table = html.substring(from, html.indexOf("</table>", from))
    assertEquals((9, 4), ("<tr".r.findAllIn(table).size, "<tr class=\"fail\">".r.findAllIn(table).size))
    val data = new ObjectMapper().readTree(
      html.substring(
        html.indexOf("{", html.indexOf("id=\"data\"")),
        html.indexOf("</script>", html.indexOf("id=\"data\""))
      )
    )
    val curve = data.get("capacity").get(0)
    assertEquals((4.3, 4.6), (curve.get("headroom").asDouble(), curve.get("firstFailure").asDouble()))
    val mint = curve.get("requests").get(0)
    assertEquals("mint raid", mint.get("name").asText())
    val limit = curve.get("limits").get(0)
    assertEquals(("mint raid", 3000.0), (limit.get("names").asText(), limit.get("allowedMs").asDouble()))
    assertEquals("[1.0,2000,\"pass\"]", mint.get("points").get(0).toString)
    assertEquals(5.0, curve.get("errorLimit").asDouble())
  }

  @Test def theResultsStepPrintsTheAnswerAndWritesItsSummaries(): Unit = {
    val (runDir, context) = crafted(resolvedSteps, SearchEnd.Resolved, None, Nil, None)
    val thresholdsFile = Files.createTempFile("thresholds", ".conf")
    Files.writeString(thresholdsFile, thresholdsText + "\nthresholds.capacity.minHeadroom = 1.5\n")
    val console = new java.io.ByteArrayOutputStream
    val outcome = Console.withOut(console)(
      PostRun.summarizeAndGate(
        runDir,
        runDir.getParent,
        context,
        RunSummarizer.RunIdentity("crafted", "test"),
        settings,
        Some(thresholdsFile)
      )
    )
    val printed = console.toString("UTF-8").linesIterator.toSeq
    assertEquals(Some("PASS"), outcome.verdict.map(_.label), printed.mkString("\n"))
    assertTrue(
      printed.contains(
        "raid: carries 4.3x its reference load (215 new users/s) within its thresholds; first to fail at 4.6x: " +
          "mint raid p99 3,420 ms > 3,000 ms (system)"
      ),
      printed.mkString("\n")
    )
    assertTrue(
      printed.contains(
        "results: gate PASS for crafted (1 checks, 0 failed; capacity steps judged on 16 checks over 8 steps)"
      ),
      printed.mkString("\n")
    )
    val markdown = Files.readString(runDir.resolve(RunArchive.SummaryMarkdownName))
    assertTrue(markdown.contains("## Capacity: raid"), markdown)
    assertTrue(
      markdown.contains("| 7 | 4.6x | 230 new users/s | fail | ") && markdown.contains(
        "mint raid p99 3,420 ms > 3,000 ms |"
      ),
      markdown
    )
    val written = new ObjectMapper().readTree(runDir.resolve(RunArchive.SummaryJsonName).toFile)
    assertEquals(4.3, written.get("systems").get(0).get("capacity").get("headroom").asDouble())
    assertTrue(Files.readString(runDir.resolve(RunPage.FileName)).contains("capacity-chart-raid"))
  }

  /** A system that answers 1,000 requests in 1x's window, 2,000 at 2x, then no more than 3,000 however much it
    * is offered: within every latency limit, 4x did not keep up, and the results step fails it as the live search did.
    */
  @Test def aStepThatDidNotKeepUpWithItsOfferFailsOnWhatItCarried(): Unit = {
    val steps = Seq((1.0, 1000, 0), (2.0, 1000, 0), (4.0, 1000, 0), (3.0, 1000, 0))
    val paced = Paced(Seq(1000, 2000, 3000, 3000), Seq(true, true, false, true))
    val result = gated(summarized(steps, pace = Some(paced))).gate.get.capacity.head
    assertEquals(Seq(true, true, false, true), result.steps.map(_.passed))
    val carried =
      result.steps(2).failures.map(c => (c.subject, c.metric, c.measured.map(m => math.rint(m * 100) / 100)))
    assertEquals(Seq(("raid", Metric.Carried, Some(3.0))), carried, "4x answered 3x's worth")
    assertEquals(Some(3.0), result.headroom)
    assertTrue(
      CapacityText.oneLine(result).contains("first to fail at 4x: raid carried 3x < 3.98x"),
      CapacityText.oneLine(result)
    )
    assertTrue(result.resolved, "the live search judged every step as the results step does")
    assertEquals(
      Some(0.015),
      result.accuracy.map(a => math.rint(a * 1e6) / 1e6),
      "evenly paced: the floor, 0.5 % of 3x"
    )
  }

  /** 3x answered 1 % short of its offer (2,970 where 1x answered 1,000) within every latency limit: the results
    * step fails it, where half the resolution (0.05x) would have passed it, and the headroom is 2x.
    */
  @Test def aStepOnePercentShortOfItsOfferFails(): Unit = {
    val steps = Seq((1.0, 1000, 0), (2.0, 1000, 0), (4.0, 1000, 0), (3.0, 1000, 0))
    val paced = Paced(Seq(1000, 2000, 3000, 2970), Seq(true, true, false, false))
    val result = gated(summarized(steps, pace = Some(paced))).gate.get.capacity.head
    assertEquals(Seq(true, true, false, false), result.steps.map(_.passed))
    assertEquals(Some(2.0), result.headroom)
  }

  /** The live search passed 4x on what it saw; the results step, on every request, failed it: the headroom it
    * gives is below the live search's bracket, so the answer is not resolved there (INCOMPLETE, an "at least").
    */
  @Test def aStepTheResultsStepJudgesOtherwiseLeavesTheAnswerUnresolved(): Unit = {
    val steps = Seq((1.0, 1000, 0), (2.0, 1000, 0), (4.0, 1000, 0), (8.0, 1000, 0), (6.0, 1000, 0))
    val paced = Paced(Seq(1000, 2000, 3000, 3000, 3000), Seq(true, true, true, false, false))
    val summary = gated(summarized(steps, pace = Some(paced)))
    val result = summary.gate.get.capacity.head
    assertEquals(Some(2.0), result.headroom)
    assertEquals(Some(Unresolved.JudgedOtherwise(Seq(result.steps(2)))), result.unresolved)
    assertEquals(
      "raid: carries at least 2x its reference load (100 new users/s) within its thresholds (accurate to 0.5 %: at " +
        "least 1.99x); first to fail at 4x: " +
        "raid carried 3x < 3.98x (system); the search ended before it resolved to 0.1x: the results step judged " +
        "the step at 4x otherwise than the live search (which sees neither a request left unanswered nor one in " +
        "flight as its window closed)",
      CapacityText.oneLine(result)
    )
    assertEquals("INCOMPLETE", summary.gate.get.label)
  }

  /** A search stopped before its first window closed judged nothing: it has no headroom, not a headroom of 0. */
  @Test def aSearchWithNoJudgedStepHasNoHeadroom(): Unit = {
    val record =
      CapacityRecord("reference", 50, LoadUnit.Arrivals, 0.1, 8, 3600000, Nil, SearchEnd.Stopped, judgesPace = true)
    val result = CapacityJudgement.judge(CapacitySearch("raid", record, Nil), thresholds(""), None, Map.empty)
    assertEquals(None, result.headroom)
    assertEquals(
      "raid: no capacity figure: no step was judged; the search ended before it resolved (stopped)",
      CapacityText.oneLine(result)
    )
  }

}

object CapacityResultsTest {

  /** A paced search's steps: each one's answers in its 9 s of requests, and what the live search judged it. */
  final case class Paced(answers: Seq[Int], passedLive: Seq[Boolean])
}
