package results

import results.model.{ RunContext, RunShard, RunSummary, SessionFigures }

import results.archive.SummaryJson
import results.render.SummaryMarkdown
import results.summarize.{ ResultsSettings, RunSummarizer }

import java.nio.file.Files

import io.gatling.app.InProcessGatling
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.{ LoopbackServer, SchedulingLag, SessionsSimulation }

/** A crafted run whose completed, failed and unfinished sessions are known gives exactly those numbers. */
class SessionFiguresTest {
  import SessionsSimulation._

  /** The run's summary, and how late this JVM's threads woke while it ran (see [[SchedulingLag]]). */
  private lazy val run: (RunSummary, Long) = {
    val resultsFolder = Files.createTempDirectory("sessions-")
    val server = new LoopbackServer
    try {
      System.setProperty(LoopbackServer.PortProperty, server.port.toString)
      val started = System.currentTimeMillis
      val (_, lagMs) = SchedulingLag.during(InProcessGatling.run(classOf[SessionsSimulation].getName, resultsFolder))
      val runDir = RunFolders.newestRunDir(resultsFolder, started - 1000).getOrElse(fail("no run folder"))
      val summary = RunSummarizer.summarize(
        runDir,
        RunContext("SessionsSimulation", Seq("sessions"), "loopback", "smoke", RunShard.Whole, Map.empty, Nil, Nil),
        RunSummarizer.RunIdentity("sessions", "test"),
        ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline)
      )
      (summary, lagMs)
    } finally {
      System.clearProperty(LoopbackServer.PortProperty)
      server.close()
    }
  }
  private def summary = run._1
  private def lagMs = run._2

  @Test def completedFailedAndUnfinishedSessionsAreCountedExactly(): Unit = {
    val Seq(sessions) = summary.sessions: @unchecked
    assertEquals(Scenario, sessions.scenario)
    assertEquals(Completing + Failing + Staying.toLong, sessions.started, "started")
    assertEquals(Completing.toLong, sessions.completed, "completed: no KO")
    assertEquals(Failing.toLong, sessions.failed, "failed: a KO")
    assertEquals(Staying.toLong, sessions.unfinished, "unfinished: cut off by the time limit")
    assertEquals(
      Seq(Completing + Failing + Staying.toLong),
      sessions.startedPerMinute,
      "all started in the first minute"
    )
    val timeOnSite = sessions.meanTimeOnSiteMs.getOrElse(fail("no time on site"))
    // A second's stay and a page: a busy machine makes the page and the pause's end late by about what it
    // made this JVM's threads late meanwhile, so that lateness widens the margin.
    assertTrue(
      timeOnSite >= StayMs && timeOnSite < StayMs + 1000 + lagMs,
      s"a second's stay and a page: $timeOnSite ms (this JVM's threads woke $lagMs ms late in all during the run)"
    )
  }

  @Test def theSessionFiguresSurviveSummaryJsonAndShowInSummaryMd(): Unit = {
    val file = Files.createTempFile("summary", ".json")
    Files.writeString(file, SummaryJson.write(summary))
    assertEquals(summary.sessions, SummaryJson.read(file).sessions)
    val page = SummaryMarkdown.render(summary)
    assertTrue(page.contains(s"| $Scenario | 6 | $Completing | $Failing | $Staying | 6 (6) |"), page)
  }

  @Test def shardsAddUpMinuteByMinute(): Unit = {
    val a = SessionFigures("visit", 5, 3, 1, 1, Seq(2, 3), 30000)
    val b = SessionFigures("visit", 4, 2, 2, 0, Seq(4), 10000)
    assertEquals(Seq(SessionFigures("visit", 9, 5, 3, 1, Seq(6, 3), 40000)), SessionFigures.merge(Seq(Seq(a), Seq(b))))
    assertEquals(Some(8000L), SessionFigures.merge(Seq(Seq(a), Seq(b))).head.meanTimeOnSiteMs)
  }
}
