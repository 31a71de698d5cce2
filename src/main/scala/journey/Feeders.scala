package journey

import config.InputError

import java.io.{ BufferedReader, InputStream, InputStreamReader }
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{ Files, Paths }

import scala.jdk.CollectionConverters._
import scala.util.Using

import com.fasterxml.jackson.core.JacksonException
import com.fasterxml.jackson.databind.RuntimeJsonMappingException
import com.fasterxml.jackson.dataformat.csv.{ CsvMapper, CsvSchema }

/** Loads CSV feeders (a classpath resource under src/test/resources, else a file) and checks them before
  * any load is sent: a missing file, a missing column, an empty file or a short row stops the run with a
  * message naming the file (and the line). Journeys feed the records to Gatling; stand-ins, which run
  * outside Gatling, read the same files the same way.
  */
object Feeders {
  type Record = Map[String, Any]

  private val reader = new CsvMapper().readerForMapOf(classOf[String]).`with`(CsvSchema.emptySchema().withHeader())

  def csvRecords(resource: String, requiredColumns: Seq[String]): IndexedSeq[Record] = {
    val stream = open(resource).getOrElse(throw InputError.notFound(resource, "on the classpath: src/test/resources"))
    val (header, records) =
      try Using.resource(new BufferedReader(new InputStreamReader(stream, UTF_8)))(read(resource, _))
      catch {
        case e: JacksonException => throw badLine(resource, e)
        // The row iterator wraps its parser's error in an unchecked one.
        case e: RuntimeJsonMappingException =>
          e.getCause match {
            case cause: JacksonException => throw badLine(resource, cause)
            case _                       => throw e
          }
      }
    requiredColumns.find(c => records.nonEmpty && !header.contains(c)).foreach { missing =>
      throw new InputError(s"$resource", s"missing column '$missing' (has: ${header.sorted.mkString(", ")})")
    }
    validate(resource, records, requiredColumns)
  }

  def validate(resource: String, records: IndexedSeq[Record], requiredColumns: Seq[String]): IndexedSeq[Record] = {
    if (records.isEmpty)
      throw new InputError(s"$resource", "no records (a feeder needs a header line and at least one row)")
    val columns = records.head.keySet
    requiredColumns.find(c => !columns.contains(c)).foreach { missing =>
      throw new InputError(s"$resource", s"missing column '$missing' (has: ${columns.toList.sorted.mkString(", ")})")
    }
    records.iterator.zipWithIndex.foreach { case (record, i) =>
      requiredColumns.find(c => !record.contains(c)).foreach { missing =>
        // Line 1 is the header, so record i is on line i + 2.
        throw new InputError(s"$resource", s"line ${i + 2} has no value for column '$missing' (a short row?)")
      }
    }
    records
  }

  private def badLine(resource: String, e: JacksonException): InputError = {
    val line = Option(e.getLocation).map(l => s"line ${l.getLineNr}: ").getOrElse("")
    new InputError(s"$resource", s"$line${InputError.firstLine(e.getOriginalMessage)}")
  }

  private def open(resource: String): Option[InputStream] =
    Option(getClass.getClassLoader.getResourceAsStream(resource))
      .orElse(Option(Paths.get(resource)).filter(Files.isRegularFile(_)).map(Files.newInputStream(_)))

  /** The header's column names and the rows; a short row lacks the columns it has no value for. */
  private def read(resource: String, in: BufferedReader): (Seq[String], IndexedSeq[Record]) = {
    in.mark(1)
    if (in.read() < 0) throw new InputError(s"$resource", "empty (a feeder needs a header line and at least one row)")
    in.reset()
    Using.resource(reader.readValues[java.util.Map[String, String]](in)) { rows =>
      val records = rows.asScala.map(row => row.asScala.toMap[String, Any]).toIndexedSeq
      val header = rows.getParserSchema match {
        case schema: CsvSchema => schema.iterator.asScala.map(_.getName).toSeq
        case _                 => Nil
      }
      (header, records)
    }
  }
}
