package deploy

import results.model.{ Problem, ProblemKind, RunShard, RunSummary }

import results.archive.SummaryJson

import java.nio.file.{ Files, Path, Paths }
import java.nio.file.attribute.PosixFilePermissions
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._
import scala.util.{ Try, Using }

import org.junit.jupiter.api.Assertions.fail

import testkit.{ CraftedSummaries, FixtureRun, TestJvm }

/** Runs deploy/shard.sh, deploy/merge.sh and deploy/rehearse.sh on crafted shard runs: a `java` placed first
  * on their PATH stands in for the Gatling JVM (and for the sandbox when asked to), archiving the run
  * crafted for its shard and exiting with the code crafted for it; every other `java` (ResultsCli's merge)
  * is the real one. The scripts' own logic is what these runs test; the load itself is another test's.
  */
object ShardScripts {
  final case class Outcome(code: Int, output: String)

  /** What one shard's stand-in Gatling JVM does: archive `run` (if any), then exit with `code`; `runId` is the
    * sharded run's id its folder carries (shard-i/run-id).
    */
  final case class CraftedShard(run: Option[RunSummary], code: Int, runId: String = "crafted")

  private val realJava = Paths.get(System.getProperty("java.home"), "bin", "java")

  private val standIn =
    s"""#!/usr/bin/env bash
       |# The Gatling JVM of shard i: a simulation.log in -Dsuite.gatlingResultsDir (but on bad input, 3: no load),
       |# its crafted run into -Dsuite.resultsDir, then its crafted exit code. At a rendezvous, as the real JVM, it
       |# ends no sooner than every shard of the run has started (its run-id written), 60 s at most.
       |case " $$* " in
       |  *" io.gatling.app.Gatling "*)
       |    i=$${LOADTEST_SHARD%/*}
       |    code=$$(cat "$$CRAFTED_RUNS/shard-$$i/code")
       |    meet=
       |    for arg in "$$@"; do
       |      case "$$arg" in
       |        -Dsuite.resultsDir=*) results=$${arg#*=} ;;
       |        -Dsuite.gatlingResultsDir=*) gatling=$${arg#*=} ;;
       |        -Dshards.rendezvous=*) meet=$${arg#*=} ;;
       |      esac
       |    done
       |    for _ in $$(seq 600); do
       |      [ -z "$$meet" ] || [ "$$(cat "$$meet"/shard-*/run-id 2> /dev/null | wc -l)" -ge "$${LOADTEST_SHARD#*/}" ] && break
       |      sleep 0.1
       |    done
       |    if [ "$$code" != 3 ]; then mkdir "$$gatling/crafted-run" && echo crafted > "$$gatling/crafted-run/simulation.log"; fi
       |    if [ -d "$$CRAFTED_RUNS/shard-$$i/run" ]; then cp -r "$$CRAFTED_RUNS/shard-$$i/run" "$$results/crafted-run"; fi
       |    exit "$$code" ;;
       |  *" simulations.StandaloneSandbox "*)
       |    if [ -n "$${CRAFTED_SANDBOX_CODE:-}" ]; then exit "$$CRAFTED_SANDBOX_CODE"; fi ;;
       |esac
       |exec "$realJava" ${TestJvm.options.mkString(" ")} "$$@"
       |""".stripMargin

  private val failingMaven = "#!/usr/bin/env bash\necho 'crafted: the build failed' >&2\nexit 1\n"

  private def executable(dir: Path, name: String, text: String): Path = {
    val file = dir.resolve(name)
    Files.writeString(file, text)
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"))
    file
  }

  /** A folder of stand-ins for PATH: `java` always, `mvn` (failing) when asked, `date` printing `date` when given. */
  def standIns(failingBuild: Boolean = false, date: Option[String] = None): Path = {
    val dir = Files.createTempDirectory("stand-ins-")
    executable(dir, "java", standIn)
    if (failingBuild) executable(dir, "mvn", failingMaven)
    date.foreach(d => executable(dir, "date", s"#!/usr/bin/env bash\necho $d\n"))
    dir
  }

  /** Thresholds every crafted run meets but a slow one (p99 over 1 s). */
  val thresholds: Path = FixtureRun.writeTemp("shard-thresholds", "thresholds { defaults { p99Ms = 1000 } }")

  def summary(
      index: Int,
      count: Int = 2,
      simulation: String = "RaidSimulation",
      slowMs: Option[Int] = None,
      answers: Int = 400
  ): RunSummary = {
    // enough answers for the gate to decide their p99 (368 at least bound it from above): 100 ms passes, a
    // slow shard's 20 answers (over 1 % of 820) put its interval wholly above the limit
    val times = Seq.fill(answers)(100) ++ slowMs.toSeq.flatMap(ms => Seq.fill(20)(ms))
    CraftedSummaries.summary(
      simulation,
      Map(List("mint raid") -> CraftedSummaries.ok(times: _*)),
      shard = RunShard.Part(index, count),
      runId = s"crafted-$index-$count"
    )
  }

  def incomplete(run: RunSummary): RunSummary =
    run.copy(completion =
      run.completion.copy(problems =
        Seq(Problem.ofRun(ProblemKind.JourneysUnfinished, "users still mid-journey at the time limit"))
      )
    )

  def write(dir: Path, run: RunSummary): Path = {
    val runDir = Files.createDirectories(dir)
    Files.writeString(runDir.resolve("summary.json"), SummaryJson.write(run))
    runDir
  }

  /** A results folder as the shards leave it: shard-i/<run>/summary.json, and shard-i/run (naming <run>),
    * shard-i/run-id and shard-i/exit-code.
    */
  def shardFolders(shards: Seq[CraftedShard]): Path = {
    val results = Files.createTempDirectory("sharded-")
    shards.zipWithIndex.foreach { case (shard, index) =>
      val dir = Files.createDirectories(results.resolve(s"shard-${index + 1}"))
      shard.run.foreach { run =>
        write(dir.resolve(run.run.runId), run)
        Files.writeString(dir.resolve("run"), s"${run.run.runId}\n")
      }
      Files.writeString(dir.resolve("run-id"), s"${shard.runId}\n")
      Files.writeString(dir.resolve("exit-code"), s"${shard.code}\n")
    }
    results
  }

  /** The stand-ins' input: shard-i/run/ (the run to archive) and shard-i/code, for CRAFTED_RUNS. */
  def craftedRuns(shards: Seq[CraftedShard]): Path = {
    val dir = Files.createTempDirectory("crafted-runs-")
    shards.zipWithIndex.foreach { case (shard, index) =>
      val shardDir = Files.createDirectories(dir.resolve(s"shard-${index + 1}"))
      shard.run.foreach(write(shardDir.resolve("run"), _))
      Files.writeString(shardDir.resolve("code"), shard.code.toString)
    }
    dir
  }

  /** Runs `deploy/<script> args` from the repository root with only `env` of the LOADTEST_ variables. */
  def run(script: String, env: Map[String, String], args: String*): Outcome = {
    val log = Files.createTempFile(s"${script.stripSuffix(".sh")}-", ".log")
    val builder = new ProcessBuilder((s"deploy/$script" +: args).asJava)
      .redirectErrorStream(true)
      .redirectOutput(log.toFile)
    val environment = builder.environment()
    environment.keySet.removeIf(k =>
      k.startsWith("LOADTEST_") || k.startsWith("REHEARSAL_") || k == "JOB_COMPLETION_INDEX"
    )
    environment.putAll(env.asJava)
    val process = builder.start()
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.descendants().forEach(p => { p.destroyForcibly(); () })
      process.destroyForcibly()
      fail(s"deploy/$script still running after 5 minutes: $log")
    }
    Outcome(process.exitValue, Files.readString(log))
  }

  /** deploy/merge.sh of the run "crafted" in `results` (as [[shardFolders]] leaves it), under [[thresholds]]. */
  def merge(results: Path, shards: Int, env: Map[String, String] = Map.empty): Outcome =
    run(
      "merge.sh",
      Map(
        "LOADTEST_SHARDS" -> shards.toString,
        "LOADTEST_RUN_ID" -> "crafted",
        "LOADTEST_RESULTS" -> results.toString,
        "LOADTEST_CLASSPATH" -> classpath,
        "LOADTEST_OPTS" -> s"-Dthresholds=$thresholds"
      ) ++ env
    )

  def path(standIns: Path): String = s"$standIns:${System.getenv("PATH")}"

  /** Every process's id and command line, read from /proc/<pid>/cmdline, whole: ProcessHandle.Info gives no command
    * line for a JVM with a long classpath.
    */
  private def commandLines: Seq[(Long, String)] =
    Using.resource(Files.list(Paths.get("/proc")))(_.iterator.asScala.filter(_.getFileName.toString.forall(_.isDigit))
      .toSeq).flatMap { dir =>
      Try(new String(Files.readAllBytes(dir.resolve("cmdline"))).replace('\u0000', ' ')).toOption
        .map(dir.getFileName.toString.toLong -> _)
    }

  /** The command lines that hold `text` (a run's results folder): the JVMs a run left running. */
  def processesHolding(text: String): Seq[String] = commandLines.map(_._2).filter(_.contains(text))

  /** The processes whose command lines hold every one of `texts`. */
  def pidsHolding(texts: String*): Seq[Long] = commandLines.collect {
    case (pid, line) if texts.forall(line.contains) => pid
  }

  /** `kill -<name> <pid>`, or to the process group `pid` leads (`setsid`) as a terminal's Ctrl-C reaches it. */
  def signal(name: String, pid: Long, group: Boolean): Unit = {
    val target = if (group) s"-$pid" else pid.toString
    val kill = new ProcessBuilder("kill", s"-$name", "--", target).inheritIO().start()
    assert(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue == 0, s"kill -$name $target failed")
  }

  private val GlobalLine = """(?m)^> Global\s+\|\s+([\d,]+)\s+\|""".r

  /** A Gatling console's progress counts (`> Global | <total> | ...`), oldest first. */
  def consoleCounts(text: String): Seq[Long] =
    GlobalLine.findAllMatchIn(text).map(_.group(1).replace(",", "").toLong).toSeq

  /** The names in `dir`, sorted. */
  def entries(dir: Path): Seq[String] =
    Using.resource(Files.list(dir))(_.iterator.asScala.map(_.getFileName.toString).toSeq.sorted)

  /** The Gatling folders deploy/shard.sh left in a shard's folder (gatling-<time>-*). */
  def gatlingFolders(shardDir: Path): Seq[Path] =
    entries(shardDir).filter(_.startsWith("gatling-")).map(shardDir.resolve)

  /** The merged run in `results`, if the merge wrote one. */
  def mergedRun(results: Path): Option[RunSummary] =
    Using.resource(Files.list(results))(_.iterator.asScala.find(_.getFileName.toString.contains("-merged-")).toSeq)
      .headOption.map(dir => SummaryJson.read(dir.resolve("summary.json")))

  def classpath: String = System.getProperty("java.class.path")
}
