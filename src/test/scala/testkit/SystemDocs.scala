package testkit

import java.nio.file.{ Files, Paths }

import scala.jdk.CollectionConverters._

import simulations.Systems

/** What a system's page (its registration's, in [[Systems]]) says, for tests that hold the suite to its own
  * description.
  */
object SystemDocs {

  /** The steps of each transaction in order, from the page's table with a `steps` column: its first cell
    * names the transaction, its last lists the steps, comma-separated (a closing remark in brackets left out).
    */
  def steps(key: String): Map[String, Seq[String]] = {
    val page = Paths.get(Systems.pageOf(key))
    def cells(line: String) = line.trim.stripPrefix("|").stripSuffix("|").split('|').map(_.trim).toSeq
    val table = Files.readAllLines(page).asScala.toSeq
      .dropWhile(line => !(line.startsWith("|") && cells(line).lastOption.contains("steps")))
      .drop(2)
      .takeWhile(_.startsWith("|"))
    if (table.isEmpty) throw new AssertionError(s"$page: no table with a steps column")
    table.map { row =>
      val c = cells(row)
      c.head -> c.last.replaceAll("""\s*\(.*\)$""", "").split(',').map(_.trim).toSeq
    }.toMap
  }
}
