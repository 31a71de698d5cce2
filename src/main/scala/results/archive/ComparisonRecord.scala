package results.archive

import java.nio.file.{ Files, Path }

import scala.jdk.CollectionConverters._
import scala.util.Using

/** One comparison folder under results/comparisons/ and the two runs it compared, as `comparison.json` in it
  * records them. A folder written before that file existed has its runs read from its name ("A_vs_B"), the one
  * place a comparison's name is parsed.
  */
private[results] final case class ComparisonRecord(before: String, after: String)

private[results] object ComparisonRecord {
  val FileName = "comparison.json"

  /** A comparison's folder name: "A_vs_B". */
  private val Separator = "_vs_"

  def folderName(before: String, after: String): String = s"$before$Separator$after"

  def write(folder: Path, record: ComparisonRecord): Unit =
    RunArchive.writeAtomically(folder.resolve(FileName), Json.write(record))

  /** Each folder of `comparisons` holding a page named `page`, newest name first, with the runs it compared. */
  def all(comparisons: Path, page: String): Seq[(String, ComparisonRecord)] =
    if (!Files.isDirectory(comparisons)) Nil
    else
      Using.resource(Files.list(comparisons)) { dirs =>
        dirs.iterator.asScala.filter(d => Files.isRegularFile(d.resolve(page))).toSeq
          .sortBy(_.getFileName.toString)
          .reverse
          .flatMap(d => read(d).map(d.getFileName.toString -> _))
      }

  private def read(folder: Path): Option[ComparisonRecord] = {
    val file = folder.resolve(FileName)
    if (Files.isRegularFile(file))
      Some(Json.read[ComparisonRecord, ComparisonRecord](file, "a comparison.json")(r => r))
    else
      folder.getFileName.toString.split(Separator, -1) match {
        case Array(before, after) => Some(ComparisonRecord(before, after))
        case _                    => None
      }
  }
}
