package elections

import journey.SystemSettings
import watch.TallyCounter

import java.util.regex.PatternSyntaxException

import scala.concurrent.duration.FiniteDuration
import scala.util.matching.Regex

import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.core.session.Expression
import io.gatling.http.Predef._
import io.gatling.http.check.HttpCheck

/** What every response of the election sites is checked for: a Cache-Control max-age of at least
  * `elections.minMaxAge`, and its cache status, read from the header `elections.cacheStatus.header` and
  * counted: a value matching `elections.cacheStatus.hit` is a hit, any other value a miss, and a response
  * without the header is unknown, never a hit.
  */
final case class CacheChecks(statusHeader: String, hit: Regex, minMaxAge: FiniteDuration, counter: TallyCounter) {

  def status(value: Option[String]): String = value.map(_.trim) match {
    case None                      => CacheChecks.Unknown
    case Some(v) if hit.matches(v) => CacheChecks.Hit
    case Some(_)                   => CacheChecks.Miss
  }

  /** Counts the response's cache status under `page`; always passes, so it never hides another check's failure. */
  def tallied(page: Expression[String]): HttpCheck =
    header(statusHeader).transformOptionWithSession { (value, session) =>
      page(session).map { key =>
        val counted = status(value)
        counter.count(key, counted)
        Some(counted)
      }
    }

  /** A response without Cache-Control, or without a max-age in it, fails: found nothing. */
  val maxAge: HttpCheck =
    header("Cache-Control").transformOption(value => value.flatMap(CacheChecks.maxAgeSeconds).success)
      .gte(minMaxAge.toSeconds)
      .name(s"Cache-Control max-age of at least ${minMaxAge.toSeconds} s")
}

object CacheChecks {
  val Hit = "hit"
  val Miss = "miss"
  val Unknown = "unknown"
  val Categories: Seq[String] = Seq(Hit, Miss, Unknown)

  private val MaxAge = """(?i)(?:^|[,\s])max-age\s*=\s*"?(\d+)""".r.unanchored

  def maxAgeSeconds(cacheControl: String): Option[Long] = cacheControl match {
    case MaxAge(seconds) => seconds.toLongOption
    case _               => None
  }

  def apply(settings: SystemSettings): CacheChecks = {
    val s = settings.settings
    val header = s.string("cacheStatus.header")
    if (header.isEmpty)
      s.fail("cacheStatus.header", "must name the cache-status header (e.g. X-Cache, CF-Cache-Status)")
    val hit =
      try s.string("cacheStatus.hit").r
      catch {
        case e: PatternSyntaxException => s.fail("cacheStatus.hit", s"not a regular expression: ${e.getDescription}")
      }
    CacheChecks(header, hit, s.duration("minMaxAge"), settings.tallies(Elections.CacheTally, Categories))
  }
}
