package eol

import journey.Mix

import java.util.Random

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import config.{ ConfigFiles, Settings }

/** The transaction mixes of eol.conf, drawn as a run draws them. */
class EolMixTest {
  private val conf = ConfigFactory.parseResources(ConfigFiles.systemFile("eol")).resolve()

  private def shares(mix: Mix, draws: Int = 400000): Map[String, Double] = {
    val random = new Random(20261122)
    Seq.fill(draws)(mix.draw(random)).groupBy(identity).view.mapValues(_.size.toDouble / draws).toMap
  }

  @Test def theReferenceMixIsDrawnAtItsMeasuredShares(): Unit = {
    val mix = Mix.read(new Settings(conf.getConfig("eol"), "eol"), "mix", EolTransactions.names)
    val measured = Map(
      "Change details with drivers licence" -> 0.154,
      "Change details with passport" -> 0.056,
      "Change details without ID" -> 0.049,
      "Enrol with drivers licence" -> 0.048,
      "Enrol with passport" -> 0.028,
      "Enrol without ID" -> 0.035,
      "Search only" -> 0.63
    )
    val drawn = shares(mix)
    measured.foreach { case (name, share) => assertEquals(share, drawn(name), 0.003, s"$name within 0.3 points") }
  }

  @Test def theGoalIsThreeSearchOnlyToTwoEnrolOrUpdate(): Unit = {
    val goal = conf.getConfig("profiles.eol.goal.settings").withFallback(conf.getConfig("eol"))
    val drawn = shares(Mix.read(new Settings(goal, "eol"), "mix", EolTransactions.names))
    assertEquals(0.6, drawn("Search only"), 0.003, "42,000 of 70,000 an hour")
    assertEquals(0.4, drawn.view.filterKeys(_ != "Search only").values.sum, 0.003, "28,000 of 70,000 an hour")
  }

  @Test def theBestProfileArrivesAt101022TransactionsAnHour(): Unit =
    assertEquals(101022.0, conf.getDouble("profiles.eol.best.rate") * 3600, 1.0)
}
