package results

import results.model.{ PlannedWindow, RunContext, RunShard, RunWindow, WindowKind, WindowLabel }

import results.archive.SummaryJson
import results.render.{ Verdicts, WindowsMarkdown }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** Window labels are values: run.json holds their fields beside the text the profiles always wrote, and
  * reads them back into the same value. (profiles.ProfileRunTest checks the labels a real run's profiles make;
  * StoredSchemasTest, older files' labels read from their text.)
  */
class WindowLabelTest {
  private val labels: Seq[(WindowKind, WindowLabel)] = Seq(
    WindowKind.Level -> WindowLabel.Level(12, 3, 1000),
    WindowKind.Level -> WindowLabel.Level(1, 1, 1),
    WindowKind.Cycle -> WindowLabel.Cycle(2, Some(250)),
    WindowKind.Cycle -> WindowLabel.Cycle(1, None),
    WindowKind.Steady -> WindowLabel.FixedWork("raid uploads", 24000),
    WindowKind.Steady -> WindowLabel.Steady,
    WindowKind.Steady -> WindowLabel.Hold,
    WindowKind.Steady -> WindowLabel.Configured,
    WindowKind.Steady -> WindowLabel.WholeRun,
    WindowKind.Steady -> WindowLabel.FirstQuarter,
    WindowKind.Steady -> WindowLabel.LastQuarter
  )

  private val context = RunContext(
    "Sim",
    Seq("raid"),
    "http://127.0.0.1:1",
    "p",
    RunShard.Whole,
    Map.empty,
    plannedWindows = labels.map { case (kind, label) => PlannedWindow(kind, label, 0, 1000) },
    windows = labels.map { case (kind, label) => RunWindow(kind, label, 0, 1000) }
  )

  private def roundTrip(context: RunContext): (String, RunContext) = {
    val json = SummaryJson.writeContext(context, "run-1", "abc")
    val file = java.nio.file.Files.createTempFile("run-", ".json")
    java.nio.file.Files.writeString(file, json)
    (json, SummaryJson.readContext(file))
  }

  @Test def labelsAreWrittenAsTheTextTheProfilesAlwaysWrote(): Unit = {
    assertEquals(
      Seq(
        "L12 R3 (1,000 users)",
        "L1 R1 (1 user)",
        "cycle 2 (250 users)",
        "cycle 1",
        "raid uploads, fixed work (24,000 scenarios)",
        "steady",
        "hold",
        "configured",
        "whole run",
        "first quarter",
        "last quarter"
      ),
      labels.map(_._2.text)
    )
    val (json, _) = roundTrip(context)
    assertTrue(json.contains(""""label" : "L12 R3 (1,000 users)""""), json)
    assertTrue(json.contains(""""label" : "raid uploads, fixed work (24,000 scenarios)""""), json)
  }

  @Test def runJsonReadsEveryLabelBackIntoTheSameValue(): Unit = {
    val (_, read) = roundTrip(context)
    assertEquals(context.windows, read.windows)
    assertEquals(context.plannedWindows, read.plannedWindows)
  }

  /** A label stored in a form no label writes (counts without their separators) is kept as it was stored. */
  @Test def textNoLabelWritesIsShownAsStored(): Unit = {
    val odd = Seq("L3 R2 (1000 users)", "cycle 2 (1 users)", "L3 R2 (4 users) again", "first half")
    val (json, read) =
      roundTrip(context.copy(windows = odd.map(t => RunWindow(WindowKind.Level, WindowLabel.Named(t), 0, 1))))
    assertEquals(odd.map(WindowLabel.Named), read.windows.map(_.label), json)
  }

  @Test def titlesAndConcurrencyComeFromTheLabel(): Unit = {
    def title(kind: WindowKind, label: WindowLabel) = WindowsMarkdown.title(RunWindow(kind, label, 0, 1))
    assertEquals("sweep level 3, repeat 2 (4 users)", title(WindowKind.Level, WindowLabel.Level(3, 2, 4)))
    assertEquals("sweep level odd", title(WindowKind.Level, WindowLabel.Named("odd")))
    assertEquals("cycle 2 (250 users)", title(WindowKind.Cycle, WindowLabel.Cycle(2, Some(250))))
    assertEquals("steady window", title(WindowKind.Steady, WindowLabel.Steady))
    assertEquals("steady window: hold", title(WindowKind.Steady, WindowLabel.Hold))
    assertEquals("cycle first half", title(WindowKind.Cycle, WindowLabel.Named("first half")))
    assertEquals("phase first half", title(WindowKind.Other("phase"), WindowLabel.Named("first half")))
    assertEquals(Some(1000L), Verdicts.concurrency(WindowLabel.Level(12, 3, 1000)))
    assertEquals(Some(250L), Verdicts.concurrency(WindowLabel.Cycle(2, Some(250))))
    assertEquals(None, Verdicts.concurrency(WindowLabel.Hold))
  }
}
