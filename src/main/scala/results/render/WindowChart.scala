package results.render

import results.model.{ Figures, RunSummary }

import org.knowm.xchart.{ BitmapEncoder, XYChartBuilder }
import org.knowm.xchart.BitmapEncoder.BitmapFormat
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle
import org.knowm.xchart.style.Styler.{ LegendPosition, YAxisPosition }
import org.knowm.xchart.style.markers.SeriesMarkers

/** The per-window figures of a run over its windows (the cycles, the levels of a sweep), as summary.md's
  * `## Per window` table gives them: p95 and slowest request on the left axis, requests per second and
  * Apdex on the right (its rating bands are in the table). Drawn headless to PNG with XChart.
  */
object WindowChart {
  val FileName = "windows.png"

  /** Draws and encodes a tiny chart in memory. The run is archived from a shutdown hook, where the JDK
    * refuses new shutdown hooks, and Java2D and ImageIO each register one the first time they are used: a
    * run that will draw its chart then calls this first, while it still can.
    */
  def prepare(): Unit = {
    System.setProperty("java.awt.headless", "true")
    val chart = new XYChartBuilder().width(40).height(30).build()
    chart.addSeries("warm-up", Array(0.0, 1.0), Array(0.0, 1.0))
    BitmapEncoder.saveBitmap(chart, new java.io.ByteArrayOutputStream, BitmapFormat.PNG)
  }

  def png(summary: RunSummary): Array[Byte] = {
    System.setProperty("java.awt.headless", "true")
    val windows = summary.windows.zipWithIndex.map { case (w, i) => (i + 1.0, w, w.global.map(_.figures)) }
    val x = windows.map(_._1).toArray
    val chart = new XYChartBuilder()
      .width(1000)
      .height(500)
      .title(s"${summary.run.simulation}: per window, all requests")
      .xAxisTitle(windows.map { case (n, w, _) => s"${n.toInt}: ${w.window.label.text}" }.mkString(
        "windows: ",
        ", ",
        ""
      ))
      .yAxisTitle("ms")
      .build()
    val styler = chart.getStyler
    styler.setDefaultSeriesRenderStyle(XYSeriesRenderStyle.Line)
    styler.setLegendPosition(LegendPosition.OutsideS)
    styler.setXAxisDecimalPattern("#")
    styler.setYAxisGroupPosition(1, YAxisPosition.Right)
    chart.setYAxisGroupTitle(1, "requests/s")
    styler.setYAxisGroupPosition(2, YAxisPosition.Right)
    chart.setYAxisGroupTitle(2, "Apdex")
    def series(name: String, values: Figures => Double, group: Int): Unit = {
      val added = chart.addSeries(name, x, windows.map(_._3.fold(0.0)(values)).toArray)
      added.setMarker(SeriesMarkers.CIRCLE)
      added.setYAxisGroup(group)
    }
    series("95th (ms)", _.p95Ms.toDouble, 0)
    series("slowest (ms)", _.maxMs.toDouble, 0)
    series("requests/s", _.requestsPerSecond, 1)
    series("Apdex", _.apdex.score.getOrElse(0.0), 2)
    BitmapEncoder.getBitmapBytes(chart, BitmapFormat.PNG)
  }
}
