package results.render

import results.model.{ GateCheck, Metric, RunSummary }

import java.io.StringWriter

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.ObjectMapper
import io.pebbletemplates.pebble.PebbleEngine
import io.pebbletemplates.pebble.loader.ClasspathLoader
import org.HdrHistogram.Histogram

/** What the pages of the results site share: Pebble templates (HTML-escaped by default) from the
  * classpath folder site/, the figures handed to the charts as JSON, and results/assets/ (ECharts and
  * the pages' script and style), copied next to the pages so they open offline and from a downloaded
  * artifact of results/.
  */
object SitePages {
  val AssetsFolder = "assets"
  private val EChartsVersion = "5.3.1"
  private val EChartsResource = s"META-INF/resources/webjars/echarts/$EChartsVersion"
  private val Assets = Seq(
    s"$EChartsResource/dist/echarts.min.js" -> "echarts.min.js",
    s"$EChartsResource/LICENSE" -> "echarts-LICENSE.txt",
    s"$EChartsResource/NOTICE" -> "echarts-NOTICE.txt",
    "site/charts.js" -> "charts.js",
    "site/site.css" -> "site.css"
  )

  /** The classpath resource of the asset named `name` (as under assets/), for a page served from the classpath. */
  def assetResource(name: String): Option[String] = Assets.collectFirst { case (resource, `name`) => resource }

  private val engine = {
    val loader = new ClasspathLoader()
    loader.setPrefix("site")
    loader.setSuffix(".peb")
    new PebbleEngine.Builder().loader(loader).strictVariables(true).build()
  }
  private val mapper = new ObjectMapper()

  /** Compiles the archive's page templates (Pebble keeps them), ahead of the archive that needs them. */
  def prepare(): Unit = Seq(RunPage.Template, RunIndexPage.Template, ComparePage.Template).foreach(engine.getTemplate)

  /** What a template or a chart reads: named values of any kind. */
  type Fields = Map[String, Any]
  def fields(values: (String, Any)*): Fields = values.toMap

  /** The page `template` filled with `values` (Scala collections become Java ones for the templates). */
  def render(template: String, values: Map[String, Any]): String = {
    val writer = new StringWriter()
    engine.getTemplate(template).evaluate(writer, values.map { case (k, v) => k -> javaValue(v) }.asJava)
    writer.toString
  }

  /** `value` as JSON that can stand inside a <script> element (no "</script>" can end it early). */
  def json(value: Any): String = mapper.writeValueAsString(javaValue(value)).replace("<", "\\u003c")

  /** Scala values as the Java collections Pebble and Jackson read. */
  def javaValue(value: Any): Any = value match {
    case m: collection.Map[_, _] => m.map { case (k, v) => k.toString -> javaValue(v) }.asJava
    case s: Iterable[_]          => s.map(javaValue).toSeq.asJava
    case Some(v)                 => javaValue(v)
    case None                    => null
    case other                   => other
  }

  /** The assets' file names under [[AssetsFolder]] and their bytes. */
  def assets: Seq[(String, Array[Byte])] =
    Assets.map { case (resource, name) =>
      name -> Option(getClass.getClassLoader.getResourceAsStream(resource))
        .map(in =>
          try in.readAllBytes()
          finally in.close()
        )
        .getOrElse(throw new IllegalStateException(s"$resource is not on the classpath"))
    }

  /** The latency-by-percentile curve of a histogram, HdrHistogram's way: x is 1 / (1 - percentile / 100)
    * on a log axis (1 = 0 %, 10 = 90 %, 100 = 99 %...), y the time in ms; ten points a decade up to the
    * last one the sample count resolves, then the maximum.
    */
  def percentileCurve(histogram: Histogram): Seq[Seq[Double]] = {
    val count = histogram.getTotalCount
    if (count == 0) Nil
    else {
      val decades = math.log10(count.toDouble)
      val steps = (0 until (decades * 10).toInt).map(i => math.pow(10, i / 10.0))
      val curve = steps.map { x =>
        val percentile = 100 * (1 - 1 / x)
        Seq(x, histogram.getValueAtPercentile(percentile).toDouble)
      }
      curve :+ Seq(math.max(count.toDouble, curve.lastOption.fold(1.0)(_.head * 1.26)), histogram.getMaxValue.toDouble)
    }
  }

  /** The thresholds the gate checked for `subject` as percentile limits: (percentile, allowed ms). */
  def percentileLimits(summary: RunSummary, subject: String): Seq[Fields] =
    summary.gate.toSeq.flatMap(_.checks).filter(c => c.subject == subject && c.atMost).collect {
      case GateCheck(_, p @ Metric.Percentile(rank), _, allowed, _, _, _, _, _) =>
        fields("metric" -> p.name, "percentile" -> rank, "allowedMs" -> allowed)
    }
}
