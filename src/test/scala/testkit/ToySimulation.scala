package testkit

import simulations.RegisteredSimulation
import testkit.toy.ToySystems

/** The toy system alone, by its registration: the sandbox's framework tests run it. */
final class ToySimulation extends RegisteredSimulation(ToySystems)
