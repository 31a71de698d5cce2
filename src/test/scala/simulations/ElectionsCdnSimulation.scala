package simulations

import elections.Elections
import suite.SuiteSimulation

/** The election websites behind a CDN (docs/systems/elections.md): `-Dprofile=homepage` (the default),
  * `comprehensive` or `soak`.
  */
class ElectionsCdnSimulation extends SuiteSimulation {
  setUpSystems(Elections)
}
