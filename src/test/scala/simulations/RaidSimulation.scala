package simulations

import raid.Raid
import support.SuiteSimulation

/** RAiD API mint and update (journeys.md section 1). Reference: `-Dprofile=reference`. */
class RaidSimulation extends SuiteSimulation {
  setUpSystems(Raid)
}
