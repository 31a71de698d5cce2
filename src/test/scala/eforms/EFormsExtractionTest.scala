package eforms

import launch.{ RunAssembly, SuiteConfig }

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

import com.typesafe.config.ConfigFactory

import io.gatling.commons.validation.{ Failure, Success }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import config.ConfigFiles

import EFormsExtraction.{ Extracted, Schedule }

/** The extractor's schedule and its reading of an extraction's answer. */
class EFormsExtractionTest {

  @Test def aFullRunExtractsEveryIntervalOfItsArrivals(): Unit = {
    // data-extraction at full length: 20 min warm-up and 2 h of peak, one extraction an hour
    assertEquals(Right(Schedule(1.hour, 2)), Schedule.of(1.hour, 140.minutes, compressed = false))
    assertEquals(Right(Schedule(1.hour, 1)), Schedule.of(1.hour, 1.hour, compressed = false))
    assertEquals(
      Left("longer than the run's 30 min of arrivals (was 1 h): no extraction would run"),
      Schedule.of(1.hour, 30.minutes, compressed = false)
    )
  }

  /** Compressed, at most a third of the arrivals apart: three extractions in a smoke run's 5 s. */
  @Test def aCompressedRunExtractsAtLeastThreeTimes(): Unit = {
    assertEquals(Right(Schedule(1666.millis, 3)), Schedule.of(1.hour, 5.seconds, compressed = true))
    assertEquals(Right(Schedule(1.second, 5)), Schedule.of(1.second, 5.seconds, compressed = true), "shorter stays")
    (3 to 600).foreach { seconds =>
      val Right(schedule) = Schedule.of(1.hour, seconds.seconds, compressed = true): @unchecked
      assertTrue(schedule.extractions >= 3, s"$seconds s: $schedule")
      assertTrue(schedule.interval * schedule.extractions.toLong <= seconds.seconds, s"$seconds s: the last in the run")
    }
  }

  /** The profile as eforms.conf gives it, at full length: peak's respondents, and the extractor beside them. */
  @Test def theDataExtractionProfileIsThePeakWithAnHourlyExtractionBesideIt(): Unit = {
    io.gatling.app.InProcessGatling.loadConfiguration()
    def assembled(profile: String) = {
      val config = ConfigFactory
        .parseMap(Map("profile" -> profile, "smoke" -> "false", "target" -> "local", "shard" -> "1/1").asJava)
        .withFallback(ConfigFiles.load(Seq(EForms.key)))
      RunAssembly.assemble("EFormsSimulation", Seq(EForms), SuiteConfig.fromConfig(config, Seq(EForms.key)))
    }
    val (extraction, peak) = (assembled("data-extraction"), assembled("peak"))
    assertEquals(
      Seq(EFormsExtraction.ScenarioName -> "2 extractions, one every 1 h from 1 h in"),
      extraction.companions.map(c => c.companion.scenarioName -> c.companion.describe)
    )
    assertEquals(Nil, peak.companions)
    def respondents(run: launch.RunSetup) = run.loads.map(l => l.scenarioName -> l.profile.plan.peakArrivalRate)
    assertEquals(respondents(peak), respondents(extraction), "the respondents' load is peak's")
  }

  @Test def anExtractionHoldsEachReturnAfterItsWatermarkOnceAndNoneSkipped(): Unit = {
    val body = """{"watermark":5,"records":[{"reference":"R4","survey":"CAPEX"},{"reference":"R5","survey":"MPS"}]}"""
    assertEquals(Success(Extracted(5, Seq("R4", "R5"))), Extracted.read(body, since = 3))
    assertEquals(Success(Extracted(3, Nil)), Extracted.read("""{"watermark":3,"records":[]}""", since = 3))
    assertEquals(
      Failure("since 2 the extraction should hold R3 to R5, held R4, R5"),
      Extracted.read(body, since = 2),
      "R3 skipped"
    )
    assertEquals(
      Failure("since 4 the extraction should hold R5, held R4, R5"),
      Extracted.read(body, since = 4),
      "R4 again"
    )
    assertEquals(Failure("not an extraction: log in first"), Extracted.read("log in first", since = 0))
  }
}
