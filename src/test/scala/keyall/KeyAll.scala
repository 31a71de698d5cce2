package keyall

import journey.{ Feeders, SystemSettings, SystemUnderTest, UniqueRecords }

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.Predef._
import io.gatling.http.protocol.HttpProtocolBuilder
import keyall.standin.KeyAllStandIn

/** Key All (docs/systems/key-all.md): back-office staff each sign in as their own account, open a work
  * queue and lock its next free form. One journey is one staff member in one queue (DET, SVD or EROE5,
  * drawn by `key-all.queues`), a transaction named after the queue. Every form a user is given is
  * recorded as a claim, so the results step can report any form given to two users.
  */
object KeyAll extends SystemUnderTest {
  override val key = "key-all"
  override val scenarioName = "Key All"
  override val standIn = KeyAllStandIn
  override val requestNames: Set[String] = KeyAllRequests.names

  override def protocol(baseUrl: String): HttpProtocolBuilder =
    http
      .baseUrl(baseUrl)
      .acceptHeader("text/html")
      .userAgentHeader("public-sector-load-tests (Key All)")

  override def journey(settings: SystemSettings): ChainBuilder = {
    import KeyAllRequests._
    val queues = settings.mix("queues", Queues.all)
    val think = settings.thinkTime("thinkTime").pause
    val rescans = settings.settings.int("svd.rescansPerBatch", min = 0, max = 1000)
    val file = settings.string("staff")
    val accounts = new UniqueRecords(
      file,
      Feeders.csvRecords(file, KeyAllStaff.Columns),
      "username",
      settings.shard,
      settings.usersToFeed
    )
    val claims = settings.claims

    // Only a lock that answered a form is a claim; a failed one ends the user's journey.
    def claimed(lock: ChainBuilder): ChainBuilder =
      lock.exitHereIfFailed.exec { session =>
        claims.record(session("formId").as[String], session("username").as[String])
        session
      }
    def keyAll(queuePage: String, path: String): ChainBuilder =
      exec(KeyAllRequests.queuePage(queuePage, path)).exec(think).exec(claimed(exec(keyAllButton(path))))
    val steps = Map(
      Queues.Det -> keyAll(DetFormsQueuePage, "/det"),
      Queues.Svd -> exec(openSvdSubmenu)
        .exec(think)
        .exec(svdCheckQueuePage)
        .exec(think)
        .exec(claimed(exec(selectScannerBatch)))
        .repeat(rescans)(exec(think).exec(claimed(exec(rescanRequired)))),
      Queues.Eroe5 -> keyAll(Eroe5QueuePage, "/eroe5")
    )

    exec(accounts.feed)
      .exec(session => session.set("queue", queues.draw()))
      .doSwitch("#{queue}")(queues.names.map { queue =>
        queue -> group(queue)(
          exec(loginPage).exitHereIfFailed.exec(think).exec(homePage).exec(think).exec(steps(queue))
        )
      }: _*)
  }
}
