package results.model

/** One system of a run, as the simulation recorded it: what the log cannot say.
  *
  * @param scenarios     its populations' scenario names (one per line class; a sweep's add " L1 R1")
  * @param plannedUsers  the users its profiles were to start, None where its speed decides (closed shapes)
  * @param plannedSteady its profile's steady phase, at offsets from the run's start
  * @param measuredSteady its fixed work's window, as the workers measured it
  * @param requests      the request paths it was answered on, in the order first answered (its journey's)
  * @param capacity      its capacity search, when its profile was `capacity`
  */
final case class SystemRecord(
    key: String,
    profile: String,
    scenarios: Seq[String],
    plannedUsers: Option[Long],
    plannedSteady: Option[PlannedWindow] = None,
    measuredSteady: Option[RunWindow] = None,
    requests: Seq[List[String]] = Nil,
    capacity: Option[results.model.CapacityRecord] = None
) {
  def steadyAt(runStartEpochMs: Long): Option[RunWindow] =
    plannedSteady.map(_.at(runStartEpochMs)).orElse(measuredSteady)

  /** A scenario is its own when named as one of its populations, or a sweep level of one ("raid L2 R1"), named
    * as [[SystemRecord.levelScenario]] names it: not another population whose name begins as one of its own.
    */
  def runs(scenario: String): Boolean =
    scenarios.exists(s =>
      scenario == s || scenario.startsWith(s) && SystemRecord.LevelOf.matches(scenario.drop(s.length))
    )
}

object SystemRecord {

  /** The Gatling scenario of repeat `repeat` of level `level` (each from 1) of a sweep of the population `scenario`. */
  def levelScenario(scenario: String, level: Int, repeat: Int): String = s"$scenario L$level R$repeat"

  private val LevelOf = """ L[1-9][0-9]* R[1-9][0-9]*""".r
}
