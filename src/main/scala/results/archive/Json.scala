package results.archive

import java.nio.file.{ Files, Path }
import java.time.Instant

import scala.reflect.ClassTag
import scala.util.control.NonFatal

import com.fasterxml.jackson.annotation.JsonProperty
import com.fasterxml.jackson.databind.{
  AnnotationIntrospector,
  DeserializationFeature,
  ObjectMapper,
  SerializationFeature
}
import com.fasterxml.jackson.databind.exc.MismatchedInputException
import com.fasterxml.jackson.databind.introspect.{ AnnotatedMember, AnnotatedParameter, NopAnnotationIntrospector }
import com.fasterxml.jackson.module.scala.DefaultScalaModule
import config.InputError

/** summary.json and run.json bound to their documents (case classes) by Jackson's Scala module: a field of a
  * document is written in the order it is declared, and read back required (present, not null) unless it is an
  * `Option`, a collection (absent: empty) or marked `@JsonProperty(required = false)`: a figure written for
  * readers and worked out again from the others when read, its default standing in when absent.
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

  private[results] val mapper: ObjectMapper = {
    val m = new ObjectMapper().registerModule(DefaultScalaModule).enable(SerializationFeature.INDENT_OUTPUT)
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
