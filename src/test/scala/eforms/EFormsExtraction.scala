package eforms

import journey.{ Companion, SystemSettings }

import java.time.{ Instant, ZoneOffset }
import java.time.format.DateTimeFormatter

import scala.concurrent.duration._
import scala.util.Try

import com.fasterxml.jackson.databind.ObjectMapper
import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder
import profiles.Plan

/** The data extraction beside the respondents (docs/systems/eforms.md): one extractor logs in, then takes the
  * returns submitted since its watermark every `eforms.extraction.interval`, carrying the watermark from one
  * extraction to the next, for as long as the respondents arrive. Each extraction's duration and records go
  * into the tally [[EFormsExtraction.tallyName]], which says what load it ran beside (`eforms.extraction.beside`).
  */
object EFormsExtraction {
  val ScenarioName = "eForms data extraction"
  def tallyName(beside: String): String = s"Data extraction beside $beside: records per extraction"
  val Records = "records"

  /** How often the extractor extracts and how many times, over a run whose respondents arrive for `runLength`.
    * A compressed run (smoke) keeps at most a third of its injection time between extractions, so that at
    * least three run in it; the first comes one interval after the start, the last at most at `runLength`.
    */
  final case class Schedule(interval: FiniteDuration, extractions: Int)

  object Schedule {
    def of(configured: FiniteDuration, runLength: FiniteDuration, compressed: Boolean): Either[String, Schedule] = {
      val interval = if (compressed) configured.min((runLength / 3).toMillis.millis) else configured
      val extractions = if (interval > Duration.Zero) runLength.toMillis / interval.toMillis else 0L
      if (extractions < 1)
        Left(
          s"longer than the run's ${Plan.human(runLength)} of arrivals (was ${Plan.human(configured)}): no extraction would run"
        )
      else Right(Schedule(interval, extractions.toInt))
    }
  }

  /** One extraction's answer: the new watermark and the references of the returns after the old one. */
  final case class Extracted(watermark: Long, references: Seq[String])

  object Extracted {
    private val mapper = new ObjectMapper

    /** The answer to `?since=<since>`, if it holds each return after `since` once and none skipped: the returns
      * are numbered as their references (R<n>), so they must be exactly R<since + 1> to R<watermark>, in order.
      */
    def read(body: String, since: Long): Validation[Extracted] =
      Try(mapper.readTree(body)).toOption.filter(n => n.path("watermark").canConvertToLong && n.has("records")) match {
        case None       => s"not an extraction: ${body.take(200)}".failure
        case Some(node) =>
          val watermark = node.get("watermark").asLong
          val records = node.get("records")
          val references = (0 until records.size).map(i => records.get(i).path("reference").asText)
          val expected = (since + 1 to watermark).map(n => s"R$n")
          val wanted = expected match {
            case Seq()    => "no return"
            case Seq(one) => one
            case _        => s"${expected.head} to ${expected.last}"
          }
          if (references == expected) Extracted(watermark, references).success
          else s"since $since the extraction should hold $wanted, held ${references.mkString(", ")}".failure
      }
  }

  /** The extractor beside the respondents, where the run asks for one (`eforms.extraction.enabled`; the profile
    * `data-extraction` does).
    */
  def companions(settings: SystemSettings, plan: Plan): Seq[Companion] =
    if (!settings.settings.boolean("extraction.enabled")) Nil
    else {
      val configured = settings.settings.duration("extraction.interval", min = 1.second)
      val runLength = plan.totalDuration.getOrElse(plan.maxDuration)
      val schedule = Schedule
        .of(configured, runLength, plan.smoke)
        .fold(reason => settings.settings.fail("extraction.interval", reason), identity)
      val every = schedule.interval.toMillis match {
        case ms if ms % 1000 == 0 => Plan.human(schedule.interval)
        case ms                   => s"$ms ms"
      }
      val describe = s"${schedule.extractions} extractions, one every $every from $every in"
      Seq(Companion(ScenarioName, journey(settings, schedule), describe))
    }

  private val clock = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC)

  private def journey(settings: SystemSettings, schedule: Schedule): ChainBuilder = {
    val records = settings.tallies(tallyName(settings.string("extraction.beside")), Seq(Records))
    val since = settings.settings.long("extraction.since", min = 0)
    val digits = schedule.extractions.toString.length
    exec(_.setAll("username" -> settings.string("extraction.username"), "watermark" -> since))
      .exec(EFormsRequests.loginForm)
      .exec(EFormsRequests.logIn(settings.string("extraction.password")))
      .pause(schedule.interval)
      .repeat(schedule.extractions, "extraction")(
        // Pace, not pause: extractions keep to the interval whatever each takes.
        pace(schedule.interval)
          .exec(_.remove("extracted").set("extractionStart", System.currentTimeMillis()))
          .exec(extract)
          .exec { session =>
            session("extracted").asOption[Extracted].fold(session) { extracted =>
              val number = session("extraction").as[Int] + 1
              val at = clock.format(Instant.ofEpochMilli(session("extractionStart").as[Long]))
              val ms = session("extractionMs").as[Int]
              records.add(s"#%0${digits}d at %s UTC, %d ms".format(number, at, ms), Records, extracted.references.size)
              session.set("watermark", extracted.watermark)
            }
          }
      )
  }

  /** A failed extraction keeps the watermark: the next one takes its returns too. */
  private def extract: HttpRequestBuilder =
    http(EFormsRequests.DataExtraction)
      .get("/extractions")
      .queryParam("since", "#{watermark}")
      .header("Accept", "application/json")
      .check(
        status.is(200),
        responseTimeInMillis.saveAs("extractionMs"),
        bodyString
          .transformOptionWithSession((body, session) =>
            Extracted.read(body.getOrElse(""), session("watermark").as[Long]).map(Some(_))
          )
          .saveAs("extracted")
      )
}
