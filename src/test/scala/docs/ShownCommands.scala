package docs

import java.nio.file.{ Files, Path, Paths }

import scala.jdk.CollectionConverters._
import scala.util.Using

/** A command a user is shown, where: `file:line` (relative to the project), the command as written. */
final case class ShownCommand(file: String, line: Int, command: String) {
  def where: String = s"$file:$line"
  override def toString: String = s"$where: $command"
}

/** Every command the documentation shows a user, read from the files themselves (docs.DocCommandsTest maps
  * each to what runs it). The convention, also in bench/README.md's last section:
  *   - Markdown (README.md, docs/ and bench/README.md): each line of a fenced block marked `sh`; a trailing
  *     `# comment` is not part of the command, a line ending in `\` goes on.
  *   - A script of deploy/ or bench/: its header (the comment lines after `#!`), where a command follows
  *     `Usage:`, or starts the comment as `e.g. <command>` or `NAME=value <script>` (e.g. `BENCH_SMOKE=1
  *     bench/eol.sh`), or is indented by two spaces or more and starts with a script path or `mvn`; it ends at
  *     two spaces, at `: ` or at the line's end.
  */
object ShownCommands {
  val Project: Path = Paths.get("").toAbsolutePath

  def all: Seq[ShownCommand] = markdownFiles.flatMap(inMarkdown) ++ scripts.flatMap(inScriptHeader)

  def markdownFiles: Seq[Path] =
    Seq(Paths.get("README.md"), Paths.get("bench/README.md")) ++ filesUnder(Paths.get("docs"), ".md")

  def scripts: Seq[Path] = Seq("deploy", "bench").flatMap(d => filesUnder(Paths.get(d), ".sh"))

  private def filesUnder(folder: Path, suffix: String): Seq[Path] =
    Using.resource(Files.walk(Project.resolve(folder)))(
      _.iterator().asScala.filter(_.toString.endsWith(suffix)).map(Project.relativize).toVector.sorted
    )

  private def lines(file: Path): Seq[String] = Files.readAllLines(Project.resolve(file)).asScala.toSeq

  def inMarkdown(file: Path): Seq[ShownCommand] = inMarkdown(file.toString, lines(file))

  def inMarkdown(file: String, text: Seq[String]): Seq[ShownCommand] = {
    val numbered = text.zipWithIndex.map { case (l, i) => (l, i + 1) }
    // The fence lines' numbers, in pairs: a block runs from an opening fence to the next fence.
    val fences = numbered.filter(_._1.trim.startsWith("```"))
    fences.grouped(2).toSeq.collect {
      case Seq((open, from), (_, to)) if open.trim == "```sh" =>
        joined(numbered.slice(from, to - 1)).flatMap { case (l, n) =>
          Some(withoutComment(l).trim).filter(_.nonEmpty).map(ShownCommand(file, n, _))
        }
    }.flatten
  }

  def inScriptHeader(file: Path): Seq[ShownCommand] = inScriptHeader(file.toString, lines(file))

  def inScriptHeader(file: String, text: Seq[String]): Seq[ShownCommand] = {
    val header = text.zipWithIndex.drop(1).takeWhile(_._1.startsWith("#")).map { case (l, i) => (l.drop(1), i + 1) }
    joined(header).flatMap { case (comment, n) => commandIn(comment).map(ShownCommand(file, n, _)) }
  }

  private val Usage = """.*\bUsage: (.+)""".r
  private val Example = """ e\.g\. (.+)""".r
  private val Assigned = """ ((?:[A-Z_]+=\S+ )+(?:bench|deploy)/.+)""".r
  private val Indented = """ {2,}((?:bench/|deploy/|mvn |\./mvnw ).+)""".r

  private def commandIn(comment: String): Option[String] = (comment match {
    case Usage(c)    => Some(c)
    case Example(c)  => Some(c)
    case Assigned(c) => Some(c)
    case Indented(c) => Some(c)
    case _           => None
  }).map(c => c.split("  |: ", 2)(0).trim.stripSuffix(":")).filter(_.nonEmpty)

  /** Lines ending in `\` joined to the next (a comment's `#` dropped), each numbered by its first line. */
  private def joined(numbered: Seq[(String, Int)]): Seq[(String, Int)] =
    numbered.foldLeft(Vector.empty[(String, Int)]) { case (done, (l, n)) =>
      done.lastOption match {
        case Some((previous, first)) if previous.trim.endsWith("\\") =>
          done.init :+ ((previous.stripTrailing.stripSuffix("\\").stripTrailing + " " + l.stripPrefix("#").trim, first))
        case _ => done :+ ((l, n))
      }
    }

  /** The line before an unquoted ` #`. */
  private def withoutComment(line: String): String = {
    var quote: Option[Char] = None
    val end = line.indices.find { i =>
      val c = line(i)
      if (quote.contains(c)) quote = None
      else if (quote.isEmpty && (c == '\'' || c == '"')) quote = Some(c)
      quote.isEmpty && c == '#' && (i == 0 || line(i - 1).isWhitespace)
    }
    end.fold(line)(line.take)
  }
}
