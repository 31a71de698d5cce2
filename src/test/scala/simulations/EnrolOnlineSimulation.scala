package simulations

import eol.Eol
import suite.SuiteSimulation

/** Enrol Online's seven transactions (docs/systems/eol.md). Profiles: `best` (101,022/h), `goal` (70,000/h). */
class EnrolOnlineSimulation extends SuiteSimulation {
  setUpSystems(Eol)
}
