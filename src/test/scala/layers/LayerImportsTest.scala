package layers

import java.io.{ ByteArrayOutputStream, PrintStream }
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{ Files, Path }
import java.util.spi.ToolProvider

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** Dependencies point one way through the framework (src/main/scala), one package to a rank, bottom first (the
  * order and one sentence for each is in docs/layout.md): a class may use its own package and those below, never
  * one above, so no two packages depend on each other.
  *
  * The dependencies are read from the compiled classes by jdeps, not from the sources: the bytecode names every
  * class used however the source spelled it (an import, a chained package clause, a relative or fully qualified
  * name), and names none for a word in a comment or string. What it cannot see is a constant scalac inlines (a
  * `final val` of a literal), which carries no class to depend on at run time either.
  */
class LayerImportsTest {
  import LayerImportsTest._

  @Test def noClassOfTheFrameworkUsesAPackageAboveItsOwn(): Unit = {
    val upward = violations(ourEdges(jdeps(Classes)))
    assertEquals(Nil, upward, upward.mkString("dependencies pointing up a rank:\n", "\n", ""))
  }

  @Test def everyPackageOfTheFrameworkHasARank(): Unit = {
    val packages = ourPackages(jdeps(Classes))
    assertTrue(packages.size >= Ranks.size / 2, s"jdeps read too few packages of $Classes: $packages")
    val unranked = withoutRank(packages)
    assertEquals(Nil, unranked, "packages with no rank: add them to LayerImportsTest.Ranks and docs/layout.md")
  }

  @Test def aDependencyUpARankIsReported(): Unit = {
    val output =
      """classes -> java.base
        |   results.model.RunSummary                           -> launch.SuiteSimulation                             classes
        |   results.model.RunSummary                           -> results.model.Tally                                classes
        |   launch.SuiteSimulation                             -> results.model.RunSummary                           classes
        |   launch.SuiteSimulation                             -> java.lang.Object                                   java.base
        |""".stripMargin
    assertEquals(
      Seq("results.model.RunSummary -> launch.SuiteSimulation (results.model below launch)"),
      violations(ourEdges(output))
    )
  }

  @Test def aPackageWithoutARankIsReported(): Unit =
    assertEquals(Seq("newcomer"), withoutRank(Seq("config", "newcomer", "launch")))

  @Test def nestedClassesAndOutsideLibrariesAreReadAsTheirPackage(): Unit = {
    val output =
      """   watch.EarlyStop$Window                             -> config.Settings$                                   classes
        |   watch.EarlyStop                                    -> org.HdrHistogram.Histogram                         not found
        |""".stripMargin
    assertEquals(Seq(Edge(ClassName("watch.EarlyStop$Window"), ClassName("config.Settings$"))), ourEdges(output))
    assertEquals("watch", ClassName("watch.EarlyStop$Window").pkg)
  }
}

object LayerImportsTest {

  /** Bottom first: each package may use those before it in this list, never one after it. */
  val Ranks: Seq[String] = Seq(
    "io.gatling.app",
    "io.gatling.charts.stats",
    "io.gatling.core.stats.writer",
    "text",
    "config",
    "results.model",
    "results.summarize",
    "results.gate",
    "results.history",
    "results.render",
    "results.archive",
    "linespeed",
    "watch",
    "profiles",
    "profiles.capacity",
    "sandbox",
    "journey",
    "machine",
    "signals",
    "results",
    "live",
    "launch"
  )

  private val Classes = Path.of("target/classes")

  final case class ClassName(name: String) {
    def pkg: String = name.take(math.max(name.lastIndexOf('.'), 0))
  }

  final case class Edge(from: ClassName, to: ClassName)

  /** jdeps' class-level dependencies of the compiled framework, as it prints them. */
  def jdeps(classes: Path): String = {
    assertTrue(Files.isDirectory(classes), s"$classes: missing; compile first")
    val tool = ToolProvider.findFirst("jdeps").orElseThrow(() => new AssertionError("no jdeps in this JDK"))
    val out = new ByteArrayOutputStream
    val err = new ByteArrayOutputStream
    val status =
      tool.run(
        new PrintStream(out, true, UTF_8),
        new PrintStream(err, true, UTF_8),
        "-verbose:class",
        "-filter:none",
        classes.toString
      )
    assertEquals(0, status, s"jdeps failed: ${err.toString(UTF_8)}")
    out.toString(UTF_8)
  }

  // "   from.Class    -> to.Class    classes": jdeps names the archive a class was found in, `classes` for ours.
  private val Line = """^\s+(\S+)\s+->\s+(\S+)\s+classes\s*$""".r

  private val From = """^\s+(\S+)\s+->.*""".r

  /** The edges between the framework's own classes, each class to another package. */
  def ourEdges(jdepsOutput: String): Seq[Edge] =
    jdepsOutput.linesIterator.collect { case Line(from, to) => Edge(ClassName(from), ClassName(to)) }.toSeq
      .filter(e => e.from.pkg != e.to.pkg)

  /** Every package with a class in the output (each class depends on something, `java.lang.Object` at least). */
  def ourPackages(jdepsOutput: String): Seq[String] =
    jdepsOutput.linesIterator.collect { case From(from) => ClassName(from).pkg }.toSeq.distinct

  def violations(edges: Seq[Edge]): Seq[String] =
    edges.distinct.collect {
      case Edge(from, to) if rank(from.pkg).exists(f => rank(to.pkg).exists(_ > f)) =>
        s"${from.name} -> ${to.name} (${from.pkg} below ${to.pkg})"
    }

  def withoutRank(packages: Seq[String]): Seq[String] = packages.distinct.filter(rank(_).isEmpty)

  private def rank(pkg: String): Option[Int] = Some(Ranks.indexOf(pkg)).filter(_ >= 0)
}
