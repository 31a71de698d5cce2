package simulations

import journey.SystemUnderTest
import launch.SuiteSimulation

/** One simulation as a [[Registry]] lists it.
  *
  * @param simulation what a user names to run it (`-Dgatling.simulationClass=simulations.RaidSimulation`)
  * @param page       its page, from the project folder (`docs/systems/raid.md`)
  * @param systems    what it runs, each with its stand-in
  * @param inMainJob  its systems run in the main job ([[MainSimulation]])
  */
final case class Registration(
    simulation: Class[_ <: RegisteredSimulation],
    page: String,
    systems: Seq[SystemUnderTest],
    inMainJob: Boolean
) {
  def outsideMainJob: Registration = copy(inMainJob = false)
}

object Registration {
  def apply(simulation: Class[_ <: RegisteredSimulation], page: String, systems: SystemUnderTest*): Registration =
    Registration(simulation, page, systems, inMainJob = true)
}

/** A list of registrations ([[Systems]] is the suite's) and what each reader takes from it. */
class Registry(val registrations: Seq[Registration]) {
  require(
    registrations.map(_.simulation).distinct.size == registrations.size,
    s"a simulation registered twice: ${registrations.map(_.simulation.getSimpleName)}"
  )
  require(
    registrations.flatMap(_.systems.map(_.key)).distinct.size == registrations.map(_.systems.size).sum,
    s"a system registered twice: ${registrations.map(_.systems.map(_.key))}"
  )

  /** The systems of the main job, in order. */
  def mainJob: Seq[SystemUnderTest] = registrations.filter(_.inMainJob).flatMap(_.systems)

  /** What a standalone sandbox serves: every registered system's stand-in. */
  def sandboxed: Seq[SystemUnderTest] = registrations.flatMap(_.systems)

  def systemsOf(simulation: Class[_]): Seq[SystemUnderTest] =
    registrations.find(_.simulation == simulation).map(_.systems).getOrElse(
      throw new IllegalStateException(s"${simulation.getName} has no registration in ${getClass.getName}")
    )

  /** The page of the system with this key. */
  def pageOf(key: String): String =
    registrations.find(_.systems.exists(_.key == key)).map(_.page).getOrElse(
      throw new IllegalStateException(s"no system '$key' registered in ${getClass.getName}")
    )
}

/** A simulation that runs the systems its registration in `registry` names. */
abstract class RegisteredSimulation(registry: Registry) extends SuiteSimulation {
  setUpSystems(registry.systemsOf(getClass): _*)
}
