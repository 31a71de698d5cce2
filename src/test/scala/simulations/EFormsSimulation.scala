package simulations

import eforms.EForms
import suite.SuiteSimulation

/** Survey eForms respondents on their line speeds (docs/systems/eforms.md). Profiles: `normal` (default),
  * `peak`, `stress`, `endurance`, and `data-extraction` (`peak` with an hourly extraction beside it).
  */
class EFormsSimulation extends SuiteSimulation {
  setUpSystems(EForms)
}
