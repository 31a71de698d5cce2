package results.render

import results.model.ThroughputCurve

import org.knowm.xchart.{ BitmapEncoder, XYChartBuilder }
import org.knowm.xchart.BitmapEncoder.BitmapFormat
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle
import org.knowm.xchart.style.Styler.LegendPosition
import org.knowm.xchart.style.lines.SeriesLines
import org.knowm.xchart.style.markers.SeriesMarkers

/** A throughput curve as a picture: units per second against concurrency (log scale), one set of points
  * per repeat, the median over repeats as a line, and the requirement's range as two flat lines. Drawn
  * headless to PNG with XChart, as [[WindowChart]] is (which also makes Java2D ready in time).
  */
object CurveChart {

  /** e.g. throughput-key-upload.png */
  def fileName(curve: ThroughputCurve): String = s"throughput-${curve.spec.system}.png"

  def png(simulation: String, curve: ThroughputCurve): Array[Byte] = {
    System.setProperty("java.awt.headless", "true")
    val unit = curve.spec.unit
    val levels = curve.levels
    val x = levels.map(_.concurrency.toDouble).toArray
    val chart = new XYChartBuilder()
      .width(1000)
      .height(500)
      .title(s"$simulation: ${curve.spec.system}, $unit per second against concurrency")
      .xAxisTitle("concurrent users (log scale)")
      .yAxisTitle(s"$unit/s")
      .build()
    val styler = chart.getStyler
    styler.setDefaultSeriesRenderStyle(XYSeriesRenderStyle.Line)
    styler.setLegendPosition(LegendPosition.OutsideS)
    styler.setXAxisLogarithmic(true)
    styler.setXAxisDecimalPattern("#")
    styler.setYAxisMin(0.0)
    curve.points.map(_.repeat).distinct.sorted.foreach { repeat =>
      val ps = curve.points.filter(_.repeat == repeat).sortBy(_.concurrency)
      val s = chart.addSeries(s"repeat $repeat", ps.map(_.concurrency.toDouble).toArray, ps.map(_.perSecond).toArray)
      s.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter)
      s.setMarker(SeriesMarkers.CIRCLE)
    }
    chart.addSeries("median over repeats", x, levels.map(_.median).toArray).setMarker(SeriesMarkers.NONE)
    Seq("requirement, low" -> curve.spec.requirementMin, "requirement, high" -> curve.spec.requirementMax).foreach {
      case (name, value) =>
        val line = chart.addSeries(name, Array(x.head, x.last), Array(value, value))
        line.setMarker(SeriesMarkers.NONE)
        line.setLineStyle(SeriesLines.DASH_DASH)
    }
    BitmapEncoder.getBitmapBytes(chart, BitmapFormat.PNG)
  }
}
