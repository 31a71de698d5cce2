package testkit.toy

import simulations.{ Registration, Registry, StandaloneSandbox, Systems }
import testkit.ToySimulation

/** The suite's systems and the toy, registered as docs/adding-a-system.md says a system is: one line in the list
  * and its simulation class ([[ToySimulation]]). The toy stays out of [[Systems]], whose main job users run.
  */
object ToySystems
    extends Registry(
      Systems.registrations :+
        Registration(classOf[ToySimulation], "docs/adding-a-system.md", Toy)
    )

/** [[StandaloneSandbox]] serving [[ToySystems]]: every system's stand-in and the toy's, on free ports. */
object ToySystemsSandbox {
  def main(args: Array[String]): Unit = StandaloneSandbox.serve(ToySystems)
}
