package simulations

import dvp.Dvp
import eol.Eol
import eroll.ERoll
import keyall.KeyAll
import learningportal.LearningPortal
import raid.Raid
import suite.SuiteSimulation
import votenz.VoteNz

/** The main job that `mvn gatling:test` runs: every system, in one run with one report. */
class MainSimulation extends SuiteSimulation {
  setUpSystems(MainSimulation.systems: _*)
}

object MainSimulation {

  /** Every system the suite models; a new system is one more entry. */
  val systems = Seq(Raid, Eol, Dvp, ERoll, KeyAll, VoteNz, LearningPortal)
}
