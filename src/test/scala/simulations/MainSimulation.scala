package simulations

import launch.SuiteSimulation

/** The main job that `mvn gatling:test` runs: every system of [[Systems]]' main job, in one run with one report.
  * At smoke scale none sets a throttle (Gatling's throttle is global: it would cap and unpause every system of
  * the run).
  */
class MainSimulation extends SuiteSimulation {
  setUpSystems(Systems.mainJob: _*)
}
