package votenz.standin

import java.nio.charset.StandardCharsets.UTF_8

import votenz.{ VoteNzPage, VoteNzRequests }
import websites.standin.SiteImages.picture

/** The stand-in's copy of vote.nz: five CMS pages sharing a theme (stylesheets, scripts, logo, icons),
  * each with images of its own, the home page with a hero and `homeTiles` tiles, as a CMS homepage has
  * tens of assets. Everything is generated from the page list, the same on every start.
  */
final class VoteNzSiteStandIn(homeTiles: Int) {
  import VoteNzSiteStandIn._

  /** Where each page lives on the stand-in; systems/vote-nz.conf gives the journey the same paths. */
  val pagePaths: Map[VoteNzPage, String] = Map(
    VoteNzRequests.Home -> "/",
    VoteNzRequests.HowToEnrolOnline -> "/enrolling/how-to-enrol-online/",
    VoteNzRequests.Faqs -> "/faqs/",
    VoteNzRequests.MaoriElectoralOption -> "/maori-electoral-option/",
    VoteNzRequests.KeyDates -> "/key-dates/"
  )

  private val stylesheets = Seq("/assets/css/main.css", "/assets/css/print.css")

  /** Images only main.css links (backgrounds): a browser fetches them, Gatling's resource inference does not. */
  val stylesheetImages = Seq("/assets/img/pattern.png", "/assets/img/chevron.svg")
  private val scripts =
    Seq("/assets/js/vendor/jquery.min.js", "/assets/js/menu.js", "/assets/js/cookie-consent.js", "/assets/js/site.js")
  private val themeImages = Seq(
    "/favicon.png",
    "/assets/img/logo.svg",
    "/assets/img/social/facebook.svg",
    "/assets/img/social/instagram.svg",
    "/assets/img/social/youtube.svg",
    "/assets/img/footer-logo.png"
  )

  private def slug(page: VoteNzPage) = page.key.replaceAll("([A-Z])", "-$1").toLowerCase(java.util.Locale.ROOT)

  /** The images and scripts a page links beyond the theme's. */
  private def ownImages(page: VoteNzPage): Seq[String] =
    if (page == VoteNzRequests.Home)
      "/media/home/hero.jpg" +: (1 to homeTiles).map(n => f"/media/home/tile-$n%02d.jpg")
    else Seq(s"/media/${slug(page)}/banner.jpg", s"/media/${slug(page)}/illustration.png")

  private def ownScripts(page: VoteNzPage): Seq[String] = page match {
    case VoteNzRequests.Home => Seq("/assets/js/home.js")
    case VoteNzRequests.Faqs => Seq("/assets/js/accordion.js")
    case _                   => Nil
  }

  /** Every asset the page's HTML links. */
  def assets(page: VoteNzPage): Seq[String] =
    stylesheets ++ themeImages ++ ownImages(page) ++ scripts ++ ownScripts(page)

  private val pages: Map[String, Array[Byte]] =
    pagePaths.map { case (page, path) => path -> html(page).getBytes(UTF_8) }

  private val files: Map[String, Asset] = {
    val all = (VoteNzRequests.Pages.flatMap(assets) ++ stylesheetImages).distinct
    all.map(path => path -> asset(path)).toMap
  }

  def pageAt(path: String): Option[Array[Byte]] = pages.get(path)
  def assetAt(path: String): Option[Asset] = files.get(path)

  private def html(page: VoteNzPage): String = {
    val nav = VoteNzRequests.Pages
      .map(p =>
        s"""<li><a href="${pagePaths(p)}"${if (p == page) " aria-current=\"page\"" else ""}>${p.name}</a></li>"""
      )
      .mkString("\n        ")
    val images = ownImages(page).zipWithIndex
      .map { case (src, i) =>
        s"""<figure><img src="$src" alt="${page.name}, picture ${i + 1}" loading="lazy"></figure>"""
      }
      .mkString("\n      ")
    val social = themeImages.filter(_.contains("/social/"))
      .map(src => s"""<a href="#"><img src="$src" alt="${src.split('/').last.stripSuffix(".svg")}"></a>""")
      .mkString(" ")
    val scriptTags =
      (scripts ++ ownScripts(page)).map(src => s"""<script src="$src" defer></script>""").mkString("\n  ")
    s"""<!DOCTYPE html>
<html lang="en-NZ">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${page.name} | vote.nz</title>
  <link rel="stylesheet" href="${stylesheets(0)}">
  <link rel="stylesheet" href="${stylesheets(1)}" media="print">
  <link rel="icon" type="image/png" href="/favicon.png">
</head>
<body>
  <header>
    <a href="/"><img src="/assets/img/logo.svg" alt="vote.nz" width="180" height="48"></a>
    <nav aria-label="Main">
      <ul>
        $nav
      </ul>
    </nav>
  </header>
  <main>
    <h1>${page.name}</h1>
    ${Copy.getOrElse(page, "")}
    <section class="gallery">
      $images
    </section>
  </main>
  <footer>
    <p>$social</p>
    <img src="/assets/img/footer-logo.png" alt="Electoral Commission">
  </footer>
  $scriptTags
</body>
</html>
"""
  }
}

object VoteNzSiteStandIn {
  final case class Asset(contentType: String, body: Array[Byte])

  /** Each page's text, in the suite's own words: what the page is for. */
  private val Copy: Map[VoteNzPage, String] = Map(
    VoteNzRequests.Home -> "<p>Enrol, update your details and find out how, when and where to vote.</p>",
    VoteNzRequests.HowToEnrolOnline ->
      "<p>You can enrol online if you have a New Zealand driver licence, passport or RealMe verified identity.</p>",
    VoteNzRequests.Faqs -> Seq(
      "Who can enrol?" -> "New Zealand citizens and permanent residents aged 18 or over who have lived here for a year.",
      "Can I enrol at 17?" -> "Yes: you can enrol at 17, and you are enrolled automatically on your 18th birthday.",
      "How do I check I am enrolled?" -> "Check online with your name and date of birth, or call us.",
      "I have moved. What do I do?" -> "Update your address online within two months of moving.",
      "Can I vote from overseas?" -> "Yes, if you have been in New Zealand in the last three years (citizens) or twelve months (residents)."
    ).map { case (question, answer) => s"<details><summary>$question</summary><p>$answer</p></details>" }
      .mkString("\n    "),
    VoteNzRequests.MaoriElectoralOption ->
      "<p>If you are of Māori descent you can choose to be on the general roll or the Māori roll.</p>",
    VoteNzRequests.KeyDates -> ("<table><thead><tr><th>What</th><th>When</th></tr></thead><tbody>" +
      Seq("Enrolment update campaign", "Overseas voting starts", "Advance voting starts", "Election day")
        .map(what => s"<tr><td>$what</td><td>to be announced</td></tr>")
        .mkString + "</tbody></table>")
  )

  private def asset(path: String): Asset = {
    val seed = path.hashCode
    path.substring(path.lastIndexOf('.') + 1) match {
      case "css" => Asset("text/css; charset=utf-8", stylesheet(path).getBytes(UTF_8))
      case "js"  => Asset("text/javascript; charset=utf-8", script(path).getBytes(UTF_8))
      case "svg" => Asset("image/svg+xml", svg(seed).getBytes(UTF_8))
      case "png" => Asset("image/png", picture("png", 64, 64, seed))
      case _     => Asset("image/jpeg", picture("jpg", if (path.endsWith("hero.jpg")) 1200 else 400, 260, seed))
    }
  }

  private def stylesheet(path: String): String =
    if (path.endsWith("print.css")) "nav, footer, .gallery { display: none; }\nbody { font: 12pt serif; }\n"
    else
      (Seq(
        "body { margin: 0; font-family: system-ui, sans-serif; color: #1a1a1a; background: url(\"/assets/img/pattern.png\"); }",
        "nav a::after { content: \"\"; display: inline-block; width: 8px; height: 8px; background: url(/assets/img/chevron.svg); }",
        "header, footer { padding: 1rem 2rem; background: #003d4c; color: #fff; }",
        ".gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 1rem; }"
      ) ++ (1 to 60).map(n => s".block-$n { margin: ${n % 5}px; padding: ${n % 7}px; }")).mkString("\n") + "\n"

  private def script(path: String): String = {
    val name = path.split('/').last.stripSuffix(".js").replaceAll("[^A-Za-z]", "")
    (s"(function () {\n  'use strict';\n  var $name = {};" +:
      (1 to 40).map(n =>
        s"  $name.step$n = function (element) { return element && element.dataset ? element.dataset.step$n : $n; };"
      ) :+
      s"  document.addEventListener('DOMContentLoaded', function () { $name.ready = true; });\n})();").mkString(
      "\n"
    ) + "\n"
  }

  private def svg(seed: Int): String = {
    val hue = math.abs(seed % 360)
    s"""<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48"><circle cx="24" cy="24" r="22" fill="hsl($hue, 60%, 40%)"/></svg>
"""
  }
}
