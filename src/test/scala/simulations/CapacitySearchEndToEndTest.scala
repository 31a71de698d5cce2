package simulations

import java.nio.file.Files

import scala.jdk.CollectionConverters._

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.archive.SummaryJson
import results.capacity.SearchEnd
import suite.FailFast
import testkit.{ GatlingProcess, SimulationRuns, ToySimulation }

/** A capacity search against the toy system, whose stand-in serves a known number of requests a second
  * (`sandbox.toy.maxRequestsPerSecond`): the search finds that capacity's multiple within its resolution.
  */
class CapacitySearchEndToEndTest {

  /** 5 new users/s at 1x, each sending 2 requests (home, then look up a second later): 10 requests/s. A cap of
    * 27 requests/s is 2.7x; past it the queue grows by the excess, so a request at the end of a step's 20 s
    * (10 s settling, 10 s judged) at m x waits about (m / 2.7 - 1) x 20 s: 2.2 s at 3x, past the p99 limit of
    * 1,000 ms, and 0.37 s at 2.75x, under it with room for a busy machine's own delays (up to 550 ms seen at 1x
    * while a whole build ran beside it). The search takes about 3 minutes.
    */
  private val referenceRequestsPerSecond = 10.0
  private val cap = 27.0
  private val resolution = 0.25

  @Test def theSearchFindsTheStandInsCapacityWithinItsResolution(): Unit = {
    val thresholds = Files.createTempFile("capacity-", ".conf")
    Files.writeString(
      thresholds,
      """thresholds {
        |  defaults { maxErrorPercent = 1 }
        |  baseline { maxP99IncreasePercent = 10, ignoreBelowMs = 10 }
        |  simulations.toy.paths { "toy - home" { p99Ms = 1000 }, "toy - look up" { p99Ms = 1000 } }
        |}""".stripMargin
    )
    val livePort = testkit.FreePort()
    val process = GatlingProcess.start(
      classOf[ToySimulation],
      "live.port" -> livePort.toString,
      "profile" -> "capacity",
      "profiles.toy.capacity.of" -> "steady",
      "profiles.toy.steady.rate" -> "5",
      "profiles.toy.capacity.settle" -> "10s",
      "profiles.toy.capacity.stepDuration" -> "10s",
      "capacity.maxMultiple" -> "4",
      "capacity.resolution" -> resolution.toString,
      "capacity.maxDuration" -> "5 minutes",
      "sandbox.toy.maxRequestsPerSecond" -> cap.toInt.toString,
      "sandbox.stubs.delay.ms" -> "0",
      "thresholds" -> thresholds.toString
    )
    val live = liveReadings(process, livePort)
    process.exitStatus(420)
    val Seq(archived) = process.archivedRuns: @unchecked
    val context = SummaryJson.readContext(archived.resolve("run.json"))
    val search = context.systemRecords.find(_.key == "toy").flatMap(_.capacity).getOrElse(
      fail(s"no capacity search in run.json:\n${process.text}")
    )
    val steps = search.steps
    val text = process.text
    assertEquals(SearchEnd.Resolved, search.end, text)
    assertEquals((5.0, "new users/s", "steady"), (search.referenceLoad, search.loadUnit, search.referenceProfile))
    assertEquals(Seq(1.0, 2.0, 4.0, 3.0), steps.take(4).map(_.multiple), text)
    val capMultiple = cap / referenceRequestsPerSecond
    val passing = steps.filter(_.passedLive).map(_.multiple).max
    val failing = steps.filterNot(_.passedLive).map(_.multiple).min
    assertTrue(math.abs(passing - capMultiple) <= resolution, s"carries ${passing}x of ${capMultiple}x: $steps\n$text")
    assertTrue(failing - passing <= resolution + 1e-9, s"resolved: $passing .. $failing")
    steps.foreach(s => assertEquals(10000.0, (s.toEpochMs - s.fromEpochMs).toDouble, 1000.0, s"a 10 s window: $s"))
    steps.zip(steps.tail).foreach { case (a, b) => assertTrue(b.fromEpochMs >= a.toEpochMs + 10000, "settled first") }
    val lines = text.linesIterator.filter(_.startsWith("capacity toy: step ")).toSeq
    println(lines.mkString("\n"))
    assertEquals(steps.size, lines.size, text)
    assertTrue(lines.head.startsWith("capacity toy: step 1 at 1x (5 new users/s): worst p99 "), lines.head)
    assertTrue(lines.head.endsWith(": PASS; next 2x"), lines.head)
    assertTrue(lines.last.endsWith("search ends (resolved)"), lines.last)
    assertTrue(lines.exists(_.contains(" > 1,000 ms (toy - ")), lines.mkString("\n"))
    assertFalse(text.contains("planned users started"), "a search plans no count of users: it ends when resolved")
    // The results step judged the steps again from simulation.log: the same capacity, on the system's side.
    val answer = new com.fasterxml.jackson.databind.ObjectMapper()
      .readTree(archived.resolve("summary.json").toFile).path("systems").get(0).path("capacity")
    val headroom = answer.path("headroom").asDouble
    assertTrue(math.abs(headroom - capMultiple) <= resolution, s"summary.json headroom ${headroom}x: $answer")
    assertEquals(("system", "resolved"), (answer.path("limitedBy").asText, answer.path("end").asText), answer.toString)
    val oneLine = s"toy: carries ${results.render.Formats.multiple(headroom)} its reference load ("
    assertTrue(text.linesIterator.exists(_.startsWith(oneLine)), s"the console's answer: $oneLine...\n$text")
    assertTrue(
      Files.readString(archived.resolve("run.html")).contains(oneLine),
      "run.html gives the answer as its verdict's reason"
    )
    // The live page followed the search: its step and phase as it went, and the steps it had judged.
    val phases = live.flatMap(n => Option(n.path("current").path("phase").asText).filter(_.nonEmpty)).distinct
    assertTrue(Set("settling", "judging").subsetOf(phases.toSet), s"phases seen live: $phases")
    val judgedLive = live.map(_.path("steps").size).maxOption.getOrElse(0)
    assertTrue(judgedLive >= steps.size - 1, s"steps judged on the live page: $judgedLive of ${steps.size}")
  }

  /** An injector starved of CPU on purpose (each user burns 1.5 s of it: 3 cores asked at 1x of a machine with
    * 2): whatever its steps measured, the search measured the injector, so the run is INVALID and gives no
    * capacity figure for the system.
    */
  @Test def aStarvedInjectorsSearchIsInvalidNotACapacity(): Unit = {
    val process = GatlingProcess.start(
      classOf[testkit.StarvedInjectorSimulation],
      "profile" -> "capacity",
      "profiles.toy.capacity.of" -> "steady",
      "profiles.toy.steady.rate" -> "2",
      "profiles.toy.capacity.settle" -> "2s",
      "profiles.toy.capacity.stepDuration" -> "5s",
      "capacity.maxMultiple" -> "2",
      "capacity.maxDuration" -> "1 minute",
      "sandbox.stubs.delay.ms" -> "0",
      "injector.minSamples" -> "3"
    )
    assertEquals(results.RunOutcome.InvalidExitCode, process.exitStatus(300), process.text)
    val Seq(archived) = process.archivedRuns: @unchecked
    val answer = new com.fasterxml.jackson.databind.ObjectMapper()
      .readTree(archived.resolve("summary.json").toFile).path("systems").get(0).path("capacity")
    assertEquals("injector", answer.path("limitedBy").asText, answer.toString)
    assertTrue(answer.path("headroom").isNull, s"no capacity figure: $answer")
    assertFalse(process.text.contains("toy: carries "), process.text)
  }

  /** eForms' users are split by line speed, one population per class: one search admits them all and judges the
    * system's whole load, each class's users working through their own line at every step.
    */
  @Test def aSystemSplitByLineSpeedRunsOneSearchOverEveryClass(): Unit = {
    val process = GatlingProcess.start(
      classOf[EFormsSimulation],
      "profile" -> "capacity",
      "smoke" -> "true",
      "capacity.maxMultiple" -> "2",
      "sandbox.stubs.delay.ms" -> "0"
    )
    val run = process.archivedRun(300)
    val searches = SummaryJson.readContext(run.runDir.resolve("run.json")).systemRecords.flatMap(_.capacity)
    val Seq(search) = searches: @unchecked
    assertEquals(Seq(1.0, 2.0), search.steps.take(2).map(_.multiple), process.text)
    // A class too small to get an arrival in so short a search is not a path that "never ran".
    assertTrue(process.text.contains("results: gate PASS"), process.text)
    Seq("56k", "64k", "512k", "2048k").foreach(line =>
      assertTrue(run.usersByScenario.keys.exists(_.endsWith(s" on $line")), s"$line's users: ${run.usersByScenario}")
    )
  }

  /** The toy's search on the live page (`/data.json`, once a second) until the run ends, at most 420 s. */
  private def liveReadings(process: GatlingProcess, port: Int): Seq[com.fasterxml.jackson.databind.JsonNode] = {
    val readings = Seq.newBuilder[com.fasterxml.jackson.databind.JsonNode]
    val deadline = System.nanoTime() + 420L * 1000000000L
    while (process.handle.isAlive && System.nanoTime() < deadline) {
      testkit.LiveTools.get(s"http://127.0.0.1:$port/data.json").filter(_._1 == 200).foreach { case (_, body) =>
        testkit.LiveTools.json(body).path("capacity").elements().asScala.filter(_.path("system").asText == "toy")
          .foreach(readings += _)
      }
      Thread.sleep(1000)
    }
    readings.result()
  }

  /** A closed reference, compressed for a smoke run (2 concurrent users at 1x, 4 s steps): each step's users
    * work, the others wait for a place, and every step up to the maximum passes.
    */
  @Test def aClosedReferencesUsersWorkAtEachStepsMultiple(): Unit = {
    val process = GatlingProcess.start(
      classOf[ToySimulation],
      "profile" -> "capacity",
      "smoke" -> "true",
      "profiles.toy.capacity.of" -> "closed",
      "profiles.toy.closed.type" -> "closed-ramp",
      "profiles.toy.closed.startUsers" -> "1",
      "profiles.toy.closed.usersPerMinute" -> "60",
      "profiles.toy.closed.targetUsers" -> "2",
      "profiles.toy.closed.hold" -> "1 minute",
      "capacity.maxMultiple" -> "2",
      "sandbox.stubs.delay.ms" -> "0"
    )
    process.exitStatus(300)
    val Seq(archived) = process.archivedRuns: @unchecked
    val search = SummaryJson.readContext(archived.resolve("run.json")).systemRecords.flatMap(_.capacity).headOption
      .getOrElse(fail(s"no capacity search in run.json:\n${process.text}"))
    assertEquals(
      (2.0, "users", SearchEnd.MaxMultiple),
      (search.referenceLoad, search.loadUnit, search.end),
      process.text
    )
    assertEquals(Seq((1.0, true), (2.0, true)), search.steps.map(s => (s.multiple, s.passedLive)), process.text)
  }

  @Test def badSearchSettingsStopTheRunBeforeAnyLoad(): Unit = {
    val (error, folder) =
      SimulationRuns.failure(classOf[ToySimulation], "profile" -> "capacity", "capacity.resolution" -> "0")
    assertEquals("capacity.resolution: must be greater than 0 (was 0)", error.getMessage)
    assertTrue(SimulationRuns.isEmpty(folder), "no run folder: nothing was sent")
  }

  @Test def anEarlyStopStopsTheSearchBeforeAnyLoad(): Unit = {
    val (error, folder) = SimulationRuns.failure(
      classOf[ToySimulation],
      "profile" -> "capacity",
      "earlyStop.maxServerErrorPercent" -> "50"
    )
    assertEquals(
      "earlyStop.maxServerErrorPercent: a capacity search's failing steps are meant to fail; an early stop would end the search of toy at its first failing step (unset earlyStop.* for -Dprofile=capacity)",
      error.getMessage
    )
    assertTrue(SimulationRuns.isEmpty(folder), "no run folder: nothing was sent")
  }

  @Test def aResolutionFinerThanTheReferencesUsersStopsTheRunBeforeAnyLoad(): Unit = {
    val (error, folder) = SimulationRuns.failure(
      classOf[ToySimulation],
      "profile" -> "capacity",
      "profiles.toy.capacity.of" -> "closed",
      "profiles.toy.closed.type" -> "closed-ramp",
      "profiles.toy.closed.startUsers" -> "4",
      "profiles.toy.closed.usersPerMinute" -> "60",
      "profiles.toy.closed.targetUsers" -> "4",
      "profiles.toy.closed.hold" -> "1 minute",
      "capacity.resolution" -> "0.1"
    )
    assertEquals(
      "capacity.resolution: must be at least 0.25 (was 0.1): 'closed' holds 4 users at 1x, so multiples less than 1/4 apart admit as many of them",
      error.getMessage
    )
    assertTrue(SimulationRuns.isEmpty(folder), "no run folder: nothing was sent")
  }

  @Test def aSearchSplitOverShardsExitsWithTheInputErrorsStatus(): Unit = {
    val run = GatlingProcess.start(classOf[ToySimulation], "profile" -> "capacity", "shard" -> "1/2")
    assertEquals(FailFast.InputErrorExitCode, run.exitStatus(120), run.text)
    val errors = run.text.linesIterator.filter(_.contains("ERROR")).toSeq.asJava
    assertTrue(
      run.text.contains(
        "shard: a capacity search runs on one injector, since each step depends on the last one's verdict (was 1/2)"
      ),
      run.text
    )
    assertEquals(1, errors.size, s"one line: $errors")
    assertFalse(run.text.contains("Simulation testkit.ToySimulation started"), "no load was sent")
  }
}
