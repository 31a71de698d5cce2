package layers

import java.nio.file.{ Files, Path }

import scala.jdk.CollectionConverters._
import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** Dependencies point one way through the framework (src/main/scala): configuration, text and the bridge to
  * Gatling's internals at the bottom, then the results model, then what computes it (summarize), judges it (gate),
  * follows it over runs (history), renders it (render) and stores it (archive), then the drivers (the results step
  * and command, the run's own packages). A file may name its own layer's packages and those below, never one above.
  */
class LayerImportsTest {
  import LayerImportsTest._

  @Test def noFileOfTheFrameworkNamesALayerAboveItsOwn(): Unit = {
    val upward = sources.flatMap { case (file, text) => violations(text).map(v => s"$file: $v") }
    assertEquals(Nil, upward, upward.mkString("imports pointing up a layer:\n", "\n", ""))
  }

  @Test def everyPackageOfTheFrameworkHasItsPlace(): Unit = {
    val unplaced = sources.map(s => packageOf(s._2)).distinct.filter(p => rank(p).isEmpty)
    assertEquals(Nil, unplaced, "packages with no layer: add them to LayerImportsTest.Layers")
  }

  @Test def anImportUpALayerIsFound(): Unit = {
    assertEquals(
      Seq("results.model names results.render (render above model)"),
      violations("package results.model\n\nimport results.render.SummaryMarkdown\n")
    )
    assertEquals(
      Seq("results.gate names results.archive (archive above gate)"),
      violations("package results.gate\n\nobject G {\n  def f = results.archive.RunArchive.runs(null)\n}\n")
    )
    assertEquals(
      Seq("config names suite (drivers above bottom)"),
      violations("package config\n\nimport suite.{ A, B }\n")
    )
  }

  @Test def namesInCommentsAndStringsAndOwnOrLowerLayersAreAllowed(): Unit =
    assertEquals(
      Nil,
      violations(
        """package results.render
          |
          |import results.model.RunSummary
          |import text.Formats
          |import config.InputError
          |
          |/** See [[results.archive.RunArchive]], written by results.PostRun. */
          |object R {
          |  val s = "results.archive.RunArchive"
          |  def f(text: String) = text.length // results.PostRun
          |}
          |""".stripMargin
      )
    )
}

object LayerImportsTest {

  /** Bottom first. Packages of one layer may name each other. */
  val Layers: Seq[(String, Seq[String])] = Seq(
    "bottom" -> Seq("config", "text", "io.gatling.app", "io.gatling.charts.stats", "io.gatling.core.stats.writer"),
    "model" -> Seq("results.model"),
    "summarize" -> Seq("results.summarize"),
    "gate" -> Seq("results.gate"),
    "history" -> Seq("results.history"),
    "render" -> Seq("results.render"),
    "archive" -> Seq("results.archive"),
    "drivers" -> Seq("results", "suite", "profiles", "profiles.capacity", "sandbox", "live", "linespeed")
  )

  private val Root = Path.of("src/main/scala")

  private def sources: Seq[(Path, String)] =
    Using.resource(Files.walk(Root)) { files =>
      files.iterator.asScala.filter(_.toString.endsWith(".scala")).toSeq.sorted.map(f => f -> Files.readString(f))
    }

  private def rank(pkg: String): Option[Int] = Layers.indexWhere(_._2.contains(pkg)) match {
    case -1 => None
    case i  => Some(i)
  }

  private def packageOf(source: String): String =
    """(?m)^package\s+([\w.]+)""".r.findFirstMatchIn(source).fold("")(_.group(1))

  /** Comments and string literals removed: what they name is no dependency. */
  private def code(source: String): String =
    source
      .replaceAll("""(?s)/\*.*?\*/""", "")
      .replaceAll("""(?s)\"\"\".*?\"\"\"""", "\"\"")
      .replaceAll("""\"(?:[^\"\\\n]|\\.)*\"""", "\"\"")
      .replaceAll("""//[^\n]*""", "")

  /** A name of one of the framework's packages followed by a member: `results.render.RunPage`, `suite.{`. */
  private val PackageName = {
    val all = Layers.flatMap(_._2).sortBy(-_.length).map(_.replace(".", "\\.")).mkString("|")
    s"""(?<![\\w.])($all)\\.(?:[A-Z_{]|[a-z]\\w*\\s*$$)""".r
  }

  def violations(source: String): Seq[String] = {
    val own = packageOf(source)
    rank(own).toSeq.flatMap { ownRank =>
      PackageName
        .findAllMatchIn(code(source))
        .map(_.group(1))
        .filter(named => named != own && rank(named).exists(_ > ownRank))
        .toSeq
        .distinct
        .map(named => s"$own names $named (${Layers(rank(named).get)._1} above ${Layers(ownRank)._1})")
    }
  }
}
