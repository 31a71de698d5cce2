package results.archive

import java.nio.file.{ Files, Path, Paths }

import com.fasterxml.jackson.databind.ObjectMapper
import com.fasterxml.jackson.databind.node.{ ArrayNode, ObjectNode }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import config.InputError

import results.model.{ EarlyStopRecord, ShardStart, StartRule }

/** summary.json read into the model and written again: every golden kind of run (results.GoldenSummaryTest)
  * reads back into the model it was written from, and older or broken files are read as before.
  */
class SummaryJsonTest {
  private val golden = Paths.get("src/test/resources/golden")
  private val kinds = Seq("one-system", "several-systems", "no-figures", "sharded", "sweep", "cycles", "capacity")

  private def written(json: String): Path = {
    val file = Files.createTempFile("summary-", ".json")
    Files.writeString(file, json)
  }

  private def tree(kind: String): ObjectNode =
    new ObjectMapper().readTree(golden.resolve(s"$kind.summary.json").toFile).asInstanceOf[ObjectNode]

  @Test def everyGoldenKindReadsBackIntoTheModelItWasWrittenFrom(): Unit =
    kinds.foreach { kind =>
      val file = golden.resolve(s"$kind.summary.json")
      val model = SummaryJson.read(file)
      val json = SummaryJson.write(model)
      assertEquals(model, SummaryJson.read(written(json)), kind)
      assertEquals(Files.readString(file), json, s"$kind: written again byte for byte")
    }

  @Test def anEarlyStopIsStoredAsTheModelsRecordWithItsReasonForReaders(): Unit = {
    val stop = EarlyStopRecord("p99", 3120.5, 3000, " ms", 10000, 14, 6000)
    val json =
      SummaryJson.write(SummaryJson.read(golden.resolve("one-system.summary.json")).copy(earlyStop = Some(stop)))
    assertEquals(
      """{"limit":"p99","measured":3120.5,"allowed":3000.0,"unit":" ms","windowMs":10000,"responses":14,""" +
        s""""atMs":6000,"reason":"${stop.describe}"}""",
      Json.mapper.readTree(json).get("earlyStop").toString,
      "the model's fields as they are, and its reason for readers"
    )
    assertEquals(Some(stop), SummaryJson.read(written(json)).earlyStop)
  }

  @Test def aShardsStartIsStoredAsTheModelsWithItsRuleAsAWord(): Unit = {
    val start = ShardStart(StartRule.Rendezvous, 1000, 1400, Seq(2))
    val summary = SummaryJson.read(golden.resolve("one-system.summary.json"))
    val json = SummaryJson.write(summary.copy(run = summary.run.copy(start = Some(start))))
    val tree = Json.mapper.readTree(json)
    val stored = tree.get("run").get("start")
    assertEquals(
      """{"rule":"rendezvous","plannedEpochMs":1000,"startedEpochMs":1400,"lateMs":400,"missingShards":[2]}""",
      stored.toString,
      "the model's fields, its rule by its word and its lateness for readers"
    )
    assertEquals(Some(start), SummaryJson.read(written(json)).run.start)

    stored.asInstanceOf[ObjectNode].put("rule", "soon")
    val error = assertThrows(classOf[InputError], () => SummaryJson.read(written(tree.toString)))
    assertTrue(error.getMessage.contains("none of at, rendezvous"), error.getMessage)
  }

  /** Files written before systems, spans, sessions, the timeline or a capacity search were kept. */
  @Test def olderSummariesLackingLaterFieldsStillRead(): Unit = {
    val old = tree("capacity")
    Seq("systems", "sessions", "timeline", "sandboxExhaustion", "tallies", "curves").foreach(old.remove)
    val global = old.get("global").asInstanceOf[ObjectNode]
    Seq("firstStartEpochMs", "lastEndEpochMs", "activeRequestsPerSecond", "koPercent", "name").foreach(global.remove)
    old.get("errors").forEach(e => e.asInstanceOf[ObjectNode].remove("path"))
    val read = SummaryJson.read(written(old.toString))
    assertEquals((Nil, Nil, None, Nil), (read.systems, read.capacity, read.global.span, read.sessions))
    assertEquals(Nil, read.gate.get.capacity)
    assertTrue(read.errors.forall(_.path.isEmpty))
  }

  @Test def aMissingOrMistypedFieldIsAnInputErrorNamingItAndTheFile(): Unit = {
    val missing = tree("one-system")
    missing.get("run").asInstanceOf[ObjectNode].remove("startEpochMs")
    val file = written(missing.toString)
    val error = assertThrows(classOf[InputError], () => SummaryJson.read(file))
    assertEquals(s"$file is not a summary this suite wrote: missing field 'run.startEpochMs'", error.getMessage)

    val nulled = tree("one-system")
    nulled.get("run").asInstanceOf[ObjectNode].putNull("simulation")
    nulled.get("global").asInstanceOf[ObjectNode].putNull("count")
    val withNulls = written(nulled.toString)
    assertTrue(
      assertThrows(classOf[InputError], () => SummaryJson.read(withNulls)).getMessage
        .startsWith(s"$withNulls is not a summary this suite wrote: missing field 'run.simulation'"),
      "a null is as missing as an absent field"
    )

    val mistyped = tree("one-system")
    mistyped.get("requests").asInstanceOf[ArrayNode].get(1).asInstanceOf[ObjectNode].put("count", "many")
    val other = written(mistyped.toString)
    val message = assertThrows(classOf[InputError], () => SummaryJson.read(other)).getMessage
    assertTrue(message.startsWith(s"$other is not a summary this suite wrote: field 'requests.1.count': "), message)

    val unknownEnd = tree("capacity")
    unknownEnd.get("systems").get(0).get("capacity").asInstanceOf[ObjectNode].put("end", "gave-up")
    val third = written(unknownEnd.toString)
    assertEquals(
      s"$third is not a summary this suite wrote: capacity end 'gave-up' is none of resolved, max-multiple, max-duration, stopped, drain-timed-out",
      assertThrows(classOf[InputError], () => SummaryJson.read(third)).getMessage
    )
  }
}
