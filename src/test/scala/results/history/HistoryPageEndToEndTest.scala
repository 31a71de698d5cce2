package results.history

import results.SiteFiles

import java.nio.file.{ Files, Paths }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.LiveTools

/** HistoryPageTest's planted history in headless Chromium (an end-to-end test: it needs the browser, which
  * `.ci/run` installs, where `mvn test` needs only a JDK and Maven).
  */
class HistoryPageEndToEndTest {

  /** The page as headless Chromium draws it: each red line's run, read back from where it stands on the chart's
    * axis (its drawn x converted to the axis's run), with its label, one line per change point.
    */
  @Test def inChromiumTheChangePointStandsAtThePlantedRun(): Unit = {
    val root = Files.createTempDirectory(Files.createDirectories(Paths.get("target/test-tmp")), "history-chromium-")
    HistoryPageTest.plant(root)
    SiteFiles.assets(root)
    val page = SiteFiles.history(root).get
    Files.writeString(page, Files.readString(page).replace("</body>", HistoryPageEndToEndTest.probe))
    val dom = LiveTools.chromium(
      LiveTools.binary("chromium", "chromium"),
      page.toUri.toString,
      Files.createTempFile("history-page-", ".png")
    )
    val drawn = """(?s)<pre id="probe">(.*?)</pre>""".r.findFirstMatchIn(dom).map(_.group(1)).getOrElse(dom)
    assertTrue(
      drawn.matches(
        """mint p99 \(RaidSimulation reference on demo, shard merged 3/3\) at night-30: \+2\d\.\d+ % \(raid-api 5\.1\)"""
      ),
      drawn
    )
  }
}

object HistoryPageEndToEndTest {

  /** Once the charts are drawn, writes each red line's chart, run and label into the page: the run is where the
    * line stands, its drawn x converted back to the axis's run by ECharts.
    */
  val probe: String =
    """<script>
      |window.addEventListener('load', function () {
      |  setTimeout(function () {
      |    var lines = [];
      |    document.querySelectorAll('[_echarts_instance_]').forEach(function (el) {
      |      var chart = echarts.getInstanceByDom(el);
      |      var option = chart.getOption();
      |      var labels = Array.prototype.filter.call(el.querySelectorAll('text'), function (t) {
      |        return t.getAttribute('fill') === '#c0392b';
      |      });
      |      Array.prototype.forEach.call(el.querySelectorAll('path'), function (path) {
      |        var d = (path.getAttribute('d') || '').match(/^M\s*([\d.]+)[ ,]([\d.]+)\s*L\s*([\d.]+)[ ,]([\d.]+)\s*$/);
      |        if (path.getAttribute('stroke') !== '#c0392b' || !d || d[1] !== d[3]) return;
      |        var at = chart.convertFromPixel({ gridIndex: 0 }, [Number(d[1]), Number(d[2])])[0];
      |        lines.push(option.title[0].text + ' at ' + option.xAxis[0].data[at] + ': ' +
      |          labels.map(function (t) { return t.textContent; }).join(', '));
      |      });
      |    });
      |    var probe = document.createElement('pre');
      |    probe.id = 'probe';
      |    probe.textContent = lines.join('\n');
      |    document.body.appendChild(probe);
      |  }, 1000);
      |});
      |</script>
      |</body>""".stripMargin
}
