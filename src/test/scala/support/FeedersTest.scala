package support

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class FeedersTest {
  @Test def emptyFeederIsRejectedNamingTheFile(): Unit = {
    val e = assertThrows(classOf[SuiteError], () => Feeders.validate("feeders/empty.csv", IndexedSeq.empty, Seq("a")))
    assertTrue(e.getMessage.startsWith("feeders/empty.csv: no records"), e.getMessage)
  }

  @Test def missingColumnIsRejectedNamingColumnAndFile(): Unit = {
    val records = IndexedSeq(Map[String, Any]("servicePointId" -> "1", "token" -> "x"))
    val e = assertThrows(classOf[SuiteError], () => Feeders.validate("feeders/sp.csv", records, Seq("servicePointId", "apiToken")))
    assertEquals("feeders/sp.csv: missing column 'apiToken' (has: servicePointId, token)", e.getMessage)
  }

  @Test def completeFeederIsReturnedUnchanged(): Unit = {
    val records = IndexedSeq(Map[String, Any]("servicePointId" -> "1", "apiToken" -> "t"))
    assertEquals(records, Feeders.validate("feeders/sp.csv", records, Seq("servicePointId", "apiToken")))
  }
}
