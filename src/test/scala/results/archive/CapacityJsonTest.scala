package results.archive

import results.model.{ CapacityRecord, CapacityStepRecord, LoadUnit, MachineFigures, SearchEnd }

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Assertions._

/** run.json's record of a search, written as JSON and read back, for every way a search ends. */
class CapacityJsonTest {
  @Test def aSearchRecordReadsBackAsWritten(): Unit =
    SearchEnd.All.zipWithIndex.foreach { case (end, i) =>
      val judgesPace = i % 2 == 0
      val record = CapacityRecord(
        "reference",
        50,
        LoadUnit.Arrivals,
        0.1,
        8,
        3600000,
        Seq(
          CapacityStepRecord(1, 1000, 2000, passedLive = true),
          CapacityStepRecord(
            2.5,
            3000,
            4000,
            passedLive = false,
            Some(results.model.InjectorFigures(
              2,
              35.5,
              61.2,
              3,
              0.25,
              20,
              results.model.LateStartFigures(90, 12, 40),
              4
            )),
            Some(Map("raid: mint raid" -> Map("< 1 ms" -> 120L, ">= 1 s" -> 2L)))
          )
        ),
        end,
        judgesPace
      )
      val json = results.archive.Json.write(CapacityJson.document(record))
      val read = CapacityJson.record(results.archive.Json.mapper.readValue(json, classOf[CapacityDocument]))
      assertEquals(record, read)
      // Equal as numbers, but boxed as Integers a count could not be added up: read back, they are Longs.
      val counts: Seq[Long] = read.steps.flatMap(_.sandboxAdded).flatMap(_.values).flatMap(_.values)
      assertEquals(122L, counts.sum)
    }

  @Test def aStepsMachineIsStoredAsTheModelsFiguresRounded(): Unit = {
    val step =
      CapacityStepRecord(1, 1000, 2000, passedLive = true, machine = Some(MachineFigures(87.25, 0.04, 9.96, 2.345)))
    val record =
      CapacityRecord(
        "reference",
        50,
        LoadUnit.Arrivals,
        0.1,
        8,
        3600000,
        Seq(step),
        SearchEnd.Resolved,
        judgesPace = true
      )
    val json = Json.write(CapacityJson.document(record))
    assertEquals(
      """{"busyPercent":87.3,"stolenPercent":0.0,"ownPercent":10.0,"waitPerCpuSecond":2.35}""",
      Json.mapper.readTree(json).get("steps").get(0).get("machine").toString,
      "its four fields, rounded, and nothing worked out from them"
    )
    val read = CapacityJson.record(Json.mapper.readValue(json, classOf[CapacityDocument]))
    assertEquals(Some(MachineFigures(87.3, 0.0, 10.0, 2.35)), read.steps.head.machine)
  }

  @Test def aLoadUnitNotTheSuitesIsRefused(): Unit = {
    val json = Json.write(CapacityJson.document(
      CapacityRecord("reference", 50, LoadUnit.Users, 0.1, 8, 3600000, Nil, SearchEnd.Resolved, judgesPace = true)
    )).replace("\"users\"", "\"sessions\"")
    val refused = assertThrows(
      classOf[config.InputError],
      () => CapacityJson.record(Json.mapper.readValue(json, classOf[CapacityDocument]))
    )
    assertTrue(refused.getMessage.contains("'sessions'"), refused.getMessage)
  }
}
