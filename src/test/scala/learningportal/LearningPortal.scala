package learningportal

import journey.{ Feeders, SystemSettings, SystemUnderTest }

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.protocol.HttpProtocolBuilder
import learningportal.standin.LearningPortalStandIn
import config.InputError
import websites.{ Browser, SitePath }

/** The learning portal (docs/systems/learning-portal.md): a learner logs in, reads every content page of
  * the page feeder in its order, as a course is read, each a group with the images and stylesheet a browser fetches for it, then opens a
  * practice and answers its questions. Its load comes in cycles of concurrent users, reported cycle by cycle.
  */
object LearningPortal extends SystemUnderTest {
  import LearningPortalRequests._

  override val key = "learning-portal"
  override val scenarioName = "Learning portal learner"
  override val standIn = LearningPortalStandIn
  override val requestNames: Set[String] = LearningPortalRequests.names

  val PageColumns: Seq[String] = Seq("title", "path")

  override def protocol(baseUrl: String): HttpProtocolBuilder =
    Browser.protocol(baseUrl, "learning portal", Desktop.assetName)

  override def journey(settings: SystemSettings): ChainBuilder =
    reading(Desktop, settings)
      .exec(settings.thinkTime("thinkTime").pause)
      .group(PracticeGroup)(
        exec(openPractice).repeat(session => session("questions").as[Int], "index")(
          exec(session => session.set("question", session("index").as[Int] + 1)).exec(answerQuestion)
        )
      )

  /** A learner logs in on `host` and reads every content page of the feeder in its order, each after a
    * think time.
    */
  def reading(host: PortalReading, settings: SystemSettings): ChainBuilder = {
    val course = pages(settings)
    val think = settings.thinkTime("thinkTime").pause
    val password = settings.string("password")
    exec(session => session.set("learner", s"learner-${session.userId}"))
      .group(host.LogInGroup)(exec(host.loginForm).exec(host.logIn(password)))
      .foreach(_ => course, "page")(
        exec(session => session.setAll(session("page").as[Feeders.Record]))
          .exec(think)
          .group(host.PageGroup)(exec(host.contentPage))
      )
  }

  /** The page feeder (`learning-portal.pages`), every path a path on the portal: a bad one stops the run
    * before any load, naming the file and its line.
    */
  def pages(settings: SystemSettings): IndexedSeq[Feeders.Record] = {
    val file = settings.string("pages")
    val records = Feeders.csvRecords(file, PageColumns)
    records.iterator.zipWithIndex.foreach { case (record, i) =>
      // Line 1 is the header.
      SitePath.problem(record("path").toString).foreach(p => throw new InputError(s"$file", s"line ${i + 2}: $p"))
    }
    records
  }
}
