package learningportal.standin

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{ Files, Path, Paths }

import websites.standin.SiteImages.picture

/** The stand-in's copy of the learning portal: 18 course pages, each with its own figures, the portal's
  * stylesheet and logo, and links to every other page; generated from the topic list, the same on every
  * start. [[LearningPortalSiteStandIn.main]] writes the page feeder from the same list.
  */
object LearningPortalSiteStandIn {
  final case class Page(title: String, path: String)
  final case class Asset(contentType: String, body: Array[Byte])

  private val Topics = Seq(
    "Introduction to the roll",
    "Who can enrol",
    "Checking an enrolment",
    "Updating details",
    "The Maori electoral option",
    "Overseas electors",
    "Unpublished roll",
    "Objections",
    "Dual enrolment",
    "Advance voting",
    "Special votes",
    "Voting places",
    "Accessibility",
    "Counting the votes",
    "Recounts",
    "Privacy",
    "Complaints",
    "Glossary"
  )

  val pages: Seq[Page] = Topics.map(t => Page(t, s"/learn/${t.toLowerCase(java.util.Locale.ROOT).replace(' ', '-')}/"))

  private val stylesheet = "/assets/portal.css"
  private val logo = "/assets/logo.png"
  val FiguresPerPage = 3

  private def figures(page: Page): Seq[String] = (1 to FiguresPerPage).map(n => s"${page.path}figure-$n.png")

  /** Every asset a page links. */
  def assets(page: Page): Seq[String] = (stylesheet +: logo +: figures(page))

  private val htmlByPath: Map[String, Array[Byte]] = pages.map(p => p.path -> html(p).getBytes(UTF_8)).toMap

  private val assetByPath: Map[String, Asset] =
    (Seq(stylesheet -> Asset("text/css; charset=utf-8", css.getBytes(UTF_8)), logo -> png(logo, 120, 40)) ++
      pages.flatMap(figures).map(path => path -> png(path, 480, 270))).toMap

  def pageAt(path: String): Option[Array[Byte]] = htmlByPath.get(path)
  def assetAt(path: String): Option[Asset] = assetByPath.get(path)

  private def png(path: String, width: Int, height: Int) =
    Asset("image/png", picture("png", width, height, path.hashCode))

  private def css: String =
    ("body { margin: 0; font-family: system-ui, sans-serif; }" +: "nav li { display: inline; margin-right: 1em; }" +:
      (1 to 40).map(n => s".lesson-$n { margin: ${n % 4}px; }")).mkString("\n") + "\n"

  private def html(page: Page): String = {
    val links = pages.filterNot(_ == page).map(p => s"""<li><a href="${p.path}">${p.title}</a></li>""").mkString
    val images = figures(page).zipWithIndex.map { case (src, i) =>
      s"""<figure><img src="$src" alt="${page.title}, figure ${i + 1}"></figure>"""
    }.mkString("\n    ")
    s"""<!DOCTYPE html>
<html lang="en-NZ">
<head>
  <meta charset="utf-8">
  <title>${page.title} | Learning portal</title>
  <link rel="stylesheet" href="$stylesheet">
</head>
<body>
  <header><img src="$logo" alt="Learning portal"></header>
  <main>
    <h1>${page.title}</h1>
    <p>What a registrar needs to know about ${page.title.toLowerCase(java.util.Locale.ROOT)}, with worked examples.</p>
    $images
  </main>
  <nav aria-label="Course"><ul>$links</ul></nav>
</body>
</html>
"""
  }

  /** Writes the page feeder (`title,path`, one line per page, in course order) to the path given, by
    * default the repository's copy: see src/test/resources/feeders/learning-portal/README.md.
    */
  def main(args: Array[String]): Unit = {
    val target: Path = Paths.get(args.headOption.getOrElse("src/test/resources/feeders/learning-portal/pages.csv"))
    val lines = "title,path" +: pages.map(p => s"${p.title},${p.path}")
    Files.write(target, (lines.mkString("\n") + "\n").getBytes(UTF_8))
    println(s"wrote ${pages.size} pages to $target")
  }
}
