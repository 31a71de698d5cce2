package docs

import java.io.ByteArrayOutputStream
import java.nio.file.{ Files, Path }

import scala.jdk.CollectionConverters._
import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.{ Tag, Test }
import results.ResultsCli

/** The results CLI block of docs/results-cli.md, each subcommand as shown, on two runs this test makes (RaidSimulation at
  * smoke, as shards 1/2 and 2/2 of one run, by `mvn gatling:test`, one after the other: their merge is INVALID). Substitutions: `results/<run>` and the other
  * placeholders name those runs in the test's own archive, and `--results <archive>` is added so that nothing
  * reads or writes results/. `summarize` runs through `$CLI` itself (Maven's exec:java); the others call
  * ResultsCli.run in this JVM with the arguments of their `-Dexec.args`.
  */
@Tag("docs")
class ResultsCliDocTest {
  private val home = DocRuns.temporaryFolder("results-cli-")
  private val archive = home.resolve("results")
  private val CliPage = "docs/results-cli.md"

  private def shard(i: Int): Path = {
    val before = runsIn(archive)
    val run = ShellRun(
      "mvn -o -B gatling:test -Dgatling.simulationClass=simulations.RaidSimulation " +
        s"-Dshard=$i/2 -Dsuite.resultsDir=$archive",
      home.resolve(s"shard-$i.txt")
    )
    assertEquals(0, run.exitStatus(10 * 60), run.text)
    val added = runsIn(archive) -- before
    assertEquals(1, added.size, run.text)
    archive.resolve(added.head)
  }

  private def runsIn(folder: Path): Set[String] =
    if (!Files.isDirectory(folder)) Set.empty
    else Using.resource(Files.list(folder))(
      _.iterator.asScala.filter(d => Files.isRegularFile(d.resolve("summary.json"))).map(_.getFileName.toString).toSet
    )

  /** The shown line with its placeholders replaced and `--results <archive>` added to its exec.args. */
  private def substituted(line: String, a: Path, b: Path): String =
    line
      .replace("results/<run>", a.toString).replace("<other-run>", b.getFileName.toString)
      .replace("results/<runA>", a.toString).replace("results/<runB>", b.toString)
      .replace("results/<shard1> results/<shard2> ...", s"$a $b")
      .replaceFirst("-Dexec.args=\"([^\"]*)\"", s"""-Dexec.args="$$1 --results $archive"""")

  private def inProcess(line: String): (Int, String) = {
    val args = "-Dexec.args=\"([^\"]*)\"".r.findFirstMatchIn(line).map(_.group(1))
      .getOrElse(fail(s"no -Dexec.args in $line")).split(' ').filter(_.nonEmpty).toList
    val out = new ByteArrayOutputStream
    val status = Console.withOut(out)(ResultsCli.run(args))
    (status, out.toString)
  }

  @Test def everySubcommandShownRunsOnRealRuns(): Unit = {
    val shown =
      DocRuns.shownIn(CliPage, "$CLI ").map(c =>
        c.command.split(' ')(1).stripPrefix("-Dexec.args=\"").stripSuffix("\"") -> c
      )
        .toMap
    assertEquals(Set("summarize", "gate", "compare", "merge", "index"), shown.keySet)
    val cli = DocRuns.shownIn(CliPage, "CLI='").head
    val (a, b) = (shard(1), shard(2))

    val summarize = substituted(shown("summarize").command, a, b)
    val viaMaven =
      ShellRun(s"${cli.command.replace("CLI='mvn ", "CLI='mvn -o -B ")}; $summarize", home.resolve("summarize.txt"))
    assertEquals(0, viaMaven.exitStatus(5 * 60), s"${shown("summarize").where}:\n${viaMaven.text}")
    assertTrue(viaMaven.text.contains(s"results: gate PASS for ${a.getFileName}"), viaMaven.text)

    // Against a baseline, two smoke runs' p99s may differ by more than the policy allows: FAIL (1) is a verdict too.
    val (gate, gateOut) = inProcess(substituted(shown("gate").command, a, b))
    assertTrue(gate == 0 || gate == 1, s"${shown("gate").where}: exit $gate\n$gateOut")
    assertTrue(gateOut.contains(s"Comparing ${b.getFileName} (A, baseline) with ${a.getFileName} (B)"), gateOut)
    assertTrue(gateOut.contains(s"results: gate ${if (gate == 0) "PASS" else "FAIL"} for ${a.getFileName}"), gateOut)

    val (compare, compareOut) = inProcess(substituted(shown("compare").command, a, b))
    // A smoke run's few samples seldom resolve a p99 against another's: not resolved (8) is an answer too.
    assertTrue(Set(0, 1, 8).contains(compare), s"${shown("compare").where}: exit $compare\n$compareOut")
    assertTrue(compareOut.contains(s"Comparing ${a.getFileName} (A, baseline) with ${b.getFileName} (B)"), compareOut)
    assertEquals(compare == 1, compareOut.contains("REGRESSION"), compareOut)
    assertEquals(compare == 8, compareOut.contains("results: Not resolved: "), compareOut)

    // The two shards ran one after the other, as the page says a merge then finds: INVALID (6), naming both.
    val (merge, mergeOut) = inProcess(substituted(shown("merge").command, a, b))
    assertEquals(6, merge, s"${shown("merge").where}:\n$mergeOut")
    assertTrue(
      mergeOut.contains(s"results: INVALID shards apart: all 2 shards shared") &&
        Seq(a, b).forall(run => mergeOut.contains(run.getFileName.toString)),
      mergeOut
    )
    assertTrue(runsIn(archive).exists(_.startsWith("raidsimulation-merged-")), s"no merged run in $archive:\n$mergeOut")

    val (index, indexOut) = inProcess(substituted(shown("index").command, a, b))
    assertEquals(0, index, s"${shown("index").where}:\n$indexOut")
    assertTrue(Files.isRegularFile(archive.resolve("index.html")), indexOut)
  }
}
