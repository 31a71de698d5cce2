package watch

import results.model.{ RunContext, RunShard, Tally }

import results.archive.SummaryJson
import results.render.{ ConsoleSummary, SummaryMarkdown }

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import testkit.CraftedSummaries

/** A tally counted by concurrent checks reaches run.json, summary.json and summary.md with its exact counts. */
class TalliesTest {
  private val Categories = Seq("hit", "miss", "unknown")

  private def counted: Tally = {
    val tallies = new Tallies
    val cache = tallies("cache status", Categories)
    val threads = (1 to 4).map(_ =>
      new Thread(() => {
        (1 to 250).foreach(_ => cache.count("home", "hit"))
        cache.count("home", "miss")
        cache.count("results", "unknown")
      })
    )
    threads.foreach(_.start())
    threads.foreach(_.join())
    val Seq(tally) = tallies.snapshot: @unchecked
    tally
  }

  @Test def concurrentCountsAreExactPerKeyAndOverall(): Unit = {
    val tally = counted
    assertEquals(
      Seq(
        "home" -> Map("hit" -> 1000L, "miss" -> 4L, "unknown" -> 0L),
        "results" -> Map("hit" -> 0L, "miss" -> 0L, "unknown" -> 4L)
      ),
      tally.counts
    )
    assertEquals(Map("hit" -> 1000L, "miss" -> 4L, "unknown" -> 4L), tally.overall)
    assertEquals(Some(100.0 * 1000 / 1004), Tally.percent(tally.counts.head._2, "hit"))
    assertEquals(Some(0.0), Tally.percent(tally.counts(1)._2, "hit"), "an unknown status is never a hit")
  }

  @Test def anUnknownCategoryOrOtherCategoriesAreRefused(): Unit = {
    val tallies = new Tallies
    val cache = tallies("cache status", Categories)
    assertThrows(classOf[IllegalArgumentException], () => cache.count("home", "HIT"))
    assertThrows(classOf[IllegalArgumentException], () => tallies("cache status", Seq("hit")))
  }

  @Test def aCheckMayAddManyAtOnce(): Unit = {
    val tallies = new Tallies
    val records = tallies("records", Seq("records"))
    records.add("#1", "records", 3)
    records.add("#1", "records", 0)
    records.add("#2", "records", 4)
    assertThrows(classOf[IllegalArgumentException], () => records.add("#2", "records", -1))
    val Seq(tally) = tallies.snapshot: @unchecked
    assertEquals(Seq("#1" -> Map("records" -> 3L), "#2" -> Map("records" -> 4L)), tally.counts)
    val summary = CraftedSummaries.summary("S", Map(List("x") -> CraftedSummaries.ok(1))).copy(tallies = Seq(tally))
    val md = SummaryMarkdown.render(summary)
    assertTrue(md.contains("| Key | records |\n|---|---:|\n| #1 | 3 |\n| #2 | 4 |\n| All | 7 |"), md)
    assertEquals(
      Seq("records, all keys: records 7"),
      ConsoleSummary.tallyLines(summary)
    )
  }

  @Test def talliesTravelThroughRunJsonToTheSummaries(): Unit = {
    val tally = counted
    val dir = Files.createTempDirectory("tallies-")
    val context = RunContext("S", Seq("s"), "local", "smoke", RunShard.Whole, Map.empty, Nil, Nil, tallies = Seq(tally))
    Files.writeString(dir.resolve("run.json"), SummaryJson.writeContext(context, "run", "abc"))
    val read = SummaryJson.readContext(dir.resolve("run.json")).tallies
    assertEquals(Seq(tally), read)

    val summary = CraftedSummaries.summary("S", Map(List("home") -> CraftedSummaries.ok(10))).copy(tallies = read)
    Files.writeString(dir.resolve("summary.json"), SummaryJson.write(summary))
    assertEquals(read, SummaryJson.read(dir.resolve("summary.json")).tallies)
    val md = SummaryMarkdown.render(summary)
    assertTrue(md.contains("## cache status\n\n| Key | hit | miss | unknown | Total |"), md)
    assertTrue(md.contains("| home | 1000 (99.6 %) | 4 (0.4 %) | 0 (0 %) | 1004 |"), md)
    assertTrue(md.contains("| All | 1000 (99.21 %) | 4 (0.4 %) | 4 (0.4 %) | 1008 |"), md)
    assertEquals(
      Seq("cache status, all keys: hit 1000 (99.21 %), miss 4 (0.4 %), unknown 4 (0.4 %)"),
      ConsoleSummary.tallyLines(summary)
    )
  }

  @Test def shardsTalliesAddUp(): Unit = {
    val tally = counted
    val Seq(merged) = Tally.merged(Seq(tally, tally)): @unchecked
    assertEquals(Map("hit" -> 2000L, "miss" -> 8L, "unknown" -> 8L), merged.overall)
  }
}
