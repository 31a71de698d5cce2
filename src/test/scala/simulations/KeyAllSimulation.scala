package simulations

import keyall.KeyAll
import suite.SuiteSimulation

/** Key All back-office queues (docs/systems/key-all.md). Profiles: `users-1000` (default), `users-10000`,
  * `lock-race`, `smoke`.
  */
class KeyAllSimulation extends SuiteSimulation {
  setUpSystems(KeyAll)
}
