package deploy

import results.archive.RunArchive

import java.nio.file.{ Files, Path, Paths }

import scala.concurrent.{ Await, ExecutionContext, Future }
import scala.concurrent.duration._
import scala.jdk.CollectionConverters._
import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import testkit.FixtureRun

import ShardScripts.{ CraftedShard, Outcome }

/** Every exit path of deploy/shard.sh, deploy/merge.sh and deploy/rehearse.sh against docs/scaling.md's table
  * ("Several injectors"): 0 PASS, 1 FAIL, 2 no verdict (a shard missing, left no run, or refused), 3 bad
  * input, 4 INCOMPLETE, 6 INVALID, 8 INCONCLUSIVE. The shards' runs are crafted summaries (see [[ShardScripts]]); the
  * merge is the real ResultsCli. RehearsalEndToEndTest makes the real load, and passes.
  */
class ShardScriptsExitCodesTest {
  private val thresholdsOption = s"-Dthresholds=${ShardScripts.thresholds}"

  private def passing(index: Int, count: Int = 2) = CraftedShard(Some(ShardScripts.summary(index, count)), 0)

  private def merge(shards: Seq[CraftedShard], env: Map[String, String] = Map.empty): Outcome =
    ShardScripts.merge(ShardScripts.shardFolders(shards), shards.size, env)

  private def assertExit(expected: Int, outcome: Outcome, why: String): Unit =
    assertEquals(expected, outcome.code, s"$why:\n${outcome.output}")

  @Test
  def mergeExitsWithTheMergedVerdict(): Unit = {
    val pass = merge(Seq(passing(1), passing(2)))
    assertExit(0, pass, "two passing shards")
    assertTrue(pass.output.contains("results: gate PASS"), pass.output)
    assertFalse(pass.output.contains("unbound variable"), pass.output)

    val slow = CraftedShard(Some(ShardScripts.summary(2, slowMs = Some(5000))), 2)
    assertExit(1, merge(Seq(passing(1), slow)), "a p99 over its limit in shard 2")

    val few = (1 to 2).map(i => CraftedShard(Some(ShardScripts.summary(i, answers = 20)), 0))
    assertExit(8, merge(few), "40 answers cannot bound their p99: INCONCLUSIVE")

    val cut = CraftedShard(Some(ShardScripts.incomplete(ShardScripts.summary(1))), 4)
    assertExit(4, merge(Seq(cut, passing(2))), "shard 1 did not complete its plan")

    val saturated = merge(Seq(passing(1), CraftedShard(Some(ShardScripts.summary(2)), 6)))
    assertExit(6, saturated, "shard 2's injector was saturated, the merged gate passed")
    assertTrue(saturated.output.contains("was INVALID: its injector was saturated"), saturated.output)

    // A FAIL keeps its code beside an INVALID shard: the gate fails either way, the line names the shard.
    assertExit(1, merge(Seq(CraftedShard(Some(ShardScripts.summary(1)), 6), slow)), "FAIL and INVALID")
  }

  @Test
  def mergeWithoutEveryShardsRunGivesNoVerdict(): Unit = {
    val missing = merge(Seq(passing(1, 3), passing(2, 3)))
    val results = ShardScripts.shardFolders(Seq(passing(1, 3), passing(2, 3)))
    val threeOfTwo = ShardScripts.run(
      "merge.sh",
      Map(
        "LOADTEST_SHARDS" -> "3",
        "LOADTEST_RUN_ID" -> "crafted",
        "LOADTEST_RESULTS" -> results.toString,
        "LOADTEST_CLASSPATH" -> ShardScripts.classpath
      )
    )
    assertExit(2, threeOfTwo, "shard 3 never finished")
    assertTrue(threeOfTwo.output.contains(s"shard 3/3 ($results/shard-3) missing"), threeOfTwo.output)
    assertExit(2, missing, "shards of 3, merged as 2")

    val foreign = CraftedShard(Some(ShardScripts.summary(2, simulation = "EolSimulation")), 0)
    val refused = merge(Seq(passing(1), foreign))
    assertExit(2, refused, "shard 2 is a run of another simulation")
    assertTrue(refused.output.contains("is a run of EolSimulation, not of RaidSimulation"), refused.output)

    val crashed = merge(Seq(passing(1), CraftedShard(None, 5)))
    assertExit(2, crashed, "shard 2 left no run")
    assertTrue(crashed.output.contains("left no run (exit code 5)"), crashed.output)

    // An earlier run's folder beside this run's (LOADTEST_RESULTS used again) is not this run's.
    val again = ShardScripts.shardFolders(Seq(passing(1), passing(2)))
    ShardScripts.write(
      again.resolve("shard-2").resolve("earlier-run"),
      ShardScripts.summary(2, slowMs = Some(5000))
    )
    assertExit(0, mergeIn(again, 2), "shard 2's earlier run is left out: this run's passed")
    val earlierOnly = ShardScripts.shardFolders(Seq(passing(1), CraftedShard(None, 5)))
    ShardScripts.write(earlierOnly.resolve("shard-2").resolve("earlier-run"), ShardScripts.summary(2))
    val noRunNow = mergeIn(earlierOnly, 2)
    assertExit(2, noRunNow, "shard 2 left no run this time, only an earlier run's folder")
    assertTrue(noRunNow.output.contains(s"shard 2/2 ($earlierOnly/shard-2) left no run (exit code 5)"), noRunNow.output)

    // A shard whose script was stopped before it wrote its exit code (its JVM may have archived a run).
    val unfinished = ShardScripts.shardFolders(Seq(passing(1), passing(2)))
    Files.delete(unfinished.resolve("shard-2/exit-code"))
    val cut = mergeIn(unfinished, 2)
    assertExit(2, cut, "shard 2 has no exit-code")
    assertEquals(
      s"merge: shard 2/2 ($unfinished/shard-2) did not finish: no exit-code (stopped before its script wrote it?)",
      cut.output.trim
    )

    // Shards of two runs: shard 2's folder holds another run's (one that ran into this LOADTEST_RESULTS before).
    val mixed = ShardScripts.shardFolders(Seq(passing(1, 3), passing(2, 3).copy(runId = "run-b"), passing(3, 3)))
    val named = mergeIn(mixed, 3)
    assertExit(2, named, "shards of two runs")
    assertEquals(
      s"merge: shard 2/3 ($mixed/shard-2) holds run run-b, not run crafted: another run's, left in this LOADTEST_RESULTS",
      named.output.trim
    )
    assertEquals(Seq("shard-1", "shard-2", "shard-3"), ShardScripts.entries(mixed), "nothing merged")
  }

  private def mergeIn(results: Path, shards: Int, env: Map[String, String] = Map.empty): Outcome =
    ShardScripts.merge(results, shards, env)

  /** Every file under `dir` with its text: what a script must leave as it was. */
  private def contents(dir: Path): Map[Path, String] =
    Using.resource(Files.walk(dir))(_.iterator.asScala.filter(Files.isRegularFile(_)).map(f => f -> Files.readString(f))
      .toMap)

  @Test
  def aMergeNeverTakesTheLastRunsShardsLeftInItsFolderForItsRuns(): Unit = {
    // Last night's shards, finished and passing, in a LOADTEST_RESULTS used again; tonight's merge starts first.
    val reused = ShardScripts.shardFolders(Seq(passing(1), passing(2)).map(_.copy(runId = "last-night")))
    val before = contents(reused)
    val started = System.nanoTime()
    val stale = mergeIn(reused, 2, Map("LOADTEST_RUN_ID" -> "tonight", "LOADTEST_MERGE_WAIT_SECONDS" -> "6"))
    assertExit(2, stale, "no shard of tonight's run")
    assertTrue(System.nanoTime() - started >= 6000000000L, "it waited for tonight's shards")
    assertEquals(
      (1 to 2).map(i =>
        s"shard $i/2 ($reused/shard-$i) holds run last-night, not run tonight: another run's, left in this LOADTEST_RESULTS"
      ).mkString("merge: ", "; ", ""),
      stale.output.trim
    )
    // Tonight's shard leaves the folder as it is.
    val (refused, _) = shard("0", Seq(passing(1), passing(2)), Map("LOADTEST_RUN_ID" -> "tonight"), results = reused)
    assertExit(3, refused, "a folder holding another run's shards")
    assertEquals(
      s"shard: $reused holds the shards of another run (last-night in $reused/shard-1/run-id): give this run a " +
        "folder of its own (a new LOADTEST_RESULTS)",
      refused.output.trim
    )
    assertEquals(before, contents(reused), "nothing merged, written or removed")

    // The merge waits for this run's shards: shard 2 comes while it waits, and the run is merged.
    val arriving = ShardScripts.shardFolders(Seq(passing(1), passing(2)))
    val later = Files.createTempDirectory("shard-2-later-")
    Files.move(arriving.resolve("shard-2"), later.resolve("shard-2"))
    implicit val ec: ExecutionContext = ExecutionContext.global
    val waiting = Future(mergeIn(arriving, 2, Map("LOADTEST_MERGE_WAIT_SECONDS" -> "600")))
    Thread.sleep(2000)
    assertFalse(waiting.isCompleted, "the merge waits for shard 2")
    Files.move(later.resolve("shard-2"), arriving.resolve("shard-2"))
    assertExit(0, Await.result(waiting, 5.minutes), "shard 2 came while the merge waited")
    assertTrue(ShardScripts.mergedRun(arriving).nonEmpty, "merged")

    // The same merge applied again, its run id and folder unchanged (a Job applied again as it was): that run was
    // judged, and its shards are never taken for a new run's.
    val judged = contents(arriving)
    val again = mergeIn(arriving, 2, Map("LOADTEST_MERGE_WAIT_SECONDS" -> "600"))
    assertExit(2, again, "the run was judged before")
    assertEquals(
      s"merge: run crafted was judged in $arriving before ($arriving/judged-run-id): its shards there are that " +
        "run's; give a new run a LOADTEST_RUN_ID and a LOADTEST_RESULTS of its own",
      again.output.trim
    )
    val (rerun, _) = shard("0", Seq(passing(1), passing(2)), results = arriving)
    assertExit(3, rerun, "a shard of the judged run again")
    assertEquals(
      s"shard: run crafted was judged in $arriving before ($arriving/judged-run-id): give a new run a " +
        "LOADTEST_RUN_ID and a LOADTEST_RESULTS of its own",
      rerun.output.trim
    )
    assertEquals(judged, contents(arriving), "nothing merged or run again")
  }

  @Test
  def shardsOfNoKnownCommitAreRefusedUnlessTheSettingAllowsThem(): Unit = {
    def unknown(i: Int) = {
      val run = ShardScripts.summary(i)
      CraftedShard(Some(run.copy(run = run.run.copy(gitCommit = "unknown"))), 0)
    }
    val refused = merge(Seq(unknown(1), unknown(2)))
    assertExit(2, refused, "images built without LOADTEST_GIT_COMMIT")
    assertTrue(refused.output.contains("was built from no known commit"), refused.output)
    val allowed = Map("LOADTEST_OPTS" -> s"$thresholdsOption -Dresults.merge.allowUnknownCommit=true")
    assertExit(0, merge(Seq(unknown(1), unknown(2)), allowed), "allowed by the setting")
  }

  @Test
  def mergeOnBadInputExitsThree(): Unit = {
    val stopped = merge(Seq(passing(1), CraftedShard(None, 3)))
    assertExit(3, stopped, "shard 2 stopped on its bad input before any load")
    assertTrue(stopped.output.contains("left no run (exit code 3)"), stopped.output)
    val results = Files.createTempDirectory("sharded-").toString
    val noCount = ShardScripts.run("merge.sh", Map("LOADTEST_RESULTS" -> results, "LOADTEST_CLASSPATH" -> "x"))
    assertExit(3, noCount, "LOADTEST_SHARDS unset")
    assertEquals("merge: LOADTEST_SHARDS is not set: the shard count", noCount.output.trim)
    val noRunId = ShardScripts.run(
      "merge.sh",
      Map("LOADTEST_SHARDS" -> "2", "LOADTEST_RESULTS" -> results, "LOADTEST_CLASSPATH" -> "x")
    )
    assertExit(3, noRunId, "LOADTEST_RUN_ID unset")
    assertEquals(
      "merge: LOADTEST_RUN_ID is not set: the id of the run to merge, the one its shards were given",
      noRunId.output.trim
    )
    Seq("0", "two", "-3", "03").foreach { n =>
      val outcome =
        ShardScripts.run(
          "merge.sh",
          Map(
            "LOADTEST_SHARDS" -> n,
            "LOADTEST_RUN_ID" -> "crafted",
            "LOADTEST_RESULTS" -> results,
            "LOADTEST_CLASSPATH" -> "x"
          )
        )
      assertExit(3, outcome, s"LOADTEST_SHARDS=$n")
    }
    assertExit(3, merge(Seq(passing(1), passing(2)), Map("LOADTEST_MERGE_WAIT_SECONDS" -> "soon")), "wait")
  }

  private def shard(
      index: String,
      crafted: Seq[CraftedShard],
      env: Map[String, String] = Map.empty,
      results: Path = Files.createTempDirectory("sharded-")
  ): (Outcome, Path) = {
    val outcome = ShardScripts.run(
      "shard.sh",
      Map(
        "JOB_COMPLETION_INDEX" -> index,
        "LOADTEST_SHARDS" -> crafted.size.toString,
        "LOADTEST_RUN_ID" -> "crafted",
        "LOADTEST_SIMULATION" -> "simulations.RaidSimulation",
        "LOADTEST_RESULTS" -> results.toString,
        "LOADTEST_CLASSPATH" -> ShardScripts.classpath,
        "CRAFTED_RUNS" -> ShardScripts.craftedRuns(crafted).toString,
        "PATH" -> ShardScripts.path(ShardScripts.standIns())
      ) ++ env
    )
    (outcome, results)
  }

  @Test
  def aShardExitsZeroWhenItsRunWasArchivedAndOtherwiseNamesWhy(): Unit = {
    def exitCodeFile(results: Path) = Files.readString(results.resolve("shard-2/exit-code")).trim
    val failed = CraftedShard(Some(ShardScripts.summary(2, slowMs = Some(5000))), 2)
    Seq(0, 2, 4, 6).foreach { code =>
      val (outcome, results) = shard("1", Seq(passing(1), failed.copy(code = code)))
      assertExit(0, outcome, s"an archived run whose JVM exited $code: the merge judges it")
      assertEquals(code.toString, exitCodeFile(results), "the run's own code, for the merge")
      assertTrue(Files.isRegularFile(results.resolve("shard-2/crafted-run/summary.json")))
      assertEquals("crafted-run", Files.readString(results.resolve("shard-2/run")).trim, "this run's folder")
      assertEquals("crafted", Files.readString(results.resolve("shard-2/run-id")).trim)
      assertEquals(
        Nil,
        ShardScripts.gatlingFolders(results.resolve("shard-2")),
        "Gatling's folder is removed once the run is archived"
      )
    }
    // Not archived: Gatling's folder stays, with the run's only simulation.log, and the line says where.
    Seq(5 -> 5, 143 -> 143, 0 -> 2).foreach { case (code, expected) =>
      val (outcome, results) = shard("1", Seq(passing(1), CraftedShard(None, code)))
      assertExit(expected, outcome, s"no run archived, the JVM exited $code")
      val Seq(kept) = ShardScripts.gatlingFolders(results.resolve("shard-2")): @unchecked
      val log = kept.resolve("crafted-run/simulation.log")
      assertEquals("crafted", Files.readString(log).trim, "the run's log is kept")
      assertEquals(
        s"shard 2/2: no run archived in $results/shard-2 (exit code $code); its log is kept: $log",
        outcome.output.linesIterator.toSeq.last
      )
      assertEquals(code.toString, exitCodeFile(results))
    }
    // Stopped on its bad input before any load: no log, so no Gatling folder either.
    val (badInput, results) = shard("1", Seq(passing(1), CraftedShard(None, 3)))
    assertExit(3, badInput, "no run archived, the JVM stopped on its bad input")
    assertEquals(
      s"shard 2/2: no run archived in $results/shard-2 (exit code 3)",
      badInput.output.linesIterator.toSeq.last
    )
    assertEquals(Nil, ShardScripts.gatlingFolders(results.resolve("shard-2")))
    assertEquals("3", exitCodeFile(results))
    // Run again into the same folder, without a common start: the first run's folder is there, this run archives
    // none.
    val (first, reused) = shard("1", Seq(passing(1), passing(2)))
    assertExit(0, first, "the first run")
    val (second, _) = shard("1", Seq(passing(1), CraftedShard(None, 5)), results = reused)
    assertExit(5, second, "the second run archived nothing: the first run's folder is not its")
    assertFalse(Files.exists(reused.resolve("shard-2/run")), "no run named")
  }

  @Test
  def aRunIdIsUsedOnce(): Unit = {
    // The last run's shards ended here, but its merge never gave a verdict (it gave up waiting); config.yaml is
    // applied again as it was, run id and folder unchanged, its shards meeting at the rendezvous.
    val rendezvous = Map("LOADTEST_START" -> "rendezvous")
    val reused = ShardScripts.shardFolders(Seq(passing(1), passing(2)))
    val before = contents(reused)
    val (refused, _) = shard("0", Seq(passing(1), passing(2)), rendezvous, results = reused)
    assertExit(3, refused, "a shard of this run id ended here before")
    assertEquals(
      s"shard: run crafted has run in $reused before ($reused/shard-1/exit-code): a run id is used once; give a new " +
        "run a LOADTEST_RUN_ID and a LOADTEST_RESULTS of its own",
      refused.output.trim
    )
    assertEquals(before, contents(reused), "nothing written or removed")
    // So the merge of that id, however early it starts, merges the shards of the one run that had it.
    assertExit(0, mergeIn(reused, 2), "the last run's shards, the run the merge names")
    assertEquals(
      Seq("crafted-1-2", "crafted-2-2"),
      ShardScripts.mergedRun(reused).get.run.mergedFrom,
      "the merged run is the last run's shards"
    )

    // A shard of this run id that archived its run, though killed before it wrote its exit code: it ended too.
    val archived = ShardScripts.shardFolders(Seq(passing(1), passing(2)))
    Seq("shard-1", "shard-2").foreach(s => Files.delete(archived.resolve(s"$s/exit-code")))
    val (again, _) = shard("0", Seq(passing(1), passing(2)), rendezvous, results = archived)
    assertExit(3, again, "an archived run of this run id")
    assertTrue(again.output.contains(s"($archived/shard-1/crafted-1-2/summary.json)"), again.output)

    // A shard of this run that has started and not ended (it waits at the rendezvous, or loads): shard 1 joins it.
    val running = Files.createDirectories(Files.createTempDirectory("sharded-").resolve("shard-2"))
    Files.writeString(running.resolve("run-id"), "crafted\n")
    Files.createDirectories(running.resolve("gatling-20261207120000-Xk3pQ9"))
    val (joined, _) = shard("0", Seq(passing(1), passing(2)), rendezvous, results = running.getParent)
    assertExit(0, joined, "shard 2 of this run has not ended")
  }

  @Test
  def aShardOnBadInputExitsThreeBeforeAnyRun(): Unit = {
    val crafted = Seq(passing(1), passing(2))
    Seq(
      Map("JOB_COMPLETION_INDEX" -> "") -> "JOB_COMPLETION_INDEX is not set",
      Map("LOADTEST_SIMULATION" -> "") -> "LOADTEST_SIMULATION is not set",
      Map("LOADTEST_SHARDS" -> "three") -> "must be whole numbers",
      Map("JOB_COMPLETION_INDEX" -> "-1") -> "must be whole numbers",
      Map("JOB_COMPLETION_INDEX" -> "08") -> "without leading zeros",
      Map("LOADTEST_RUN_ID" -> "") -> "LOADTEST_RUN_ID is not set",
      Map("LOADTEST_START" -> "tomorrow") -> "LOADTEST_START must be rendezvous, an instant such as"
    ).foreach { case (env, message) =>
      val (outcome, results) = shard("0", crafted, env)
      assertExit(3, outcome, env.toString)
      assertTrue(outcome.output.contains(message), outcome.output)
      assertFalse(Files.exists(results.resolve("shard-1")), "no shard folder written")
    }
    val (beyond, _) = shard("2", crafted)
    assertExit(3, beyond, "index 2 of 2 shards")
  }

  private def rehearse(args: Seq[String], crafted: Seq[CraftedShard], env: Map[String, String] = Map.empty): Outcome =
    ShardScripts.run(
      "rehearse.sh",
      Map(
        "LOADTEST_RESULTS" -> Files.createTempDirectory("rehearsal-").toString,
        "LOADTEST_CLASSPATH" -> ShardScripts.classpath,
        "LOADTEST_TARGET" -> "crafted",
        "LOADTEST_OPTS" -> thresholdsOption,
        "CRAFTED_RUNS" -> ShardScripts.craftedRuns(crafted).toString,
        "PATH" -> ShardScripts.path(ShardScripts.standIns())
      ) ++ env,
      args: _*
    )

  @Test
  def aRehearsalExitsWithTheMergedVerdict(): Unit = {
    assertExit(0, rehearse(Seq("2"), Seq(passing(1), passing(2))), "two passing shards")
    val slow = CraftedShard(Some(ShardScripts.summary(2, slowMs = Some(5000))), 2)
    assertExit(1, rehearse(Seq("2"), Seq(passing(1), slow)), "shard 2 too slow")
    assertExit(6, rehearse(Seq("2"), Seq(passing(1), passing(2).copy(code = 6))), "shard 2 INVALID")
    assertExit(2, rehearse(Seq("2"), Seq(passing(1), CraftedShard(None, 5))), "shard 2 left no run")
    assertExit(3, rehearse(Seq("2"), Seq(passing(1), CraftedShard(None, 3))), "shard 2 on bad input")
  }

  @Test
  def twoRehearsalsStartedInTheSameSecondHaveAFolderEach(): Unit = {
    // Both see the same second; their folders are results/sharded-<that second>-<pid>.
    val second = "19990101000000"
    val env = Map("LOADTEST_RESULTS" -> "", "PATH" -> ShardScripts.path(ShardScripts.standIns(date = Some(second))))
    val crafted = Seq(passing(1), passing(2))
    val folders = Paths.get("results").toAbsolutePath
    def theirs = ShardScripts.entries(folders).filter(_.startsWith(s"sharded-$second")).map(folders.resolve)
    try {
      implicit val ec: ExecutionContext = ExecutionContext.global
      val outcomes = Await.result(Future.sequence(Seq.fill(2)(Future(rehearse(Seq("2"), crafted, env)))), 10.minutes)
      outcomes.foreach(outcome => assertExit(0, outcome, "a rehearsal in a folder of its own"))
      val named = outcomes.map(o =>
        """results: merged 2 shards into (\S+)/[^/]+-merged-""".r.findFirstMatchIn(o.output)
          .map(m => Paths.get(m.group(1))).getOrElse(fail(s"no merged run:\n${o.output}"))
      )
      assertEquals(theirs, named.sorted, "each merged its own folder")
      assertEquals(2, named.distinct.size, s"two folders: $named")
      val runIds = named.map(dir => (1 to 2).map(i => Files.readString(dir.resolve(s"shard-$i/run-id")).trim).distinct)
      assertTrue(runIds.forall(_.size == 1) && runIds.flatten.distinct.size == 2, s"a run id each: $runIds")
    } finally theirs.foreach(RunArchive.deleteTree)
  }

  @Test
  def anUnshardedRehearsalGivesItsRunsVerdictInTheMergesCodes(): Unit = {
    def one(shard: CraftedShard) = rehearse(Seq("1"), Seq(shard))
    val run = Some(ShardScripts.summary(1, 1))
    // The Gatling JVM's codes: 0 PASS, 2 FAIL, 4 INCOMPLETE, 6 INVALID, 8 INCONCLUSIVE, a signal's when stopped by one.
    Seq(0 -> 0, 2 -> 1, 4 -> 4, 6 -> 6, 8 -> 8, 143 -> 4, 5 -> 2).foreach { case (jvm, expected) =>
      assertExit(expected, one(CraftedShard(run, jvm)), s"the run archived, its JVM exited $jvm")
    }
    assertExit(3, one(CraftedShard(None, 3)), "no run: bad input")
    assertExit(2, one(CraftedShard(None, 5)), "no run: not archived")
    // A PASS is judged again with the merge's settings, as a merged run is: here a p99 limit its 100 ms breaks.
    val strict = FixtureRun.writeTemp("merge-thresholds", "thresholds { defaults { p99Ms = 50 } }")
    val judgedAgain = rehearse(Seq("1"), Seq(CraftedShard(run, 0)), Map("LOADTEST_OPTS" -> s"-Dthresholds=$strict"))
    assertExit(1, judgedAgain, "its JVM exited 0, the merge's thresholds fail it")
  }

  @Test
  def aRehearsalThatCannotStartExitsBeforeAnyShard(): Unit = {
    val crafted = Seq(passing(1), passing(2))
    Seq(Nil, Seq("two"), Seq("0")).foreach { args =>
      val outcome = rehearse(args, crafted)
      assertExit(3, outcome, s"arguments $args")
      assertTrue(outcome.output.contains("usage: deploy/rehearse.sh <N>"), outcome.output)
    }
    val stagger = rehearse(Seq("2"), crafted, Map("REHEARSAL_STAGGER_SECONDS" -> "soon"))
    assertExit(3, stagger, "a stagger that is no number")
    assertTrue(stagger.output.contains("REHEARSAL_STAGGER_SECONDS must be a whole number"), stagger.output)
    val sandbox = Map("LOADTEST_TARGET" -> "standalone-sandbox")
    assertExit(3, rehearse(Seq("2"), crafted, sandbox + ("CRAFTED_SANDBOX_CODE" -> "3")), "the sandbox's bad input")
    val broken = rehearse(Seq("2"), crafted, sandbox + ("CRAFTED_SANDBOX_CODE" -> "1"))
    assertExit(2, broken, "the sandbox died")
    assertTrue(broken.output.contains("rehearse: the sandbox did not start"), broken.output)
    // A folder given that holds another run's shards (an aborted rehearsal's, still to merge) is left as it is.
    val earlier = Files.createDirectories(Files.createTempDirectory("rehearsal-").resolve("shard-1"))
    Files.writeString(earlier.resolve("run-id"), "rehearsal-earlier\n")
    val taken = rehearse(Seq("2"), crafted, Map("LOADTEST_RESULTS" -> earlier.getParent.toString))
    assertExit(3, taken, "another run's shards in LOADTEST_RESULTS")
    assertEquals(
      s"rehearse: ${earlier.getParent} holds the shards of another run (rehearsal-earlier in $earlier/run-id): give " +
        "the rehearsal a folder of its own (unset LOADTEST_RESULTS: a new one)",
      taken.output.trim
    )
    assertEquals(Seq("run-id"), ShardScripts.entries(earlier))
    val same = Map("LOADTEST_RESULTS" -> earlier.getParent.toString, "LOADTEST_RUN_ID" -> "rehearsal-earlier")
    assertExit(0, rehearse(Seq("2"), crafted, same), "the same run's shards: the run again")
    val judged = rehearse(Seq("2"), crafted, same)
    assertExit(3, judged, "that run was judged")
    assertEquals(
      s"rehearse: run rehearsal-earlier was judged in ${earlier.getParent} before: give the rehearsal a folder and " +
        "a run id of its own (unset LOADTEST_RESULTS and LOADTEST_RUN_ID: new ones)",
      judged.output.trim
    )
    // A run id whose shards ended in that folder, though never judged: a run id is used once.
    val ended = ShardScripts.shardFolders(crafted.map(_.copy(runId = "rehearsal-ended")))
    val endedBefore = contents(ended)
    val reusedId = rehearse(
      Seq("2"),
      crafted,
      Map("LOADTEST_RESULTS" -> ended.toString, "LOADTEST_RUN_ID" -> "rehearsal-ended")
    )
    assertExit(3, reusedId, "that run id ran there")
    assertEquals(
      s"rehearse: run rehearsal-ended has run in $ended before ($ended/shard-1/exit-code): give the rehearsal a " +
        "folder and a run id of its own (unset LOADTEST_RESULTS and LOADTEST_RUN_ID: new ones)",
      reusedId.output.trim
    )
    assertEquals(endedBefore, contents(ended), "nothing merged or run")
    val noBuild = rehearse(
      Seq("2"),
      crafted,
      Map("LOADTEST_CLASSPATH" -> "", "PATH" -> ShardScripts.path(ShardScripts.standIns(failingBuild = true)))
    )
    assertExit(2, noBuild, "the build failed")
    assertTrue(noBuild.output.contains("rehearse: the build failed"), noBuild.output)
  }
}
