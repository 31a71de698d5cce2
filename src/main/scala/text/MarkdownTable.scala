package text

/** A Markdown table: its columns (each headed and aligned) and its rows of cells, as written text; every
  * table of the results' Markdown and of docs/configuration.md. [[render]] escapes a `|` in any heading or
  * cell, so a name holding one cannot split its row.
  */
final case class MarkdownTable(columns: Seq[MarkdownTable.Column], rows: Seq[Seq[String]]) {
  import MarkdownTable._

  def render: String = {
    val rule = columns.map(c => if (c.figures) "---:" else "---").mkString("|", "|", "|")
    (line(columns.map(_.heading)) +: rule +: rows.map(line)).mkString("\n")
  }

  private def line(cells: Seq[String]): String = cells.map(escape).mkString("| ", " | ", " |")
}

object MarkdownTable {

  /** A column headed `heading`: figures are aligned right, text left. */
  final case class Column(heading: String, figures: Boolean)

  def text(heading: String): Column = Column(heading, figures = false)
  def figures(heading: String): Column = Column(heading, figures = true)

  /** The first column text (what each row is), the others figures. */
  def named(first: String, figureColumns: Seq[String]): Seq[Column] = text(first) +: figureColumns.map(figures)

  /** Text as a Markdown cell or line: a `|` would end the cell. */
  def escape(text: String): String = text.replace("|", "\\|")
}
