package results

import java.nio.file.Paths

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.CraftedSummaries

class RunIndexPageTest {
  private def run(runId: String, profile: String, start: Long): RunArchive.ArchivedRun = {
    val crafted = CraftedSummaries.summary(
      "RaidSimulation",
      Map(List("mint raid") -> CraftedSummaries.ok(2000, 2010)),
      startEpochMs = start,
      runId = runId
    )
    RunArchive.ArchivedRun(Paths.get(runId), None, Some(crafted.copy(run = crafted.run.copy(profile = profile))), None)
  }

  @Test def everyRunIsListedWithALinkToItsReport(): Unit = {
    val page = RunIndexPage.render(Seq(run("raid-1", "smoke", 1000), run("raid-2", "reference", 2000)))
    assertTrue(page.contains("""href="raid-1/index.html""""), page)
    assertTrue(page.contains("""href="raid-2/index.html""""), page)
  }

  @Test def trendsAreSeparatePerProfile(): Unit = {
    val page = RunIndexPage.render(Seq(
      run("raid-1", "smoke", 1000),
      run("raid-2", "reference", 2000),
      run("raid-3", "reference", 3000)
    ))
    assertTrue(page.contains("RaidSimulation on loopback, reference: p99 per request across runs"), page)
    assertTrue(page.contains("RaidSimulation on loopback, smoke: p99 per request across runs"), page)
    assertEquals(2, "<svg".r.findAllIn(page).size, "one chart per simulation, target and profile")
  }
}
