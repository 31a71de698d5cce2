package testkit

import simulations.RegisteredSimulation
import testkit.toy.ToySystems

/** The toy system alone, by its registration: the sandbox's framework tests run it. */
final class ToySimulation extends RegisteredSimulation(ToySystems)

/** The toy's closed reference as a capacity search compressed for a smoke run: 2 concurrent users at 1x, up to 2x.
  * Given with `profile=capacity` and `smoke=true`.
  */
object ToyCapacity {
  val closedSmoke: Seq[(String, String)] = Seq(
    "profiles.toy.capacity.of" -> "closed",
    "profiles.toy.closed.type" -> "closed-ramp",
    "profiles.toy.closed.startUsers" -> "1",
    "profiles.toy.closed.usersPerMinute" -> "60",
    "profiles.toy.closed.targetUsers" -> "2",
    "profiles.toy.closed.hold" -> "1 minute",
    "capacity.maxMultiple" -> "2",
    "sandbox.stubs.delay.ms" -> "0"
  )
}
