package simulations

import dvp.Dvp
import eforms.EForms
import elections.Elections
import eol.Eol
import eroll.ERoll
import keyall.KeyAll
import keyupload.KeyUpload
import learningportal.{ LearningPortal, LearningPortalMobile }
import raid.Raid
import suite.SuiteSimulation
import votenz.VoteNz

/** The main job that `mvn gatling:test` runs: every system, in one run with one report. */
class MainSimulation extends SuiteSimulation {
  setUpSystems(MainSimulation.systems: _*)
}

object MainSimulation {

  /** Every system the suite models; a new system is one more entry. At smoke scale none sets a throttle
    * (Gatling's throttle is global: it would cap and unpause every system of the run).
    */
  val systems =
    Seq(Raid, Eol, Dvp, ERoll, KeyAll, VoteNz, Elections, LearningPortal, LearningPortalMobile, KeyUpload, EForms)
}
