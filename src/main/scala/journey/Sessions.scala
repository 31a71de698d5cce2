package journey

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder

/** simulation.log records users without an id, so a session's outcome and length cannot be read from
  * its user records alone. A journey run inside a top-level group named after its scenario records
  * them: the summaries then report the scenario's sessions (results.model.SessionFigures).
  */
object Sessions {
  def recorded(scenarioName: String)(journey: ChainBuilder): ChainBuilder = group(scenarioName)(journey)
}
