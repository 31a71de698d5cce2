package profiles.capacity

import scala.concurrent.duration._

import com.typesafe.config.{ Config, ConfigUtil }
import config.Settings
import profiles.LoadProfiles

/** A search's settings: `capacity { resolution, maxMultiple, stepDuration, maxDuration, minAnswers }` for every system,
  * and a system's own `profiles.<system>.capacity { of, stepDuration, settle }` over them.
  *
  * @param of       the reference profile, when the system names one (else `reference`, else its default)
  * @param settle   how long a step runs before its judged window, when the system sets it (else worked out
  *                 from the reference, see [[CapacityProfiles]])
  */
final case class SearchSettings(
    of: Option[String],
    resolution: Double,
    maxMultiple: Double,
    stepDuration: FiniteDuration,
    maxDuration: FiniteDuration,
    settle: Option[FiniteDuration],
    minAnswers: Long
)

object SearchSettings {
  val Block = LoadProfiles.Capacity

  /** A system's own keys in `profiles.<system>.capacity`. */
  val SystemKeys: Seq[String] = Seq("of", "settle", "stepDuration")

  /** The largest multiple a search may try: beyond it the ceiling it injects is no longer a plan. */
  val HighestMaxMultiple = 1000.0

  def read(config: Config, simulation: String): SearchSettings = {
    val global = new Settings(config).block(Block)
    val ownPath = s"profiles.${ConfigUtil.joinPath(simulation)}.$Block"
    val own = new Settings(config).block(ownPath)
    own.names.find(k => !SystemKeys.contains(k)).foreach { key =>
      own.fail(key, s"unknown key for a capacity search; known: ${SystemKeys.mkString(", ")}")
    }
    val maxMultiple = global.double("maxMultiple", min = 1)
    if (maxMultiple > HighestMaxMultiple)
      global.fail("maxMultiple", s"must be at most ${HighestMaxMultiple.toLong} (was ${global.string("maxMultiple")})")
    val resolution = global.positiveDouble("resolution")
    if (resolution >= maxMultiple)
      global.fail(
        "resolution",
        s"must be below capacity.maxMultiple ($maxMultiple) (was ${global.string("resolution")})"
      )
    val step = (if (own.has("stepDuration")) own else global).duration("stepDuration", min = 1.second)
    val maxDuration = global.duration("maxDuration", min = 1.second)
    if (maxDuration < step)
      global.fail(
        "maxDuration",
        s"must be at least one step (${step.toSeconds}s) (was ${global.string("maxDuration")})"
      )
    SearchSettings(
      of = own.optionalString("of"),
      resolution = resolution,
      maxMultiple = maxMultiple,
      stepDuration = step,
      maxDuration = maxDuration,
      settle = Option.when(own.has("settle"))(own.duration("settle")),
      minAnswers = global.long("minAnswers", min = 1)
    )
  }
}
