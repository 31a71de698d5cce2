package journey

import config.InputError

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class FeedersTest {
  @Test def emptyFeederIsRejectedNamingTheFile(): Unit = {
    val e = assertThrows(classOf[InputError], () => Feeders.validate("feeders/empty.csv", IndexedSeq.empty, Seq("a")))
    assertTrue(e.getMessage.startsWith("feeders/empty.csv: no records"), e.getMessage)
  }

  @Test def missingColumnIsRejectedNamingColumnAndFile(): Unit = {
    val records = IndexedSeq(Map[String, Any]("servicePointId" -> "1", "token" -> "x"))
    val e = assertThrows(
      classOf[InputError],
      () => Feeders.validate("feeders/sp.csv", records, Seq("servicePointId", "apiToken"))
    )
    assertEquals("feeders/sp.csv: missing column 'apiToken' (has: servicePointId, token)", e.getMessage)
  }

  @Test def aShortRowIsRejectedNamingFileAndLine(): Unit = {
    val records = IndexedSeq(
      Map[String, Any]("servicePointId" -> "1", "apiToken" -> "t"),
      Map[String, Any]("servicePointId" -> "2", "apiToken" -> "u"),
      Map[String, Any]("servicePointId" -> "3")
    )
    val e = assertThrows(
      classOf[InputError],
      () => Feeders.validate("feeders/sp.csv", records, Seq("servicePointId", "apiToken"))
    )
    assertEquals("feeders/sp.csv: line 4 has no value for column 'apiToken' (a short row?)", e.getMessage)
  }

  @Test def completeFeederIsReturnedUnchanged(): Unit = {
    val records = IndexedSeq(Map[String, Any]("servicePointId" -> "1", "apiToken" -> "t"))
    assertEquals(records, Feeders.validate("feeders/sp.csv", records, Seq("servicePointId", "apiToken")))
  }

  private def file(lines: String*): String = {
    val f = java.nio.file.Files.createTempFile("feeder-", ".csv")
    java.nio.file.Files.writeString(f, lines.mkString("\n"))
    f.toString
  }

  @Test def aCsvFileIsReadWithItsQuotedCommas(): Unit = {
    val f = file("name,address", "Mere,\"12 Queen Street, Auckland 1010\"", "Tane,1 Cuba Street")
    assertEquals(
      IndexedSeq(
        Map("name" -> "Mere", "address" -> "12 Queen Street, Auckland 1010"),
        Map("name" -> "Tane", "address" -> "1 Cuba Street")
      ),
      Feeders.csvRecords(f, Seq("name", "address"))
    )
  }

  @Test def aCsvFilesBadLinesAreNamed(): Unit = {
    def failure(f: String) =
      assertThrows(classOf[InputError], () => Feeders.csvRecords(f, Seq("name", "address"))).getMessage
    val short = file("name,address", "Mere,12 Queen Street", "Tane")
    assertEquals(s"$short: line 3 has no value for column 'address' (a short row?)", failure(short))
    val long = file("name,address", "Mere,12 Queen Street,extra")
    assertTrue(failure(long).startsWith(s"$long: line 2: Too many entries"), failure(long))
    val noColumn = file("name", "Mere")
    assertEquals(s"$noColumn: missing column 'address' (has: name)", failure(noColumn))
    assertEquals("feeders/none.csv: not found (on the classpath: src/test/resources)", failure("feeders/none.csv"))
  }
}
