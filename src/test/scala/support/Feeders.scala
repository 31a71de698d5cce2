package support

import java.io.FileNotFoundException

import io.gatling.core.Predef._

/** Loads CSV feeders from src/test/resources and checks them before any load is sent: a missing
  * file, a missing column or an empty file stops the run with a message naming the file.
  */
object Feeders {
  type Record = Map[String, Any]

  def csvRecords(resource: String, requiredColumns: Seq[String]): IndexedSeq[Record] = {
    val records =
      try csv(resource).readRecords.toIndexedSeq
      catch {
        case _: FileNotFoundException    => throw new SuiteError(s"$resource: not found under src/test/resources")
        case e: IllegalArgumentException => throw new SuiteError(s"$resource: ${e.getMessage.stripPrefix("requirement failed: ")}")
      }
    validate(resource, records, requiredColumns)
  }

  def validate(resource: String, records: IndexedSeq[Record], requiredColumns: Seq[String]): IndexedSeq[Record] = {
    if (records.isEmpty) throw new SuiteError(s"$resource: no records (a feeder needs a header line and at least one row)")
    val columns = records.head.keySet
    requiredColumns.find(c => !columns.contains(c)).foreach { missing =>
      throw new SuiteError(s"$resource: missing column '$missing' (has: ${columns.toList.sorted.mkString(", ")})")
    }
    records
  }
}
