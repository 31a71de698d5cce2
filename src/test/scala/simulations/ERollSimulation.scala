package simulations

import eroll.ERoll
import suite.SuiteSimulation

/** eRoll API sessions (docs/systems/eroll.md). Profile: `reference` (3,000 sessions, fixed work). */
class ERollSimulation extends SuiteSimulation {
  setUpSystems(ERoll)
}
