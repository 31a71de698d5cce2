package simulations

import raid.Raid
import support.SuiteSimulation

/** The main job that `mvn gatling:test` runs: every journey, in one run with one report. */
class MainSimulation extends SuiteSimulation {
  setUpSystems(Raid)
}
