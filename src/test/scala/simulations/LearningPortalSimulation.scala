package simulations

import learningportal.LearningPortal
import suite.SuiteSimulation

/** The learning portal's authenticated reads and practice (docs/systems/learning-portal.md). Profiles:
  * `cycles` (default), `smoke`.
  */
class LearningPortalSimulation extends SuiteSimulation {
  setUpSystems(LearningPortal)
}
