package elections

import journey.Feeders

import java.net.{ URI, URISyntaxException }

import config.InputError

/** The comprehensive test's other pages: `name,path` rows, the name being the page's group and tally key. */
object ElectionsPages {
  val Columns: Seq[String] = Seq("name", "path")

  /** The feeder's records as `pageName` and `pagePath`; a path that is not one on the site stops the run naming its line. */
  def load(resource: String): IndexedSeq[Map[String, Any]] =
    Feeders.csvRecords(resource, Columns).zipWithIndex.map { case (record, i) =>
      val name = record("name").toString.trim
      val path = record("path").toString.trim
      // Line 1 is the header, so record i is on line i + 2.
      if (name.isEmpty) throw new InputError(s"$resource", s"line ${i + 2}: empty page name")
      if (!isSitePath(path))
        throw new InputError(
          s"$resource",
          s"line ${i + 2}: '$path' is not a path on the site (it must start with a single '/', e.g. /enrol)"
        )
      Map("pageName" -> name, "pagePath" -> path)
    }

  private def isSitePath(path: String): Boolean =
    path.startsWith("/") && !path.startsWith("//") && (try {
      val uri = new URI(path)
      uri.getScheme == null && uri.getAuthority == null
    } catch { case _: URISyntaxException => false })
}
