package simulations

import raid.Raid
import suite.SuiteSimulation

/** RAiD API mint and update (docs/systems/raid.md). Reference: `-Dprofile=reference`. */
class RaidSimulation extends SuiteSimulation {
  setUpSystems(Raid)
}
