package results.archive

import java.nio.file.{ Files, Path }
import java.time.Instant

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper, SerializationFeature }
import com.fasterxml.jackson.databind.node.{ ArrayNode, ObjectNode }
import suite.InputError

/** Jackson's tree model, as summary.json and run.json are written and read: a missing field is an
  * [[InputError]] naming it.
  */
private[results] object JsonTree {
  private[results] val mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)

  private[results] def parse(file: Path): JsonNode = {
    if (!Files.isRegularFile(file)) throw new InputError(s"no ${file.getFileName} in ${file.getParent}")
    mapper.readTree(file.toFile)
  }

  private[results] def obj(): ObjectNode = mapper.createObjectNode()

  private[results] def arr(): ArrayNode = mapper.createArrayNode()

  private[results] def strings(values: Seq[String]): ArrayNode = values.foldLeft(arr())(_.add(_))

  private[results] def stringMap(values: Map[String, String]): ObjectNode =
    values.toSeq.sorted.foldLeft(obj()) { case (node, (k, v)) => node.put(k, v) }

  private[results] def iso(epochMs: Long): String = Instant.ofEpochMilli(epochMs).toString

  private[results] def round(value: Double, digits: Int): Double =
    BigDecimal(value).setScale(digits, BigDecimal.RoundingMode.HALF_UP).toDouble

  private[results] def field(node: JsonNode, name: String): JsonNode = {
    val value = node.get(name)
    if (value == null || value.isNull) throw new InputError(s"missing field '$name'")
    value
  }

  private[results] def text(node: JsonNode, name: String): String = field(node, name).asText()

  private[results] def long(node: JsonNode, name: String): Long = field(node, name).asLong()

  private[results] def int(node: JsonNode, name: String): Int = field(node, name).asInt()

  private[results] def double(node: JsonNode, name: String): Double = field(node, name).asDouble()

  private[results] def list(node: JsonNode, name: String): Seq[JsonNode] =
    Option(node.get(name)).map(_.elements().asScala.toSeq).getOrElse(Nil)

  private[results] def textList(node: JsonNode, name: String): List[String] = list(node, name).map(_.asText()).toList

  /** An array of strings itself, such as one path in a list of paths. */
  private[results] def texts(array: JsonNode): List[String] = array.elements().asScala.map(_.asText()).toList

  private[results] def textMap(node: JsonNode, name: String): Map[String, String] =
    Option(
      node.get(name)
    ).map(_.properties().asScala.map(e => e.getKey -> e.getValue.asText()).toMap).getOrElse(Map.empty)
}
