package suite

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
}
