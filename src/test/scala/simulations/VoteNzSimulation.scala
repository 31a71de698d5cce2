package simulations

import suite.SuiteSimulation
import votenz.VoteNz

/** vote.nz browsing sessions (docs/systems/vote-nz.md). Profiles: `users-500` (default), `users-1000`. */
class VoteNzSimulation extends SuiteSimulation {
  setUpSystems(VoteNz)
}
