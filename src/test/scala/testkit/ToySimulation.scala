package testkit

import suite.SuiteSimulation
import testkit.toy.Toy

/** The toy system alone: the sandbox's framework tests run it. */
class ToySimulation extends SuiteSimulation {
  setUpSystems(Toy)
}
