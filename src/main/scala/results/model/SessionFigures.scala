package results.model

import scala.collection.mutable

import com.fasterxml.jackson.annotation.{ JsonProperty, JsonPropertyOrder }
import com.fasterxml.jackson.databind.annotation.JsonDeserialize

import io.gatling.charts.stats.SimulationLogAccess.{ GroupRecorded, LogRecord, UserRecorded }

import text.Formats

/** The sessions (virtual users, one journey each) of one scenario whose journey runs inside a top-level
  * group named after the scenario (see journey.Sessions): simulation.log records users without an id, so
  * that group is what tells each session's outcome and length.
  *
  * @param started          users the scenario started
  * @param completed        sessions whose group ended OK: no request of the user failed
  * @param failed           users who ended without an OK session group: a request failed, or the user left early
  * @param unfinished       users still in their journey when the run ended (started, never ended)
  * @param startedPerMinute users started in each minute of the run, from its start
  * @param timeOnSiteMs     the sum of the completed sessions' lengths (group start to end), so shards add up
  *
  * Stored in summary.json as it is, with its means for readers (never read back).
  */
@JsonPropertyOrder(Array(
  "scenario",
  "started",
  "completed",
  "failed",
  "unfinished",
  "meanStartedPerMinute",
  "timeOnSiteMs",
  "meanTimeOnSiteMs",
  "startedPerMinute"
))
final case class SessionFigures(
    scenario: String,
    started: Long,
    completed: Long,
    failed: Long,
    unfinished: Long,
    @JsonDeserialize(contentAs = classOf[java.lang.Long]) startedPerMinute: Seq[Long],
    timeOnSiteMs: Long
) {
  @JsonProperty("meanTimeOnSiteMs")
  def meanTimeOnSiteMs: Option[Long] = Option.when(completed > 0)(math.round(timeOnSiteMs.toDouble / completed))

  def meanStartedPerMinute: Double =
    if (startedPerMinute.isEmpty) 0.0 else startedPerMinute.sum.toDouble / startedPerMinute.size

  /** [[meanStartedPerMinute]] to two decimals, as summary.json shows it. */
  @JsonProperty("meanStartedPerMinute")
  def meanStartedPerMinuteShown: Double = Formats.round(meanStartedPerMinute, 2)

  /** "12 started: 10 completed, 1 failed, 1 unfinished; 12.0 started per minute; time on site 35.2 s on average". */
  def describe: String = {
    val timeOnSite =
      meanTimeOnSiteMs.fold("no session completed")(ms => f"time on site ${ms / 1000.0}%.1f s on average")
    f"$started%,d started: $completed%,d completed, $failed%,d failed, $unfinished%,d unfinished; " +
      f"$meanStartedPerMinute%.1f started per minute; $timeOnSite"
  }
}

object SessionFigures {

  /** Shards ran the same scenarios side by side: their counts add up, minute by minute of each shard's own run. */
  def merge(shards: Seq[Seq[SessionFigures]]): Seq[SessionFigures] =
    shards.flatten.groupBy(_.scenario).toSeq.sortBy(_._1).map { case (scenario, parts) =>
      val minutes = parts.map(_.startedPerMinute.size).max
      SessionFigures(
        scenario,
        parts.map(_.started).sum,
        parts.map(_.completed).sum,
        parts.map(_.failed).sum,
        parts.map(_.unfinished).sum,
        (0 until minutes).map(minute => parts.map(_.startedPerMinute.lift(minute).getOrElse(0L)).sum),
        parts.map(_.timeOnSiteMs).sum
      )
    }

  /** Counts sessions over one walk of simulation.log; `runStartEpochMs` is where the first minute begins. */
  final class Counter(runStartEpochMs: Long) {
    private final class Scenario {
      val startedPerMinute = mutable.ArrayBuffer.empty[Long]
      var ended = 0L
      var sessionGroups = 0L
      var completed = 0L
      var timeOnSiteMs = 0L
    }
    private val scenarios = mutable.LinkedHashMap.empty[String, Scenario]
    private def scenario(name: String) = scenarios.getOrElseUpdate(name, new Scenario)

    val collect: LogRecord => Unit = {
      case u: UserRecorded if u.started =>
        val minute = ((u.timestampEpochMs - runStartEpochMs) max 0L) / 60000L
        val perMinute = scenario(u.scenario).startedPerMinute
        while (perMinute.size <= minute) perMinute += 0L
        perMinute(minute.toInt) += 1
      case u: UserRecorded                           => scenario(u.scenario).ended += 1
      case g: GroupRecorded if g.hierarchy.size == 1 =>
        val s = scenario(g.hierarchy.head)
        s.sessionGroups += 1
        if (g.ok) {
          s.completed += 1
          s.timeOnSiteMs += g.durationMs
        }
      case _ =>
    }

    /** Figures for the scenarios of `names` that recorded a session group; others have no session figures. */
    def figures(names: Seq[String]): Seq[SessionFigures] =
      names.flatMap(name => scenarios.get(name).filter(_.sessionGroups > 0).map(name -> _)).map { case (name, s) =>
        val started = s.startedPerMinute.sum
        SessionFigures(
          name,
          started,
          s.completed,
          s.ended - s.completed,
          started - s.ended,
          s.startedPerMinute.toSeq,
          s.timeOnSiteMs
        )
      }
  }
}
