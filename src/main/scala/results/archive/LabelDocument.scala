package results.archive

import com.fasterxml.jackson.annotation.JsonInclude
import com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT
import com.fasterxml.jackson.databind.annotation.JsonDeserialize

import results.model.WindowLabel

import config.InputError

/** A window's label in run.json and summary.json (`labelFields`, beside the `label` readers see), as on disk,
  * and the mapping to and from [[WindowLabel]]: from schema 3 on its fields are stored, and read back as they
  * are; a file of schema 2 has its text only, read back by [[StoredWindowLabel]].
  *
  * @param kind level, cycle, fixedWork, configured, wholeRun, firstQuarter, lastQuarter, or named (its name is
  *             the label's text)
  */
private[results] final case class LabelDocument(
    kind: String,
    @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Integer]) level: Option[Int] = None,
    @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Integer]) repeat: Option[Int] = None,
    @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Integer]) cycle: Option[Int] = None,
    @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Long]) users: Option[Long] = None,
    @JsonInclude(NON_ABSENT) scenario: Option[String] = None,
    @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Long]) scenarios: Option[Long] = None
)

private[results] object LabelDocument {
  def document(label: WindowLabel): LabelDocument = label match {
    case WindowLabel.Level(level, repeat, users) =>
      LabelDocument("level", level = Some(level), repeat = Some(repeat), users = Some(users))
    case WindowLabel.Cycle(cycle, users)        => LabelDocument("cycle", cycle = Some(cycle), users = users)
    case WindowLabel.FixedWork(scenario, count) =>
      LabelDocument("fixedWork", scenario = Some(scenario), scenarios = Some(count))
    case WindowLabel.Configured   => LabelDocument("configured")
    case WindowLabel.WholeRun     => LabelDocument("wholeRun")
    case WindowLabel.FirstQuarter => LabelDocument("firstQuarter")
    case WindowLabel.LastQuarter  => LabelDocument("lastQuarter")
    case WindowLabel.Named(_)     => LabelDocument("named")
  }

  /** The label stored as `text` and, from schema 3 on, `fields`; a kind no label has (a newer version's) is
    * shown as its text.
    */
  def label(text: String, fields: Option[LabelDocument], schema: Int): WindowLabel =
    if (SummaryJson.inWords(schema)) StoredWindowLabel.read(text)
    else {
      val f = fields.getOrElse(throw new InputError(s"window '$text' has no labelFields"))
      def field[A](value: Option[A], name: String): A =
        value.getOrElse(throw new InputError(s"window '$text': its ${f.kind} label has no $name"))
      f.kind match {
        case "level" => WindowLabel.Level(field(f.level, "level"), field(f.repeat, "repeat"), field(f.users, "users"))
        case "cycle" => WindowLabel.Cycle(field(f.cycle, "cycle"), f.users)
        case "fixedWork"    => WindowLabel.FixedWork(field(f.scenario, "scenario"), field(f.scenarios, "scenarios"))
        case "configured"   => WindowLabel.Configured
        case "wholeRun"     => WindowLabel.WholeRun
        case "firstQuarter" => WindowLabel.FirstQuarter
        case "lastQuarter"  => WindowLabel.LastQuarter
        case _              => WindowLabel.Named(text)
      }
    }
}
