package suite

import java.net.URI

import scala.util.Try

/** The one screen printed before a run starts: what will be sent, where, and for how long. */
object RunPlan {
  def render(run: RunSetup, baseUrls: Map[String, String]): String = {
    val suite = run.suite
    val rule = "=" * 100
    val lines = Seq(
      rule,
      s"Simulation  ${run.simulation}",
      s"Target      ${suite.target.name} (${suite.target.description})"
    ) ++ baseUrls.toSeq.sorted.map { case (system, url) => f"  $system%-10s ${redactUrl(url)}" } ++ Seq(
      s"Load        scale ${suite.scale}  shard ${suite.shard}${if (suite.smoke) "  smoke" else ""}",
      s"Early stop  ${suite.earlyStop.describe}"
    ) ++ suite.overrides.toSeq.sorted.map { case (k, v) => s"  override  $k = $v" } ++
      run.loads.flatMap { load =>
        val key = load.system.key
        val line =
          load.line.fold("")(l => s", ${l.name} lines (${l.kbitPerSecond} kbit/s, ${l.sharePercent} % of users)")
        s"-- $key: profile ${load.profile.name}, think time x${suite.thinkTimeMultiplierOf(key)}$line" +:
          load.profile.plan.render.linesIterator.map("  " + _).toSeq
      } :+
      rule
    lines.mkString("\n")
  }

  /** A URL with its user-info (user name and password before the host) replaced by three stars. */
  def redactUrl(url: String): String =
    Try(URI.create(url)).toOption.flatMap(u => Option(u.getRawUserInfo)).fold(url)(userInfo =>
      url.replace(userInfo + "@", "***@")
    )
}
