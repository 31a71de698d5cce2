package testkit

import launch.SuiteSimulation

import eroll.ERoll
import keyall.KeyAll

/** eRoll, whose login sends a password in a JSON body, beside Key All, whose database URL may carry one. */
class ERollAndKeyAllSimulation extends SuiteSimulation {
  setUpSystems(ERoll, KeyAll)
}
