package docs

import scala.util.Try

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** Every command the documentation shows (docs.ShownCommands) is run by a test, or names the test class that
  * runs it, or says why it cannot run here; a command shown without an entry below fails this test, naming its
  * file and line, and so does an entry no document shows any more.
  */
class DocCommandsTest {
  import DocCommandsTest._

  private val shown = ShownCommands.all

  @Test def everyCommandShownHasAnEntry(): Unit = {
    val missing = shown.filterNot(c => Entries.contains(normal(c.command)))
    assertTrue(
      missing.isEmpty,
      s"commands shown without an entry in docs.DocCommandsTest.Entries (run it, name its test, or say why not):\n${missing.mkString("\n")}"
    )
  }

  @Test def everyEntryIsAShownCommand(): Unit = {
    val stale = Entries.keySet -- shown.map(c => normal(c.command))
    assertTrue(stale.isEmpty, s"entries no document shows: ${stale.mkString(", ")}")
  }

  @Test def everyTestNamedExists(): Unit =
    Entries.values.collect { case RunBy(c) => c }.toSeq.distinct.foreach { c =>
      assertTrue(Try(Class.forName(c)).isSuccess, s"no test class $c")
    }

  @Test def theQuickStartAndTheSandboxCommandsAreFound(): Unit = {
    val commands = shown.map(_.command)
    Seq(
      "mvn gatling:test",
      "mvn -q test-compile exec:java -Dexec.mainClass=simulations.StandaloneSandbox",
      "BENCH_SMOKE=1 bench/all-peaks.sh",
      "deploy/rehearse.sh <N> [simulation class] [profile]"
    ).foreach(c => assertTrue(commands.contains(c), s"'$c' not found in $commands"))
  }

  @Test def aMarkdownShellBlockIsReadLineByLineWithoutComments(): Unit = {
    val text =
      Seq("```sh", "mvn a   # why", "# only a comment", "", "mvn b \\", "  -Dx=1", "```", "```", "not a command", "```")
    assertEquals(
      Seq(ShownCommand("f.md", 2, "mvn a"), ShownCommand("f.md", 5, "mvn b -Dx=1")),
      ShownCommands.inMarkdown("f.md", text)
    )
  }

  @Test def aScriptHeaderShowsCommandsByItsConvention(): Unit = {
    val text = Seq(
      "#!/usr/bin/env bash",
      "# What it does, naming bench/other.sh in passing. Usage: bench/x.sh [options]   (DEFAULTS=1)",
      "# e.g. bench/x.sh 3",
      "# BENCH_SMOKE=1 bench/x.sh: a few seconds",
      "#   bench/x.sh <port> \\",
      "#     <rate>",
      "#   NOT_A_COMMAND  a table of settings",
      "# deploy/y.sh runs it, in prose",
      "set -e",
      "# Usage: after the header"
    )
    assertEquals(
      Seq("bench/x.sh [options]", "bench/x.sh 3", "BENCH_SMOKE=1 bench/x.sh", "bench/x.sh <port> <rate>"),
      ShownCommands.inScriptHeader("x.sh", text).map(_.command)
    )
  }
}

object DocCommandsTest {
  sealed trait Entry

  /** The test class that runs the command (with the substitutions it says), or its smoke form. */
  final case class RunBy(testClass: String) extends Entry

  /** Why it cannot run here; the doc says so too, and what runs instead. */
  final case class NotHere(reason: String) extends Entry

  def normal(command: String): String = command.trim.replaceAll("\\s+", " ")

  private val Smoke = RunBy("docs.BenchSmokeTest")
  private val Sandbox = RunBy("docs.StandaloneSandboxDocTest")
  private val Cli = RunBy("docs.ResultsCliDocTest")
  private val History = RunBy("docs.HistoryCliDocTest")
  private val NewSystem = NotHere(
    "<System> stands for a system being added; the toy, registered the same way, runs in testkit.toy.ToyRegistrationEndToEndTest"
  )
  private val Demo =
    NotHere("it sends load to the real DEMO environment; the same run against the sandbox is the default")

  /** Each command as shown, whitespace collapsed. */
  val Entries: Map[String, Entry] = Map(
    // README: Quick start
    "mvn gatling:test" -> RunBy("docs.QuickStartTest"),
    "mvn test" -> NotHere("the unit part of what .ci/run runs (mvn -B -ntp test -Pintegration), which runs this test"),
    "mvn test -Pintegration" -> NotHere(
      "this is what .ci/run runs (mvn -B -ntp test -Pintegration), and so what runs this test"
    ),
    // README and docs/running.md: one system, its plan
    "mvn gatling:test -Dgatling.simulationClass=simulations.RaidSimulation -Dprofile=reference" ->
      RunBy("simulations.PlanFiguresTest"),
    "mvn gatling:test -Dgatling.simulationClass=simulations.RaidSimulation -Dprofile=reference -DplanOnly=true" ->
      RunBy("simulations.PlanFiguresTest"),
    // README and docs/targets.md: DEMO; README and docs/gate.md: the release gate
    "export RAID_API_TOKEN=..." -> Demo,
    "mvn gatling:test -Dtarget=demo -Dgatling.simulationClass=simulations.RaidSimulation -Dprofile=reference" -> Demo,
    "mvn verify -Dtarget=demo -Dgatling.simulationClass=simulations.RaidSimulation -Dprofile=reference" -> Demo,
    // docs/sandbox.md and docs/systems/eroll.md: the sandbox in its own JVM, and a run against it
    "mvn -q test-compile exec:java -Dexec.mainClass=simulations.StandaloneSandbox" -> Sandbox,
    "mvn gatling:test -Dtarget=standalone-sandbox -Dgatling.simulationClass=simulations.RaidSimulation" -> Sandbox,
    "mvn -q test-compile exec:java -Dexec.mainClass=simulations.StandaloneSandbox -Dsandbox.eroll.port=18083" -> Sandbox,
    "mvn gatling:test -Dtarget=standalone-sandbox -Dgatling.simulationClass=simulations.ERollSimulation" -> Sandbox,
    // docs/adding-a-system.md: the checks of a new system, named <System>
    "mvn test -Dtest='ReadmeTest,AllPeaksProfilesTest,<System>SimulationEndToEndTest'" -> NewSystem,
    "mvn gatling:test -Dgatling.simulationClass=simulations.<System>Simulation -DplanOnly=true" -> NewSystem,
    "mvn gatling:test -Dgatling.simulationClass=simulations.<System>Simulation -Dprofile=smoke" -> NewSystem,
    // README and docs/live-view.md: live view and Graphite
    "mvn gatling:test -Dlive.port=9400" -> RunBy("live.LiveViewEndToEndTest"),
    "mvn gatling:test -Dlive.enabled=false" -> RunBy("live.LiveSettingsTest"),
    "mvn gatling:test -Dlive.host=0.0.0.0" -> RunBy("live.LiveSettingsTest"),
    "ssh -L 9400:127.0.0.1:9400 injector-host" -> NotHere("a tunnel from another machine: none here"),
    "mvn gatling:test -Dgraphite.host=metrics.example -Dgraphite.port=2003 -Dgraphite.rootPathPrefix=loadtest.nightly" ->
      RunBy("live.LiveViewEndToEndTest"),
    // docs/results-cli.md
    "CLI='mvn -q test-compile exec:java -Dexec.mainClass=results.ResultsCli'" -> Cli,
    "$CLI -Dexec.args=\"summarize results/<run>\"" -> Cli,
    "$CLI -Dexec.args=\"gate results/<run> --baseline <other-run>\"" -> Cli,
    "$CLI -Dexec.args=\"compare results/<runA> results/<runB>\"" -> Cli,
    "$CLI -Dexec.args=\"merge results/<shard1> results/<shard2> ...\"" -> Cli,
    "$CLI -Dexec.args=\"index\"" -> Cli,
    // docs/history.md
    "$CLI -Dexec.args=\"history add results/<run>\"" -> History,
    "$CLI -Dexec.args=\"history list\"" -> History,
    "$CLI -Dexec.args=\"history changes --since 2026-11-01 --json\"" -> History,
    "$CLI -Dexec.args=\"history import past-figures.csv --simulation RaidSimulation --target demo --profile reference\"" ->
      History,
    "$CLI -Dexec.args=\"history accept <run> --system raid --path mint --metric p99 --reason signing-step-added\"" ->
      History,
    // docs/sandbox.md: faults; docs/systems/key-all.md: the lock race
    "mvn gatling:test -Dsandbox.raid.faults.serverErrorPercent=5 -Dsandbox.raid.faults.slowPercent=10 -Dsandbox.raid.faults.slowDelay=8s" ->
      RunBy("sandbox.FaultsEndToEndTest"),
    "mvn gatling:test -Dgatling.simulationClass=simulations.RaidSimulation -Dsandbox.stubs.faultOverrides.apids-mint-handle.serverErrorPercent=100" ->
      RunBy("sandbox.StubFaultsEndToEndTest"),
    "mvn gatling:test -Dgatling.simulationClass=simulations.KeyAllSimulation -Dprofile=lock-race -Dsandbox.key-all.lockMode=racy" ->
      RunBy("simulations.KeyAllLockingEndToEndTest"),
    // README and deploy/: the rehearsal runs shard.sh and merge.sh as the pods do
    "deploy/rehearse.sh <N> [simulation class] [profile]" -> RunBy("deploy.RehearsalEndToEndTest"),
    "deploy/rehearse.sh 3 simulations.RaidSimulation smoke" -> RunBy("deploy.RehearsalEndToEndTest"),
    // bench/: every benchmark in its smoke mode (BENCH_SMOKE=1), the forms with options included
    "bench/standalone-run.sh \"<sandbox -D options>\" <simulation class> <profile> <target users/s> [request name ...] -- [extra -D options for the run]" -> Smoke,
    "bench/reference.sh" -> Smoke,
    "bench/reference.sh [extra -D options for the run]" -> Smoke,
    "BENCH_SMOKE=1 bench/reference.sh" -> Smoke,
    "bench/eol.sh" -> Smoke,
    "bench/eol.sh [extra -D options for the run]" -> Smoke,
    "BENCH_SMOKE=1 bench/eol.sh" -> Smoke,
    "bench/keyall.sh" -> Smoke,
    "bench/keyall.sh [extra -D options for the run]" -> Smoke,
    "BENCH_SMOKE=1 bench/keyall.sh" -> Smoke,
    "bench/elections.sh" -> Smoke,
    "bench/elections.sh [extra -D options for the run]" -> Smoke,
    "BENCH_SMOKE=1 bench/elections.sh" -> Smoke,
    "bench/eforms.sh" -> Smoke,
    "bench/eforms.sh [extra -D options for the run, e.g. -Dprofiles.eforms.peak.duration=2h]" -> Smoke,
    "BENCH_SMOKE=1 bench/eforms.sh" -> Smoke,
    "bench/keyupload.sh" -> Smoke,
    "bench/keyupload.sh [extra -D options for both runs]" -> Smoke,
    "BENCH_SMOKE=1 bench/keyupload.sh" -> Smoke,
    "bench/overhead.sh" -> Smoke,
    "BENCH_SMOKE=1 bench/overhead.sh" -> Smoke,
    "bench/all-peaks.sh" -> Smoke,
    "bench/all-peaks.sh [extra -D options]" -> Smoke,
    "BENCH_SMOKE=1 bench/all-peaks.sh" -> Smoke,
    "bench/raid-scale.sh" -> Smoke,
    "bench/raid-scale.sh [scale ...]" -> Smoke,
    "BENCH_SMOKE=1 bench/raid-scale.sh" -> Smoke,
    "bench/capacity.sh [extra -D options for the run]" -> Smoke,
    "bench/capacity.sh" -> Smoke,
    "BENCH_SMOKE=1 bench/capacity.sh" -> Smoke,
    // docs/capacity.md: bench/capacity.sh's smoke runs it against the sandbox in its own JVM, compressed
    "mvn gatling:test -Dgatling.simulationClass=simulations.RaidSimulation -Dprofile=capacity" -> Smoke,
    "bench/stub-calls.sh" -> Smoke,
    "bench/stub-calls.sh [calls per round, default 20000]" -> Smoke,
    "BENCH_SMOKE=1 bench/stub-calls.sh" -> Smoke,
    "bench/sandbox-memory.sh" -> Smoke,
    "bench/sandbox-memory.sh [minutes]" -> Smoke,
    "BENCH_SMOKE=1 bench/sandbox-memory.sh" -> Smoke,
    "bench/results-at-scale.sh" -> Smoke,
    "BENCH_SMOKE=1 bench/results-at-scale.sh" -> Smoke,
    "bench/feedback.sh" -> Smoke,
    "bench/feedback.sh [--with-tests]" -> Smoke,
    "BENCH_SMOKE=1 bench/feedback.sh" -> Smoke,
    "bench/ci-under-load.sh" -> Smoke,
    "BENCH_SMOKE=1 bench/ci-under-load.sh" -> Smoke
  )
}
