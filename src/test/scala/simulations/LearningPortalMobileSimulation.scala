package simulations

import learningportal.LearningPortalMobile
import suite.SuiteSimulation

/** The learning portal's mobile host alone (docs/systems/learning-portal.md). Profiles: `cycles` (default),
  * `smoke`.
  */
class LearningPortalMobileSimulation extends SuiteSimulation {
  setUpSystems(LearningPortalMobile)
}
