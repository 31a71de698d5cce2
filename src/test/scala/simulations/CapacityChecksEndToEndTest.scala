package simulations

import java.nio.file.{ Files, Path }

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.{ Tag, Test }
import results.archive.SummaryJson
import results.model.{ CapacityRecord, ExitCodes }
import testkit.{ GatlingProcess, ToySimulation }

/** What a capacity step is judged by, at smoke scale against the toy, whose stand-in answers every request
  * 300 ms late (its journey in the group "toy - visit": home, a second's thought, look up; the group's time is
  * its two requests', about 600 ms). Each limit is set either far below what the toy gives at 1x or far above:
  * the search and a normal run's gate agree on both sides.
  */
// Alone (see the pom): test JVMs beside it keep the cores busy enough that its searches name the machine, not the system.
@Tag("alone")
class CapacityChecksEndToEndTest {
  import CapacityChecksEndToEndTest.Searched

  /** Far above what any step gives, on a machine however busy: a limit that does not bind. */
  private val Loose = 5000

  private def thresholds(global: String, group: Int): Path = {
    val file = Files.createTempFile("capacity-checks-", ".conf")
    Files.writeString(
      file,
      s"""thresholds.simulations.toy {
         |  $global
         |  paths {
         |    "toy - visit / toy - home" { p99Ms = $Loose }
         |    "toy - visit / toy - look up" { p99Ms = $Loose }
         |    "toy - visit" { p99Ms = $group }
         |  }
         |}""".stripMargin
    )
    file
  }

  private def run(thresholdsFile: Path, profile: (String, String)*): GatlingProcess =
    GatlingProcess.start(
      classOf[ToySimulation],
      Seq(
        "smoke" -> "true",
        "toy.group" -> "toy - visit",
        "sandbox.toy.faults.slowPercent" -> "100",
        "sandbox.toy.faults.slowDelay" -> "300ms",
        "sandbox.stubs.delay.ms" -> "0",
        "thresholds" -> thresholdsFile.toString
      ) ++ profile: _*
    )

  private def search(thresholdsFile: Path): Searched = {
    val process = run(thresholdsFile, "profile" -> "capacity", "capacity.maxMultiple" -> "2")
    Searched(process, process.exitStatus(300))
  }

  /** The system's p99 at 1x is about 300 ms; a limit of 150 ms fails the 1x step live and afterwards (no
    * headroom), and a normal run held to it fails the gate on the same check.
    */
  @Test def aGlobalP99BelowWhatTheSystemGivesAtOneXGivesNoHeadroomAndFailsANormalRun(): Unit = {
    val file = thresholds("global { p99Ms = 150 }", Loose)
    val searched = search(file)
    // A failing step on a machine busy with other work is not the system's (docs/capacity.md): nothing to check.
    CapacitySearchEndToEndTest.assumeNoMachine(searched.answer, Nil)
    assertEquals(Seq((1.0, false)), searched.record.steps.map(s => (s.multiple, s.passedLive)), searched.text)
    assertEquals(0.0, searched.headroom, searched.answer.toString)
    assertEquals(Set("toy All Requests: p99"), searched.failedChecks(0), searched.answer.toString)
    assertTrue(searched.text.contains("toy: does not carry its reference load within its thresholds"), searched.text)
    assertTrue(searched.text.contains(" ms > 150 ms (all requests), "), s"the live step's worst p99: ${searched.text}")
    // The two agree: a system that does not carry its reference load fails its gate, as the normal run does.
    assertTrue(
      searched.text.contains("results: FAILED toy capacity: headroom: measured 0x, allowed at least 1x") &&
        searched.text.contains("(1 checks, 1 failed; capacity steps judged on 4 checks over 1 step)"),
      searched.text
    )
    assertEquals(ExitCodes.FailedAssertions, searched.exitStatus, searched.text)
    val normal = run(file)
    assertEquals(ExitCodes.FailedAssertions, normal.exitStatus(300), normal.text)
    assertTrue(normal.text.contains("results: FAILED All Requests: p99"), normal.text)
  }

  /** The group's about 600 ms against 450: each of its requests within its own limit (about 300 ms), the group
    * not, live as afterwards; a normal run fails the gate on it too.
    */
  @Test def aGroupLimitThatBindsDecidesTheSearch(): Unit = {
    val file = thresholds("", 450)
    val searched = search(file)
    // A failing step on a machine busy with other work is not the system's (docs/capacity.md): nothing to check.
    CapacitySearchEndToEndTest.assumeNoMachine(searched.answer, Nil)
    assertEquals(Seq((1.0, false)), searched.record.steps.map(s => (s.multiple, s.passedLive)), searched.text)
    assertEquals(0.0, searched.headroom, searched.answer.toString)
    assertEquals(Set("toy - visit: p99"), searched.failedChecks(0), searched.answer.toString)
    assertTrue(searched.text.contains(" ms > 450 ms (toy - visit), "), s"the live step's worst p99: ${searched.text}")
    assertEquals(ExitCodes.FailedAssertions, searched.exitStatus, searched.text)
    val normal = run(file)
    assertEquals(ExitCodes.FailedAssertions, normal.exitStatus(300), normal.text)
    assertTrue(normal.text.contains("results: FAILED toy - visit: p99"), normal.text)
  }

  /** The same limits set far above: every step up to 2x passes, the gate passes and says what it judged. */
  @Test def limitsThatDoNotBindLeaveTheHeadroomAsWithout(): Unit = {
    val searched = search(thresholds(s"global { p99Ms = $Loose }", Loose))
    assertEquals(
      Seq((1.0, true), (2.0, true)),
      searched.record.steps.map(s => (s.multiple, s.passedLive)),
      searched.text
    )
    assertEquals(2.0, searched.headroom, searched.answer.toString)
    assertEquals(0, searched.exitStatus, searched.text)
    // Each step: both requests' p99, the group's and the system's.
    assertTrue(
      searched.text.contains("results: gate PASS for ") &&
        searched.text.contains("(1 checks, 0 failed; capacity steps judged on 8 checks over 2 steps)"),
      searched.text
    )
  }

  /** No limit applies to what the steps answered, and a smoke run judges no pace: never a PASS. */
  @Test def aSearchJudgedOnNoLimitIsNotAPass(): Unit = {
    val file = Files.createTempFile("capacity-checks-", ".conf")
    Files.writeString(file, "thresholds.simulations.toy {}")
    val searched = search(file)
    assertEquals(ExitCodes.Incomplete, searched.exitStatus, searched.text)
    assertTrue(searched.text.contains("the capacity search judged its steps on no limit"), searched.text)
    assertTrue(
      searched.text.contains("(1 checks, 0 failed; capacity steps judged on 0 checks over 2 steps)"),
      searched.text
    )
  }
}

object CapacityChecksEndToEndTest {
  final case class Searched(process: GatlingProcess, exitStatus: Int) {
    def text: String = process.text
    private lazy val archived = {
      val Seq(run) = process.archivedRuns: @unchecked
      run
    }
    lazy val record: CapacityRecord =
      SummaryJson.readContext(archived.resolve("run.json")).systemRecords.flatMap(_.capacity).headOption
        .getOrElse(fail(s"no capacity search in run.json:\n$text"))
    lazy val answer: JsonNode =
      new ObjectMapper().readTree(archived.resolve("summary.json").toFile).path("systems").get(0).path("capacity")
    def headroom: Double = answer.path("headroom").asDouble
    def failedChecks(step: Int): Set[String] =
      answer.path("steps").get(step).path("checks").elements().asScala.filterNot(_.path("passed").asBoolean)
        .map(c => s"${c.path("subject").asText}: ${c.path("metric").asText}").toSet
  }
}
