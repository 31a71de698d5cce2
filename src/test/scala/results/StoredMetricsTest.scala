package results

import results.archive.{ StoredMetric, SummaryJson }
import results.model.{ GateCheck, GateVerdict, Metric }

import java.nio.file.{ Files, Path, Paths }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import config.InputError
import testkit.CraftedSummaries

/** A check's metric in summary.json: schema 3 stores its fields (`metricFields`: kind, and a percentile's
  * rank), read back as stored whatever its words say; schema 2 stored its words only, read back by StoredMetric.
  */
class StoredMetricsTest {
  private val Golden = Paths.get("src/test/resources/golden")
  private val Every: Seq[Metric] = Seq(
    Metric.Percentile(99),
    Metric.Percentile(95),
    Metric.Percentile(99.9),
    Metric.ChangePointRise(99, "night-20")
  ) ++
    Metric.Fixed

  private def written(json: String): Path = {
    val file = Files.createTempFile("summary-", ".json")
    Files.writeString(file, json)
    file.toFile.deleteOnExit()
    file
  }

  private val gated = {
    val base = CraftedSummaries.summary("RaidSimulation", Map(List("mint raid") -> CraftedSummaries.ok(100)))
    val checks = Every.map(m => GateCheck("mint raid", m, Some(2.5), 3, atMost = m != Metric.RequestRate))
    base.copy(gate = Some(GateVerdict(checks :+ checks.head.copy(measured = None), Nil, None, Nil, Nil)))
  }

  @Test def everyMetricReadsBackFromItsFields(): Unit = {
    val json = SummaryJson.write(gated)
    assertTrue(
      json.contains(""""metricFields" : {
        |        "kind" : "percentile",
        |        "rank" : 99.9
        |      },""".stripMargin),
      json
    )
    assertEquals(gated.gate.map(_.checks), SummaryJson.read(written(json)).gate.map(_.checks))
  }

  /** Words and a unit that read as another metric's change nothing: the fields say. */
  @Test def aSchema3ChecksMetricIsItsFieldsWhateverItsWordsSay(): Unit = {
    val json = SummaryJson
      .write(gated)
      .replace(""""metric" : "p99",""", """"metric" : "error %",""")
      .replace(""""unit" : " ms",""", """"unit" : " %",""")
    assertEquals(gated.gate.map(_.checks), SummaryJson.read(written(json)).gate.map(_.checks))
  }

  @Test def aSchema3CheckWithoutItsFieldsOrOfAnUnknownKindIsRefused(): Unit = {
    val json = Files.readString(Golden.resolve("one-system.summary.json"))
    def refusal(changed: String) =
      assertThrows(classOf[InputError], () => SummaryJson.read(written(changed))).getMessage
    val unknown = json.replaceFirst(""""kind" : "errorShare"""", """"kind" : "errorRatio"""")
    assertTrue(refusal(unknown).contains("metric 'error %': no kind errorRatio"), refusal(unknown))
    val bare = json.replaceFirst(""""metricFields" : \{\s*"kind" : "percentile",\s*"rank" : 99.0\s*},""", "")
    assertTrue(refusal(bare).contains("metric 'p99' has no metricFields"), refusal(bare))
  }

  @Test def aSchema2ChecksMetricIsReadFromItsWords(): Unit = {
    // A change point's rise came after schema 2: no file of it holds one.
    Every.filterNot(_.isInstanceOf[Metric.ChangePointRise]).foreach(m =>
      assertEquals(m, StoredMetric.read(m.name), m.name)
    )
    Seq("p99.90", "P99", "errors %", "p99 vs. baseline").foreach { words =>
      assertThrows(classOf[InputError], () => StoredMetric.read(words))
    }
  }
}
