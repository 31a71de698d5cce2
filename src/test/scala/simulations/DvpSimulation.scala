package simulations

import dvp.Dvp
import suite.SuiteSimulation

/** Download Voting Papers' three situations (docs/systems/dvp.md). Profile: `reference` (3,000 scenarios). */
class DvpSimulation extends SuiteSimulation {
  setUpSystems(Dvp)
}
