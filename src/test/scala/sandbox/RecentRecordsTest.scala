package sandbox

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class RecentRecordsTest {
  @Test def pastItsCapacityTheOldestRecordIsForgotten(): Unit = {
    val records = new RecentRecords[String, Int](3)
    (1 to 5).foreach(n => records.put(s"k$n", n))
    assertEquals(3, records.size)
    assertEquals(Seq(None, None, Some(3), Some(4), Some(5)), (1 to 5).map(n => records.get(s"k$n")))
    // Replacing a held record keeps its age; a removed one is gone at once.
    records.put("k3", 33)
    assertTrue(records.remove("k4"))
    assertFalse(records.remove("k4"))
    assertEquals(Some(33), records.get("k3"))
    records.put("k6", 6)
    assertEquals(None, records.get("k3"), "the oldest went first")
    assertTrue(records.contains("k5") && records.contains("k6"))
  }

  @Test def anHourOfNewSessionsHoldsNoMoreThanItsCapacity(): Unit = {
    val records = new RecentRecords[Int, String](1000)
    (1 to 200000).foreach(n => records.put(n, "session"))
    assertEquals(1000, records.size)
    assertTrue(records.contains(200000) && !records.contains(199000))
  }
}
