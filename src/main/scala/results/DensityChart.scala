package results

import java.nio.file.Path

import scala.jdk.CollectionConverters._

import org.HdrHistogram.Histogram
import org.knowm.xchart.{ BitmapEncoder, XYChartBuilder }
import org.knowm.xchart.BitmapEncoder.BitmapFormat
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle
import org.knowm.xchart.style.Styler.LegendPosition
import org.knowm.xchart.style.markers.SeriesMarkers

/** The response-time density of two runs overlaid: Gaussian kernel density estimates over each run's
  * global HdrHistogram, bandwidth by Silverman's rule, drawn headless to PNG with XChart.
  */
object DensityChart {
  private val GridPoints = 200

  /** Density at each point of `grid` (per ms), from the histogram's recorded values weighted by their counts. */
  def kde(histogram: Histogram, grid: Seq[Double]): Seq[Double] = {
    val samples =
      histogram.recordedValues().asScala.map(v => (v.getValueIteratedTo.toDouble, v.getCountAtValueIteratedTo)).toSeq
    val n = histogram.getTotalCount.toDouble
    if (n == 0) grid.map(_ => 0.0)
    else {
      val iqr = histogram.getValueAtPercentile(75) - histogram.getValueAtPercentile(25)
      val spread = Seq(histogram.getStdDeviation, iqr / 1.34).filter(_ > 0).minOption.getOrElse(1.0)
      val bandwidth = math.max(1.0, 0.9 * spread * math.pow(n, -0.2))
      val norm = 1.0 / (n * bandwidth * math.sqrt(2 * math.Pi))
      grid.map(x =>
        norm * samples.map { case (value, count) =>
          val z = (x - value) / bandwidth; count * math.exp(-0.5 * z * z)
        }.sum
      )
    }
  }

  def write(before: RunSummary, after: RunSummary, file: Path): Path = {
    System.setProperty("java.awt.headless", "true")
    val histograms = Seq(before, after).map(s => s.run.runId -> LatencyAccumulator.decode(s.global.mergeable.histogram))
    val upper = math.max(10.0, histograms.map(_._2.getValueAtPercentile(99.9).toDouble).max * 1.2)
    val grid = (0 until GridPoints).map(i => upper * i / (GridPoints - 1))
    val chart = new XYChartBuilder()
      .width(900)
      .height(500)
      .title(s"${after.run.simulation}: response-time density, all requests")
      .xAxisTitle("response time (ms)")
      .yAxisTitle("density")
      .build()
    chart.getStyler.setDefaultSeriesRenderStyle(XYSeriesRenderStyle.Line)
    chart.getStyler.setXAxisDecimalPattern("#")
    chart.getStyler.setLegendPosition(LegendPosition.InsideNE)
    histograms.zip(Seq("A (baseline)", "B")).foreach { case ((runId, histogram), role) =>
      chart.addSeries(s"$role: $runId", grid.toArray, kde(histogram, grid).toArray).setMarker(SeriesMarkers.NONE)
    }
    val withoutExtension = file.toString.stripSuffix(".png")
    BitmapEncoder.saveBitmap(chart, withoutExtension, BitmapFormat.PNG)
    Path.of(withoutExtension + ".png")
  }
}
