package elections.standin

import java.nio.charset.StandardCharsets.UTF_8
import java.util.Base64

/** The election site the stand-in's origin serves: CMS pages whose HTML links real stylesheets,
  * scripts, images and favicons, the homepage as many as a real one (31 assets). Every body is built
  * once, at start, so a cache hit costs no work.
  */
object ElectionsSiteStandIn {

  /** A file the origin serves. */
  final case class Resource(contentType: String, body: Array[Byte])

  private val Stylesheets = Seq("main", "layout", "print", "fonts", "cookie-banner").map(n => s"/assets/css/$n.css")
  private val Scripts =
    Seq("jquery.min", "bootstrap.min", "main", "navigation", "search", "cookie-banner", "analytics").map(n =>
      s"/assets/js/$n.js"
    )
  private val Favicons =
    Seq("/favicon.ico", "/favicon-16x16.png", "/favicon-32x32.png", "/apple-touch-icon.png")

  /** Each page's own images (3 on every page but the homepage, which carries a hero, news tiles and
    * partner logos too).
    */
  private val Pages: Seq[(String, String, Seq[String])] = Seq(
    (
      "/",
      "Electoral Commission",
      Seq("logo.svg", "hero-vote.svg") ++ (1 to 6).map(i => s"news-$i.svg") ++
        (1 to 4).map(i => s"tile-$i.svg") ++ Seq("partner-govt.svg", "partner-te-reo.svg", "footer-logo.svg")
    ),
    ("/enrol", "Enrol to vote", Seq("logo.svg", "enrol-hero.svg", "footer-logo.svg")),
    ("/voting", "How to vote", Seq("logo.svg", "voting-place.svg", "footer-logo.svg")),
    ("/candidates", "Candidates and parties", Seq("logo.svg", "candidates-hero.svg", "footer-logo.svg")),
    ("/results", "Election results", Seq("logo.svg", "results-chart.svg", "footer-logo.svg")),
    ("/about", "About us", Seq("logo.svg", "about-hero.svg", "footer-logo.svg"))
  )

  private def image(name: String): String = s"/assets/img/$name"

  private def html(title: String, images: Seq[String]): String = {
    val links = Stylesheets.map(href => s"""    <link rel="stylesheet" href="$href">""") ++
      Seq(
        """    <link rel="icon" href="/favicon.ico">""",
        """    <link rel="icon" type="image/png" sizes="16x16" href="/favicon-16x16.png">""",
        """    <link rel="icon" type="image/png" sizes="32x32" href="/favicon-32x32.png">""",
        """    <link rel="apple-touch-icon" href="/apple-touch-icon.png">"""
      )
    val imgs = images.map(name => s"""      <img src="${image(name)}" alt="${name.stripSuffix(".svg")}">""")
    val scripts = Scripts.map(src => s"""    <script src="$src"></script>""")
    (Seq(
      "<!DOCTYPE html>",
      """<html lang="en-NZ">""",
      "  <head>",
      """    <meta charset="utf-8">""",
      s"    <title>$title</title>"
    ) ++ links ++ Seq("  </head>", "  <body>", s"    <h1>$title</h1>", "    <main>") ++
      imgs ++ Seq("    </main>") ++ scripts ++ Seq("  </body>", "</html>")).mkString("", "\n", "\n")
  }

  private def css(name: String): String =
    s"/* $name */\n" + (1 to 40).map(i =>
      s".block-$i { margin: ${i}px 0; padding: 0 ${i % 8}px; color: #1a1a${i % 10}a; }"
    )
      .mkString("\n")

  private def js(name: String): String =
    s"// $name\n(function () {\n  'use strict';\n" +
      (1 to 30).map(i => s"  function step$i(el) { return el && el.dataset ? el.dataset.step$i : null; }").mkString(
        "\n"
      ) +
      "\n})();\n"

  private def svg(name: String): String =
    s"""<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180"><title>$name</title>""" +
      """<rect width="320" height="180" fill="#00467f"/><circle cx="160" cy="90" r="60" fill="#ffffff"/></svg>"""

  // A 1x1 PNG: what the favicons and touch icon answer (browsers take PNG data for .ico too).
  private val Png = Base64.getDecoder.decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
  )

  /** Every path the origin answers, with its body. */
  val resources: Map[String, Resource] =
    (Pages.map { case (path, title, images) =>
      path -> Resource("text/html; charset=utf-8", html(title, images).getBytes(UTF_8))
    } ++
      Stylesheets.map(p => p -> Resource("text/css; charset=utf-8", css(p).getBytes(UTF_8))) ++
      Scripts.map(p => p -> Resource("application/javascript; charset=utf-8", js(p).getBytes(UTF_8))) ++
      Pages.flatMap(_._3).distinct.map(n => image(n) -> Resource("image/svg+xml", svg(n).getBytes(UTF_8))) ++
      Favicons.map(p => p -> Resource(if (p.endsWith(".ico")) "image/x-icon" else "image/png", Png))).toMap

  /** The assets a page links, as a browser would fetch them: stylesheets, favicons, images, scripts. */
  def assetsOf(page: String): Seq[String] =
    Pages.find(_._1 == page).toSeq.flatMap { case (_, _, images) =>
      Stylesheets ++ Favicons ++ images.map(image) ++ Scripts
    }

  /** The site's pages, homepage first. */
  val pages: Seq[String] = Pages.map(_._1)
}
