package simulations

import results.model.RunShard

import results.archive.RunArchive
import results.gate.Gate
import results.summarize.Claims

import java.nio.file.Files

import scala.jdk.CollectionConverters._

import keyall.{ KeyAll, KeyAllRequests, KeyAllStaff, Queues }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.{ PostRun, ResultsCli, RunFolders }
import config.InputError
import testkit.SimulationRuns

/** KeyAllSimulation at smoke scale against the in-process sandbox and its embedded PostgreSQL. */
class KeyAllSimulationEndToEndTest {
  import KeyAllRequests._

  /** Smaller queues than the spec's 100,000 forms each keep the test's seeding short. */
  private val smallQueues = Seq("DET", "SVD", "EROE5").map(q => s"sandbox.key-all.seed.$q.forms" -> "2000")

  @Test def everyQueueRunsWithItsNamesAndEveryUserIsADistinctAccount(): Unit = {
    val run = SimulationRuns.run(classOf[KeyAllSimulation], smallQueues: _*)
    assertEquals(KeyAll.requestNames, run.requests.keySet, "exactly the contract's request names")
    assertEquals(14, run.users, "14 users")
    val groups = Queues.all.map(q => q -> run.groups(q).count).toMap
    assertEquals(14L, groups.values.sum, s"one queue per user: $groups")
    assertTrue(groups.values.forall(_ >= 4), s"every queue drawn in turn: $groups")
    assertEquals(14L, run.requests(LoginPage).count, "one login per user")
    assertEquals(groups("SVD") * 9, run.requests(RescanRequired).count, "9 rescans per SVD user")
    SimulationRuns.assertNoErrors(run)

    val claims = Claims.read(run.runDir).getOrElse(fail("the run wrote no claims"))
    assertEquals(
      groups("DET") + groups("EROE5") + groups("SVD") * 10,
      claims.size.toLong,
      "10 locks per SVD user, 1 else"
    )
    assertEquals(14, claims.map(_.claimant).distinct.size, "every user a distinct account")
    assertEquals(0L, Claims.duplicates(claims).count, "skip-locked: no form given twice")
  }

  private def staffFile(usernames: Seq[String]): String = {
    val file = Files.createTempFile("key-all-staff-", ".csv")
    Files.writeString(
      file,
      ("username,password" +: usernames.map(u => s"$u,sandbox.local-only")).mkString("", "\n", "\n")
    )
    file.toString
  }

  private def assertStopsBeforeLoad(message: String, properties: (String, String)*): Unit = {
    val (error, folder) = SimulationRuns.failure(classOf[KeyAllSimulation], properties ++ smallQueues: _*)
    assertEquals(classOf[InputError], error.getClass, error.toString)
    assertEquals(message, error.getMessage)
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }

  @Test def anUnknownLockModeStopsBeforeAnyLoad(): Unit =
    assertStopsBeforeLoad(
      "sandbox.key-all.lockMode: must be one of skip-locked, racy (was 'sometimes')",
      "sandbox.key-all.lockMode" -> "sometimes"
    )

  @Test def aStartUpWaitOfNoneStopsBeforeAnyLoad(): Unit =
    assertStopsBeforeLoad(
      "sandbox.key-all.embeddedStartupWait: must be greater than 0 (was 0s)",
      "sandbox.key-all.embeddedStartupWait" -> "0s"
    )

  /** The configured wait, not the library's 10 s, is what the embedded PostgreSQL's start is held to. */
  @Test def anEmbeddedDatabaseSlowerThanItsStartUpWaitStopsBeforeAnyLoad(): Unit = {
    val (error, folder) = SimulationRuns.failure(
      classOf[KeyAllSimulation],
      Seq("sandbox.key-all.embeddedStartupWait" -> "1ms") ++ smallQueues: _*
    )
    assertEquals(classOf[InputError], error.getClass, error.toString)
    assertEquals(
      "sandbox.key-all.embeddedStartupWait: the embedded PostgreSQL did not accept connections within 1 ms " +
        "(a busy machine may need more)",
      error.getMessage
    )
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }

  @Test def anUnreachableDatabaseStopsBeforeAnyLoad(): Unit = {
    val (error, folder) = SimulationRuns.failure(
      classOf[KeyAllSimulation],
      "sandbox.key-all.jdbcUrl" -> "jdbc:postgresql://127.0.0.1:9/keyall"
    )
    assertEquals(classOf[InputError], error.getClass, error.toString)
    assertTrue(
      error.getMessage.startsWith("sandbox.key-all.jdbcUrl: jdbc:postgresql://127.0.0.1:9/keyall is unreachable ("),
      error.getMessage
    )
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }

  @Test def aRepeatedAccountStopsBeforeAnyLoad(): Unit = {
    val file = staffFile(KeyAllStaff.accounts(20) :+ "keyall.staff.00003")
    assertStopsBeforeLoad(
      s"$file: line 22 repeats username 'keyall.staff.00003' (first on line 4)",
      "key-all.staff" -> file
    )
  }

  @Test def tooFewAccountsForTheProfileStopBeforeAnyLoad(): Unit = {
    val file = staffFile(KeyAllStaff.accounts(5))
    assertStopsBeforeLoad(
      s"$file: this run needs 14 records, one per user, but the file has 5",
      "key-all.staff" -> file
    )
  }

  /** Key All's capacity search (8 x its 50 staff users/s for at most an hour) may admit 1,440,000 users, each
    * with an account of their own: the 12,000 accounts would run out in its second step.
    */
  @Test def tooFewAccountsForACapacitySearchsCeilingStopBeforeAnyLoad(): Unit =
    assertStopsBeforeLoad(
      "feeders/key-all/staff.csv: this run needs 1,440,000 records, one per user, but the file has 12,000",
      "profile" -> "capacity"
    )

  /** A closed profile replaces each user who finishes, so how many accounts it needs is not known
    * before the run: the user who finds none stops the run.
    */
  @Test def runningOutOfAccountsStopsTheRunSayingHowManyItNeeded(): Unit = {
    val file = staffFile(KeyAllStaff.accounts(5))
    val closed = Seq(
      "type" -> "closed-ramp",
      "startUsers" -> "2",
      "usersPerMinute" -> "60",
      "targetUsers" -> "2",
      "hold" -> "10 seconds"
    ).map { case (k, v) => s"profiles.key-all.replacing.$k" -> v }
    val (error, _) = SimulationRuns.failure(
      classOf[KeyAllSimulation],
      closed ++ smallQueues ++ Seq("profile" -> "replacing", "key-all.staff" -> file): _*
    )
    assertTrue(
      error.getMessage.contains(s"$file: this run needs at least 6 records, one per user, but the file has 5"),
      error.toString
    )
  }

  /** Two shards take disjoint accounts. Each shard's sandbox seeds its own database, so both hand out the
    * first forms: alone each run has no duplicate, and only the merge of the two sees the forms both gave.
    */
  @Test def shardsTakeDisjointAccountsAndMergeFindsCrossShardDuplicates(): Unit = {
    val root = Files.createTempDirectory("keyall-shards-")
    // Two users, one a shard, both drawing the first queue: enough for a form handed out by both.
    val twoUsers = Seq("warmUp" -> "0", "rate" -> "2", "duration" -> "1 second").map { case (k, v) =>
      s"profiles.key-all.smoke.$k" -> v
    }
    val shards = Seq("1/2", "2/2").map { shard =>
      val run = SimulationRuns.run(classOf[KeyAllSimulation], smallQueues ++ twoUsers :+ ("shard" -> shard): _*)
      val context = RunFolders.contextFromLog(run.runDir).copy(
        systems = Seq(KeyAll.key),
        shard = RunShard.Part(shard.take(1).toInt, 2)
      )
      val outcome = PostRun.process(run.runDir, root, context)
      assertEquals(Some(0L), outcome.summary.flatMap(_.duplicateLocks).map(_.count), s"shard $shard alone")
      outcome.archivedRunDir
    }
    val accounts = shards.map(dir => Claims.read(dir).get.map(_.claimant).toSet)
    assertTrue(accounts.forall(_.nonEmpty), "both shards ran")
    assertEquals(Set.empty, accounts(0).intersect(accounts(1)), "no account in both shards")

    val code = ResultsCli.run(List("merge") ++ shards.map(_.getFileName.toString) ++ List("--results", root.toString))
    // The shards ran one after the other: the load never ran at once, so INVALID whatever its checks.
    assertEquals(6, code, "the merged run is INVALID")
    val merged = Files.list(root).iterator.asScala.find(_.getFileName.toString.contains("-merged-")).get
    val summary = RunArchive.readSummary(merged)
    assertTrue(summary.gate.exists(_.invalid.exists(_.text.startsWith("shards apart: all 2 shards shared"))))
    assertTrue(summary.gate.exists(_.failures.exists(_.subject == Gate.DuplicateLocksSubject)), "the duplicates fail")
    val duplicates = summary.duplicateLocks.getOrElse(fail("no duplicateLocks in the merged summary"))
    assertTrue(duplicates.count > 0, "forms both shards handed out")
    assertTrue(
      duplicates.examples.forall(d => d.claimants.exists(accounts(0)) && d.claimants.exists(accounts(1))),
      s"each duplicate spans the shards: ${duplicates.examples}"
    )
  }
}
