package launch

import config.Redaction

import profiles.Plan

/** The one screen printed before a run starts: what will be sent, where, and for how long. */
object RunPlan {
  def render(run: RunSetup, baseUrls: Map[String, String]): String = {
    val suite = run.suite
    val rule = "=" * 100
    val lines = Seq(
      rule,
      s"Simulation  ${run.simulation}",
      s"Target      ${suite.target.name} (${suite.target.description})"
    ) ++ baseUrls.toSeq.sorted.map { case (system, url) => f"  $system%-10s ${Redaction.redact(url)}" } ++ Seq(
      s"Load        scale ${suite.scale}  shard ${suite.shard}${if (suite.smoke) "  smoke" else ""}",
      s"Early stop  ${suite.earlyStop.describe}"
    ) ++ suite.overrides.toSeq.sorted.map { case (k, v) => s"  override  $k = $v" } ++
      run.loads.flatMap { load =>
        val key = load.system.key
        val line =
          load.line.fold("")(l => s", ${l.name} lines (${l.kbitPerSecond} kbit/s, ${l.sharePercent} % of users)")
        (s"-- $key: profile ${load.profile.name}, think time x${suite.thinkTimeMultiplierOf(key)}$line" +:
          load.profile.plan.render.linesIterator.map("  " + _).toSeq) :+ s"  Expected:  ${expected(load)}"
      } ++ run.companions.map(c =>
        s"-- ${c.system.key} alongside: ${c.companion.scenarioName}, one user, ${c.companion.describe}"
      ) :+ s"Expected    ${overall(run.loads)}" :+
      rule
    lines.mkString("\n")
  }

  /** "400 requests/s at the peak (50 journeys/s x 8 requests)", or why there is no figure. */
  def expected(load: SystemLoad): String = {
    val plan = load.profile.plan
    (load.requestsPerJourney, plan.peakArrivalRate) match {
      case (None, _)                    => s"requests/s not estimated (set ${load.system.key}.requestsPerJourney)"
      case (_, None)                    => "requests/s not estimated (the journeys' pace depends on the system's speed)"
      case (Some(requests), Some(rate)) =>
        val sent = rate * requests
        val capped = plan.throttleRequestsPerSecond.filter(_ < sent).fold("")(t => s", capped by the throttle at $t")
        s"${Plan.rate(plan.expectedRequestsPerSecond(requests).getOrElse(sent))} requests/s at the peak " +
          s"(${Plan.rate(rate)} journeys/s x ${Plan.number(requests)} requests$capped)"
    }
  }

  /** Every system's expected requests/s together, as if they peaked at once. */
  def overall(loads: Seq[SystemLoad]): String = {
    val known = loads.flatMap(l => l.expectedRequestsPerSecond.map(l.system.key -> _))
    val unknown = loads.map(_.system.key).filterNot(known.map(_._1).contains)
    val total = Plan.rate(known.map(_._2).sum)
    if (known.isEmpty) "requests/s in all: not estimated"
    else if (unknown.isEmpty) s"$total requests/s in all at the peak"
    else s"at least $total requests/s in all at the peak (not estimated for ${unknown.mkString(", ")})"
  }
}
