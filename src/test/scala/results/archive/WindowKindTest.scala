package results.archive

import results.model.WindowKind

import java.nio.file.{ Files, Path, Paths }

import com.fasterxml.jackson.databind.ObjectMapper
import com.fasterxml.jackson.databind.node.ObjectNode
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** Window kinds are values: run.json and summary.json hold each as the word the profiles always wrote, and
  * read that word back into the same kind; a word no kind writes (another version's) is kept as stored.
  */
class WindowKindTest {
  private val golden = Paths.get("src/test/resources/golden")
  private val mapper = new ObjectMapper()

  private def tree(file: String): ObjectNode = mapper.readTree(golden.resolve(file).toFile).asInstanceOf[ObjectNode]

  private def written(json: String): Path = Files.writeString(Files.createTempFile("window-kind-", ".json"), json)

  /** `tree` with the kind of the first window of `windows` (a field of the top level) set to `word`. */
  private def withFirstKind(tree: ObjectNode, windows: String, word: String): ObjectNode = {
    tree.get(windows).get(0).asInstanceOf[ObjectNode].put("kind", word)
    tree
  }

  @Test def everyKindIsStoredAsItsWordAndReadBackAsItself(): Unit = {
    assertEquals(Seq("steady", "cycle", "level"), WindowKind.Recorded.map(_.word))
    WindowKind.Recorded.foreach(kind => assertEquals(kind, StoredWindowKind.read(kind.word)))
    val cycles = SummaryJson.readContext(golden.resolve("cycles.run.json"))
    assertEquals(Seq(WindowKind.Cycle), cycles.plannedWindows.map(_.kind).distinct)
    val sweep = SummaryJson.read(golden.resolve("sweep.summary.json"))
    assertEquals(Seq(WindowKind.Level), sweep.windows.map(_.window.kind).distinct)
    val oneSystem = SummaryJson.readContext(golden.resolve("one-system.run.json"))
    assertEquals(Seq(WindowKind.Steady), oneSystem.plannedWindows.map(_.kind))
  }

  @Test def aWordNoKindWritesIsKeptAsStored(): Unit = {
    val runJson = withFirstKind(tree("cycles.run.json"), "plannedWindows", "phase")
    val context = SummaryJson.readContext(written(runJson.toString))
    assertEquals(WindowKind.Other("phase"), context.plannedWindows.head.kind)
    assertEquals(runJson, mapper.readTree(SummaryJson.writeContext(context, "alpha-1of1", "0123abc")))

    val summaryJson = withFirstKind(tree("sweep.summary.json"), "windows", "phase")
    val summary = SummaryJson.read(written(summaryJson.toString))
    assertEquals(WindowKind.Other("phase"), summary.windows.head.window.kind)
    assertEquals(summaryJson, mapper.readTree(SummaryJson.write(summary)))
  }
}
