package results

import results.model.{ Apdex, Figures }
import results.summarize.LatencyAccumulator

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import testkit.CraftedSummaries

class LatencyFiguresTest {

  @Test
  def percentilesMeanAndDeviationOfOneToHundred(): Unit = {
    val figures = CraftedSummaries.accumulator(CraftedSummaries.ok(1 to 100: _*)).figures(10).get
    // nearest rank: the p-th percentile of 1..100 is p
    assertEquals(Map(50.0 -> 50, 75.0 -> 75, 90.0 -> 90, 95.0 -> 95, 99.0 -> 99, 99.9 -> 100), figures.percentilesMs)
    assertEquals(1, figures.minMs)
    assertEquals(100, figures.maxMs)
    assertEquals(51, figures.meanMs, "mean 50.5 rounds up")
    assertEquals(29, figures.stdDevMs, "population standard deviation sqrt(833.25) = 28.87")
    assertEquals(10.0, figures.requestsPerSecond, 1e-9, "100 requests over 10 s")
  }

  @Test
  def noPercentileIsAboveTheSlowestRequest(): Unit = {
    // 10,038 ms falls in HdrHistogram's bucket 10,032-10,039 (8 ms wide above 8,191 ms at 3 digits), whose
    // highest value the histogram answers: a window once read p95 10039, p99 10039, max 10038.
    val samples = CraftedSummaries.ok(Seq.fill(20)(500) ++ Seq(10033, 10038): _*)
    val raw = LatencyAccumulator.decode(CraftedSummaries.accumulator(samples).mergeable.histogram)
    assertEquals(10039L, raw.getValueAtPercentile(99), "the histogram alone reads above the max")
    val figures = CraftedSummaries.accumulator(samples).figures(1).get
    assertEquals(10038, figures.maxMs)
    assertEquals(
      Map(50.0 -> 500, 75.0 -> 500, 90.0 -> 500, 95.0 -> 10038, 99.0 -> 10038, 99.9 -> 10038),
      figures.percentilesMs
    )
    // and after a merge, which restores the exact max from the summary
    val merged = LatencyAccumulator.restore(figures, CraftedSummaries.accumulator(samples).mergeable, 95)
    merged.add(CraftedSummaries.accumulator(CraftedSummaries.ok(400)))
    assertTrue(Figures.Ranks.forall(rank => merged.percentileMs(rank) <= 10038), merged.figures(1).toString)
  }

  @Test
  def apdexBandsAtTAndFourT(): Unit = {
    // T = 1500 ms: satisfied <= 1500, tolerating <= 6000, frustrated above, and every KO is frustrated
    val samples = Seq(1500 -> true, 1501 -> true, 6000 -> true, 6001 -> true, 10 -> false)
    val apdex = CraftedSummaries.accumulator(samples).apdex
    assertEquals(Apdex(1500, satisfied = 1, tolerating = 2, frustrated = 2), apdex)
    assertEquals(0.4, apdex.score.get, 1e-12, "(1 + 2/2) / 5")
    assertEquals("Unacceptable", apdex.rating, "below 0.50")
  }

  @Test
  def apdexRatingBands(): Unit = {
    assertEquals(
      Seq("Excellent", "Good", "Good", "Fair", "Poor", "Unacceptable"),
      Seq(0.94, 0.9399, 0.85, 0.70, 0.50, 0.4999).map(Apdex.rating)
    )
    assertEquals("no samples", Apdex(1500, 0, 0, 0).rating)
  }

  @Test
  def countOverTenSeconds(): Unit = {
    val figures = CraftedSummaries.accumulator(Seq(10000 -> true, 10001 -> true, 25000 -> false)).figures(1).get
    assertEquals(2L, figures.slowCount)
    assertEquals(25000, figures.maxMs)
    assertEquals(1L, figures.ko)
  }
}
