package results.archive

import results.model.WindowLabel

/** A window's label as run.json and summary.json stored it up to schema 2 ([[WindowLabel.text]]), read back
  * into the label: for older files only (schema 3 stores its fields, [[LabelDocument]]), and the one place its
  * text is parsed. Text that no label writes exactly so (an older spelling, a count without its thousands
  * separator) stays [[WindowLabel.Named]], so it is shown as it was stored.
  */
private[results] object StoredWindowLabel {
  private val Level = """L(\d+) R(\d+) \(([\d,]+) users?\)""".r
  private val Cycle = """cycle (\d+)(?: \(([\d,]+) users?\))?""".r
  private val FixedWork = """(.*), fixed work \(([\d,]+) scenarios\)""".r
  private val Fixed =
    Seq(WindowLabel.Configured, WindowLabel.WholeRun, WindowLabel.FirstQuarter, WindowLabel.LastQuarter)

  def read(text: String): WindowLabel = {
    val parsed = text match {
      case Level(level, repeat, users) =>
        for (l <- level.toIntOption; r <- repeat.toIntOption; u <- number(users)) yield WindowLabel.Level(l, r, u)
      case Cycle(cycle, users) =>
        cycle.toIntOption.map(c => WindowLabel.Cycle(c, Option(users).flatMap(number)))
      case FixedWork(scenario, scenarios) => number(scenarios).map(WindowLabel.FixedWork(scenario, _))
      case _                              => Fixed.find(_.text == text)
    }
    parsed.filter(_.text == text).getOrElse(WindowLabel.Named(text))
  }

  private def number(digits: String): Option[Long] = digits.replace(",", "").toLongOption
}
