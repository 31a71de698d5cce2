package results.archive

import java.nio.file.{ Files, Path }
import java.time.Instant

import scala.reflect.ClassTag
import scala.util.control.NonFatal

import com.fasterxml.jackson.annotation.JsonProperty
import com.fasterxml.jackson.core.{ JsonGenerator, JsonParser }
import com.fasterxml.jackson.databind.{
  AnnotationIntrospector,
  DeserializationContext,
  DeserializationFeature,
  ObjectMapper,
  SerializationFeature,
  SerializerProvider
}
import com.fasterxml.jackson.databind.deser.std.StdDeserializer
import com.fasterxml.jackson.databind.module.SimpleModule
import com.fasterxml.jackson.databind.ser.std.StdSerializer
import com.fasterxml.jackson.databind.exc.MismatchedInputException
import com.fasterxml.jackson.databind.introspect.{ AnnotatedMember, AnnotatedParameter, NopAnnotationIntrospector }
import com.fasterxml.jackson.module.scala.DefaultScalaModule
import config.InputError

import results.model.StartRule

/** summary.json and run.json bound to their documents (case classes) by Jackson's Scala module: a field of a
  * document is written in the order it is declared, and read back required (present, not null) unless it is an
  * `Option`, a collection (absent: empty) or marked `@JsonProperty(required = false)`: a figure written for
  * readers and worked out again from the others when read, its default standing in when absent. A model type
  * stored as itself carries its own annotations; a value of a closed set is stored as its word ([[Words]]).
  */
private[results] object Json {
  private object RequiredUnlessOptional extends NopAnnotationIntrospector {
    override def hasRequiredMarker(member: AnnotatedMember): java.lang.Boolean = member match {
      case param: AnnotatedParameter =>
        val declared = Option(param.getAnnotation(classOf[JsonProperty]))
        val optional = classOf[Option[_]].isAssignableFrom(param.getRawType) ||
          classOf[scala.collection.Iterable[_]].isAssignableFrom(param.getRawType)
        declared.fold(!optional)(_.required)
      case _ => null
    }
  }

  /** Values of a closed set written as their words and read back from them; a word none of them has is refused. */
  private object Words extends SimpleModule {
    private def words[T](kind: Class[T], all: Seq[T], word: T => String): Unit = {
      addSerializer(
        kind,
        new StdSerializer[T](kind) {
          def serialize(value: T, json: JsonGenerator, provider: SerializerProvider): Unit =
            json.writeString(word(value))
        }
      )
      addDeserializer(
        kind,
        new StdDeserializer[T](kind) {
          def deserialize(json: JsonParser, context: DeserializationContext): T = {
            val text = json.getValueAsString
            all.find(word(_) == text).getOrElse(
              context.handleWeirdStringValue(kind, text, s"none of ${all.map(word).mkString(", ")}").asInstanceOf[T]
            )
          }
        }
      )
      ()
    }
    words(classOf[StartRule], StartRule.All, (_: StartRule).word)
  }

  private[results] val mapper: ObjectMapper = {
    val m = new ObjectMapper().registerModule(DefaultScalaModule).registerModule(Words)
      .enable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(
        DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES,
        DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES
      )
    m.setAnnotationIntrospector(AnnotationIntrospector.pair(
      RequiredUnlessOptional,
      m.getDeserializationConfig
        .getAnnotationIntrospector
    ))
  }

  private[results] def write(document: AnyRef): String = mapper.writeValueAsString(document)

  /** `file` read as a `D` and turned into the model by `model`; what it lacks, mistypes or holds that the model
    * refuses is an [[InputError]] naming the file (and the field, where Jackson names one).
    */
  private[results] def read[D, M](file: Path, what: String)(model: D => M)(implicit tag: ClassTag[D]): M = {
    if (!Files.isRegularFile(file)) throw new InputError(s"no ${file.getFileName} in ${file.getParent}")
    def refused(problem: String) = new InputError(s"$file is not $what this suite wrote: $problem")
    try model(mapper.readValue(file.toFile, tag.runtimeClass.asInstanceOf[Class[D]]))
    catch {
      case e: InputError               => throw refused(e.getMessage)
      case e: MismatchedInputException => throw refused(problem(e))
      case NonFatal(e)                 => throw refused(Option(e.getMessage).getOrElse(e.toString).linesIterator.next())
    }
  }

  // A field that is absent, or null where the document has no default for it.
  private val MissingProperty = """(?:Missing required|Null value for) creator property '([^']+)'.*""".r

  /** "missing field 'run.startEpochMs'", or what Jackson says of the field it could not read. */
  private def problem(e: MismatchedInputException): String = {
    val at =
      (0 until e.getPath.size).map(e.getPath.get).map(ref => Option(ref.getFieldName).getOrElse(ref.getIndex.toString))
    Option(e.getOriginalMessage).flatMap(_.linesIterator.nextOption()).getOrElse("") match {
      case MissingProperty(name) =>
        s"missing field '${(if (at.lastOption.contains(name)) at else at :+ name).mkString(".")}'"
      case other => s"field '${at.mkString(".")}': $other"
    }
  }

  private[results] def iso(epochMs: Long): String = Instant.ofEpochMilli(epochMs).toString
}
