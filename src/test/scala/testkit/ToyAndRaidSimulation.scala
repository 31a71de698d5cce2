package testkit

import launch.SuiteSimulation

import raid.Raid
import testkit.toy.Toy

/** Two systems in one run: the toy system beside RAiD, each on its own profile and thresholds. */
class ToyAndRaidSimulation extends SuiteSimulation {
  setUpSystems(Raid, Toy)
}
