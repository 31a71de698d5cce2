package results

import results.model.{ ArchivedRun, RunWindow, WindowKind, WindowLabel, WindowSummary }
import results.render.{ RunIndexPage, RunPage }

import java.nio.file.{ Files, Path, Paths }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.{ CraftedSummaries, LiveTools }

/** A request name or a window label is text from the target's pages and the profiles, never markup: the
  * run page and the index page carry it escaped (in their tables and in the figures their charts read), and
  * in headless Chromium the charts' tooltips show it as text, with no element of it in the page.
  */
class PageEscapingEndToEndTest {
  private val name = """<img src=x onerror=alert(1)>"'&"""

  private val summary = {
    val crafted = CraftedSummaries.summary(
      "RaidSimulation",
      Map(List(name) -> CraftedSummaries.ok(2000, 2010, 2500)),
      startEpochMs = 1000000L,
      runId = "raid-1"
    )
    // Two cycles, so that the run page draws its knee chart, whose tooltip names the window.
    def cycle(i: Int) = WindowSummary(
      RunWindow(WindowKind.Cycle, WindowLabel.Named(s"cycle $i $name"), 1000000L + (i - 1) * 1000, 1000000L + i * 1000),
      Some(crafted.global),
      Nil,
      Nil,
      Nil
    )
    crafted.copy(windows = Seq(cycle(1), cycle(2)))
  }

  /** Shows every chart's tooltip (its first point), then writes what the page holds for the test to read:
    * how many images it has, and each tooltip's text.
    */
  private val probe =
    """<script>
      |window.addEventListener('load', function () {
      |  var found = document.createElement('div');
      |  found.id = 'probe';
      |  document.querySelectorAll('[_echarts_instance_]').forEach(function (el) {
      |    var chart = echarts.getInstanceByDom(el);
      |    chart.getOption().series.forEach(function (s, i) {
      |      chart.dispatchAction({ type: 'showTip', seriesIndex: i, dataIndex: 0 });
      |      Array.prototype.slice.call(el.children, 1).forEach(function (tip) {
      |        var text = document.createElement('pre');
      |        text.className = 'tooltip';
      |        text.textContent = tip.textContent;
      |        found.appendChild(text);
      |      });
      |    });
      |  });
      |  var images = document.createElement('pre');
      |  images.id = 'images';
      |  images.textContent = 'images: ' + document.getElementsByTagName('img').length;
      |  found.appendChild(images);
      |  document.body.appendChild(found);
      |});
      |</script>
      |</body>""".stripMargin

  /** The page as headless Chromium leaves it once the probe ran: its tooltips' texts and its image count. */
  private def inChromium(root: Path, page: String, html: String): (Seq[String], String) = {
    val file = root.resolve(page)
    Files.createDirectories(file.getParent)
    // An injected alert() would hold Chromium until its time-out: a silent one lets the probe count its image.
    val silentAlert = """<head><script>window.alert = function () {};</script>"""
    Files.writeString(file, html.replace("<head>", silentAlert).replace("</body>", probe))
    val dom = LiveTools.chromium(
      LiveTools.binary("chromium", "chromium"),
      file.toUri.toString,
      Files.createTempFile("page-escaping-", ".png")
    )
    val tooltips = """(?s)<pre class="tooltip">(.*?)</pre>""".r.findAllMatchIn(dom).map(_.group(1)).toSeq
    val images = """<pre id="images">(.*?)</pre>""".r.findFirstMatchIn(dom).map(_.group(1)).getOrElse(dom)
    (tooltips, images)
  }

  /** The name as text in a serialised DOM: only `<`, `>` and `&` are written as entities there. */
  private def asText(text: String): String = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

  private def assertOnlyEscaped(html: String): Unit = {
    assertFalse(html.contains("<img"), "no markup of the name in the page")
    assertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;"), "the name, escaped as HTML")
  }

  @Test def theRunPageShowsARequestNameAndAWindowLabelOnlyAsText(): Unit = {
    val html = RunPage.render(summary, Nil, Set.empty)
    assertOnlyEscaped(html)
    val root = Files.createTempDirectory("page-escaping-")
    SiteFiles.assets(root)
    val (tooltips, images) = inChromium(root, "raid-1/run.html", html)
    assertEquals("images: 0", images)
    assertTrue(tooltips.exists(_.contains(asText(name))), s"a percentile chart's tooltip names the request: $tooltips")
    assertTrue(tooltips.exists(_.contains(asText(s"cycle 1 $name"))), s"the knee's tooltip names the window: $tooltips")
  }

  @Test def theIndexPageShowsARequestNameOnlyAsText(): Unit = {
    val run = ArchivedRun(Paths.get("raid-1"), None, Some(summary), None, 0L)
    val html = RunIndexPage.render(Seq(run))
    assertOnlyEscaped(html)
    val root = Files.createTempDirectory("page-escaping-")
    SiteFiles.assets(root)
    val (tooltips, images) = inChromium(root, "index.html", html)
    assertEquals("images: 0", images)
    assertTrue(tooltips.exists(_.contains(asText(name))), s"the trend's tooltip names the request: $tooltips")
  }
}
