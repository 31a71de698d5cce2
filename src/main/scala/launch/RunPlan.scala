package launch

import config.Redaction

import profiles.Plan
import results.model.{ Entry, Metric }
import text.Formats

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
      ) ++ (s"Expected    ${overall(run.loads)}" +: gateSamples(run)) :+
      rule
    lines.mkString("\n")
  }

  /** Each gated percentile's samples in the plan's steady window and whether they can decide it. */
  def gateSamples(run: RunSetup): Seq[String] = {
    val planned = run.plannedPercentiles
    val width = planned.map(p => Entry.name(p.path).length).maxOption.getOrElse(0)
    val confidence = Plan.number(run.results.confidencePercent)
    Option.when(planned.nonEmpty)(
      s"Gate samples  in the steady window, against the fewest that bound a percentile's $confidence % interval"
    ).toSeq ++ planned.map { p =>
      val subject =
        s"%-${width}s  %s <= %s ms".format(Entry.name(p.path), percentile(p.rank), Plan.count(p.limitMs.toLong))
      val figures = p match {
        case e: PlannedPercentile.Estimated =>
          s"${Plan.count(e.samples)} in ${Plan.human(e.steady)}, ${Plan.count(e.needed)} needed: " +
            (if (e.decidable) "decidable" else s"NOT decidable${needs(e).fold("")(n => s" ($n)")}")
        case n: PlannedPercentile.NotEstimated => s"not estimated (${missing(n.missing)})"
      }
      s"  $subject  $figures"
    }
  }

  /** One warning per gated percentile the plan cannot decide, for the console before any load. */
  def undecidableWarnings(run: RunSetup): Seq[String] =
    run.undecidable.map { p =>
      s"the plan cannot decide ${Entry.name(p.path)}'s ${percentile(p.rank)} (limit ${Plan.count(p.limitMs.toLong)} ms) " +
        s"at ${Plan.number(run.results.confidencePercent)} %: ${Plan.count(p.samples)} samples planned in a steady window " +
        s"of ${Plan.human(p.steady)}, ${Plan.count(p.needed)} needed" + needs(p).fold("")(n => s"; it would need $n")
    }

  /** "a steady window of 4 min 36 s at this rate, or 2.3x the rate", where the path runs at all. */
  private def needs(p: PlannedPercentile.Estimated): Option[String] =
    p.steadyNeeded.map(window =>
      s"a steady window of ${Plan.human(window)} at this rate" +
        p.rateFactorNeeded.fold("")(f => s", or ${Formats.multiple(f)} the rate")
    )

  private def percentile(rank: Double): String = Metric.Percentile(rank).name

  private def missing(m: PlannedPercentile.Missing): String = m match {
    case PlannedPercentile.Missing.PathShare    => "no journey of the run says how often it runs this path"
    case PlannedPercentile.Missing.SteadyWindow => "its profile plans no steady window at fixed times"
    case PlannedPercentile.Missing.ArrivalRate  => "its pace depends on the system's speed; set journeyDuration"
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
