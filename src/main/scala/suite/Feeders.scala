package suite

import java.io.FileNotFoundException

import io.gatling.core.Predef._

/** Loads CSV feeders from src/test/resources and checks them before any load is sent: a missing
  * file, a missing column, an empty file or a short row stops the run with a message naming the file
  * (and the line).
  */
object Feeders {
  type Record = Map[String, Any]

  def csvRecords(resource: String, requiredColumns: Seq[String]): IndexedSeq[Record] = {
    val records =
      try csv(resource).readRecords.toIndexedSeq
      catch {
        case _: FileNotFoundException    => throw new InputError(s"$resource: not found under src/test/resources")
        case e: IllegalArgumentException =>
          throw new InputError(s"$resource: ${e.getMessage.stripPrefix("requirement failed: ")}")
      }
    validate(resource, records, requiredColumns)
  }

  def validate(resource: String, records: IndexedSeq[Record], requiredColumns: Seq[String]): IndexedSeq[Record] = {
    if (records.isEmpty)
      throw new InputError(s"$resource: no records (a feeder needs a header line and at least one row)")
    val columns = records.head.keySet
    requiredColumns.find(c => !columns.contains(c)).foreach { missing =>
      throw new InputError(s"$resource: missing column '$missing' (has: ${columns.toList.sorted.mkString(", ")})")
    }
    records.iterator.zipWithIndex.foreach { case (record, i) =>
      requiredColumns.find(c => !record.contains(c)).foreach { missing =>
        // Line 1 is the header, so record i is on line i + 2.
        throw new InputError(s"$resource: line ${i + 2} has no value for column '$missing' (a short row?)")
      }
    }
    records
  }
}
