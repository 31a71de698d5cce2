package testkit

import journey.{ SystemSettings, SystemUnderTest }
import launch.SuiteSimulation

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import testkit.toy.Toy

/** The toy system with a journey that also burns the injector's CPU for `burnMs` per user: an injector
  * that cannot keep up on purpose, to prove the verdict then says INVALID, not PASS or FAIL.
  */
class StarvedInjectorSimulation extends SuiteSimulation {
  setUpSystems(StarvedInjectorSimulation.BurningToy)
}

object StarvedInjectorSimulation {
  val BurnMs = 1500L

  object BurningToy extends SystemUnderTest {
    override val key = Toy.key
    override val scenarioName = Toy.scenarioName
    override val requestNames = Toy.requestNames
    override val standIn = Toy.standIn
    override def protocol(baseUrl: String) = Toy.protocol(baseUrl)

    override def journey(settings: SystemSettings): ChainBuilder =
      exec { session =>
        val until = System.nanoTime() + BurnMs * 1000000
        var spin = 0L
        while (System.nanoTime() < until) spin += 1
        session.set("spin", spin)
      }.exec(Toy.journey(settings))
  }
}
