package simulations

import publicapps.{ PublicAppsERoll, PublicAppsWeb }
import suite.SuiteSimulation

/** The public applications' combined run (docs/systems/public-apps.md): a fixed list of EOL and DVP
  * scenarios on the web host and, from a few minutes in, a list of eRoll sessions; the headline is the
  * time to finish both. Profile `reference`: 3 runners, `-Dshard=1/3` .. `3/3`.
  */
class PublicAppsSimulation extends SuiteSimulation {
  setUpSystems(PublicAppsWeb, PublicAppsERoll)
}
