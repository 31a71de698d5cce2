package journey

import config.{ InputError, Settings }

import java.util.Random

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class MixTest {
  private val known = Seq("search", "enrol", "update")

  private def read(hocon: String): Mix = Mix.read(new Settings(ConfigFactory.parseString(hocon), "eol"), "mix", known)

  private def failure(hocon: String): String = assertThrows(classOf[InputError], () => read(hocon)).getMessage

  @Test def drawsEachNameInProportionToItsWeight(): Unit = {
    val mix = read("mix { search = 63.0, enrol = 4.8, update = 15.4 }")
    val random = new Random(7)
    val draws = 200000
    val counts = Seq.fill(draws)(mix.draw(random)).groupBy(identity).view.mapValues(_.size).toMap
    known.foreach { name =>
      assertEquals(mix.share(name), counts(name).toDouble / draws, 0.005, s"$name within half a point of its share")
    }
    assertEquals(63.0 / 83.2, mix.share("search"), 1e-12)
  }

  @Test def aNameLeftOutIsNeverDrawn(): Unit = {
    val mix = read("mix { search = 3, enrol = 2 }")
    val random = new Random(1)
    assertFalse(Seq.fill(10000)(mix.draw(random)).contains("update"))
    assertEquals(Seq("search", "enrol"), mix.names)
  }

  @Test def badMixesAreRejectedNamingTheKey(): Unit = {
    assertEquals(
      "eol.mix.serch: unknown name; expected one of: search, enrol, update",
      failure("mix { serch = 1, enrol = 2 }")
    )
    assertEquals("eol.mix.enrol: must be at least 0 (was -2)", failure("mix { search = 1, enrol = -2 }"))
    assertEquals("eol.mix: the weights add up to 0: nothing could ever be drawn", failure("mix { search = 0 }"))
    assertEquals(
      "eol.mix: must be a block of weights, one per name of: search, enrol, update",
      failure("mix = 3")
    )
    assertEquals("eol.mix.enrol: must be a number (was 'lots')", failure("mix { enrol = lots }"))
  }

  @Test def namesWithSpacesAndDotsAreRead(): Unit = {
    val mix = Mix.read(
      new Settings(ConfigFactory.parseString("""mix { "Search only" = 3, "v1.2 path" = 1 }""")),
      "mix",
      Seq("Search only", "v1.2 path")
    )
    assertEquals(0.25, mix.share("v1.2 path"), 1e-12)
  }

  @Test def inTurnEveryNameWithAWeightComesUpOnceInEachRound(): Unit = {
    val mix = Mix.read(
      new Settings(ConfigFactory.parseString("mix { search = 63, enrol = 2.8, update = 0 }")),
      "mix",
      known,
      inTurn = true
    )
    assertEquals(Seq("search", "enrol", "search", "enrol"), Seq.fill(4)(mix.draw()))
  }
}
