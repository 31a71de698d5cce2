package simulations

import eforms.EForms
import suite.SuiteSimulation

/** Survey eForms respondents on their line speeds (docs/systems/eforms.md). Profiles: `normal` (default),
  * `peak`, `stress`, `endurance`.
  */
class EFormsSimulation extends SuiteSimulation {
  setUpSystems(EForms)
}
