package results.archive

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import results.SiteFiles
import results.render.{ ComparePage, RunPage }

class ComparisonRecordTest {
  private val root = Files.createTempDirectory("results-")

  private def comparison(folder: String, record: Option[ComparisonRecord]) = {
    val dir = Files.createDirectories(root.resolve(RunPage.ComparisonsFolder).resolve(folder))
    Files.writeString(dir.resolve(ComparePage.FileName), "<html></html>")
    record.foreach(ComparisonRecord.write(dir, _))
  }

  /** Run ids are whatever the user named them: one holding the separator must not split the other's name. */
  @Test def aRunPageFindsItsComparisonsFromTheRecordNotTheFoldersName(): Unit = {
    val folder = ComparisonRecord.folderName("x_vs_y", "z")
    comparison(folder, Some(ComparisonRecord("x_vs_y", "z")))
    assertEquals(Seq(folder -> "z"), SiteFiles.comparisonsOf(root, "x_vs_y"))
    assertEquals(Seq(folder -> "x_vs_y"), SiteFiles.comparisonsOf(root, "z"))
    assertEquals(Nil, SiteFiles.comparisonsOf(root, "x"))
  }

  @Test def aFolderWrittenBeforeTheRecordIsReadFromItsName(): Unit = {
    comparison("a_vs_b", None)
    assertEquals(Seq("a_vs_b" -> "b"), SiteFiles.comparisonsOf(root, "a"))
    assertEquals(Seq("a_vs_b" -> "a"), SiteFiles.comparisonsOf(root, "b"))
  }
}
