package results.archive

import com.fasterxml.jackson.annotation.{ JsonInclude, JsonProperty }
import com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT
import com.fasterxml.jackson.core.{ JsonParser, JsonToken }
import com.fasterxml.jackson.databind.{ DeserializationContext, JsonDeserializer }
import com.fasterxml.jackson.databind.annotation.JsonDeserialize
import com.fasterxml.jackson.databind.deser.std.StdDeserializer

import results.model.{ Problem, ProblemKind }

import config.InputError

/** A problem in summary.json (`completion.problems`, the gate's `incomplete`, `invalid`, `stoppedEarly`), as on
  * disk, and the mapping to and from [[Problem]]: from schema 3 on, an object of its fields; before, its text.
  */
private[results] object ProblemDocument {

  /** A stored problem: [[Fields]], or the [[Sentence]] of a file of an older schema. */
  @JsonDeserialize(using = classOf[Reader])
  sealed trait Stored

  /** @param kind its [[ProblemKind.name]]
    * @param text its whole text, written for readers: never read back
    */
  @JsonDeserialize(using = classOf[JsonDeserializer.None])
  final case class Fields(
      kind: String,
      system: Option[String],
      named: Option[String],
      @JsonInclude(NON_ABSENT) shard: Option[String],
      detail: String,
      @JsonProperty(required = false) text: String = ""
  ) extends Stored

  final case class Sentence(text: String) extends Stored

  /** A problem as its text (a file of an older schema) or as an object of its fields. */
  final class Reader extends StdDeserializer[Stored](classOf[Stored]) {
    override def deserialize(p: JsonParser, context: DeserializationContext): Stored =
      if (p.currentToken == JsonToken.VALUE_STRING) Sentence(p.getText) else context.readValue(p, classOf[Fields])
  }

  def document(p: Problem): Stored = Fields(p.kind.name, p.system, p.named, p.shard, p.detail, p.text)

  /** A stored problem read back: from its fields, or in a file of schema 2 from its words (`older`, which is
    * [[StoredProblem]]). A kind of a name no kind has (a newer version's) is kept as stored.
    */
  def problem(stored: Stored, schema: Int, older: String => Problem): Problem = stored match {
    case f: Fields if !SummaryJson.inWords(schema) =>
      Problem(
        f.system,
        ProblemKind.All.find(_.name == f.kind).getOrElse(ProblemKind.AsStored),
        f.detail,
        f.named,
        f.shard
      )
    case Sentence(text) if SummaryJson.inWords(schema) => older(text)
    case _: Fields      => throw new InputError(s"a problem stored as fields in a summary of schema $schema")
    case Sentence(text) => throw new InputError(s"problem '$text' stored as text in a summary of schema $schema")
  }
}
