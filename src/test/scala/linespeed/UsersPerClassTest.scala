package linespeed

import launch.{ RunAssembly, SuiteConfig }

import scala.jdk.CollectionConverters._

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** How a system's users split over its line classes: largest remainder, at least one per class. */
class UsersPerClassTest {
  // eForms' table: 56k 2.3 %, 64k 0.5 %, 512k 39.2 %, 2048k 58 %.
  private val eForms = Seq(
    LineClass("56k", 56, 2.3),
    LineClass("64k", 64, 0.5),
    LineClass("512k", 512, 39.2),
    LineClass("2048k", 2048, 58)
  )

  @Test def theCountsAddUpToTheTotalByLargestRemainder(): Unit = {
    assertEquals(Seq(23L, 5L, 392L, 580L), LineClass.usersPerClass(1000, eForms))
    // 100 x (2.3, 0.5, 39.2, 58) = 2.3, 0.5, 39.2, 58: floors 2, 0, 39, 58 (99), the one left to 64k's 0.5.
    assertEquals(Seq(2L, 1L, 39L, 58L), LineClass.usersPerClass(100, eForms))
    val thirds = Seq(LineClass("a", 1, 100.0 / 3), LineClass("b", 2, 100.0 / 3), LineClass("c", 3, 100.0 / 3))
    assertEquals(Seq(1L, 1L, 0L), LineClass.usersPerClass(2, thirds), "ties go to the first class")
    assertEquals(Seq(34L, 33L, 33L), LineClass.usersPerClass(100, thirds))
  }

  @Test def everyClassGetsAUserWhereTheTotalHasOneForEach(): Unit = {
    // 23 users: exact shares 0.53, 0.12, 9.02, 13.34; by remainder 1, 0, 9, 13; 64k's user comes from
    // 512k, whose 9 is furthest above its share.
    assertEquals(Seq(1L, 1L, 8L, 13L), LineClass.usersPerClass(23, eForms))
    assertEquals(Seq(1L, 1L, 1L, 1L), LineClass.usersPerClass(4, eForms))
    assertEquals(Seq(0L, 0L, 1L, 2L), LineClass.usersPerClass(3, eForms), "3 users cannot cover 4 classes")
    assertEquals(Seq(0L, 0L, 0L, 0L), LineClass.usersPerClass(0, eForms))
    val none = Seq(LineClass("56k", 56, 0), LineClass("2048k", 2048, 100))
    assertEquals(Seq(0L, 5L), LineClass.usersPerClass(5, none), "a class with no share gets no user")
  }

  /** bench/all-peaks.sh's eForms (its all-peaks profile): the peak arrival rate (608.6 returns/h) for 30 s of
    * warm-up and 2 minutes.
    */
  @Test def aShortPeakRunGivesEveryLineClassARespondent(): Unit = {
    io.gatling.app.InProcessGatling.loadConfiguration()
    val config = ConfigFactory
      .parseMap(Map("eforms.profile" -> "all-peaks").asJava)
      .withFallback(ConfigFactory.parseResources("application.conf"))
      .withFallback(ConfigFactory.parseResources("systems/eforms.conf"))
      .resolve()
    val run = RunAssembly.assemble("Peak", Seq(eforms.EForms), SuiteConfig.fromConfig(config, Seq("eforms")))
    val planned = run.loads.map(load => load.line.map(_.name).getOrElse("") -> load.profile.plannedUsers)
    // 3 warm-up and 20 steady users in all; split 1, 1, 8, 13, each class's warm-up and steady users rounded.
    assertEquals(Seq("56k" -> Some(1L), "64k" -> Some(1L), "512k" -> Some(8L), "2048k" -> Some(12L)), planned)
  }
}
