package support

import java.net.URI

import scala.util.Try

import support.profiles.LoadProfile

/** The one screen printed before a run starts: what will be sent, where, and for how long. */
object RunPlan {
  def render(simulation: String, suite: SuiteConfig, baseUrls: Map[String, String], profiles: Seq[(String, LoadProfile)]): String = {
    val rule = "=" * 100
    val lines = Seq(
      rule,
      s"Simulation  $simulation",
      s"Target      ${suite.target.name} (${suite.target.description})"
    ) ++ baseUrls.toSeq.sorted.map { case (system, url) => f"  $system%-10s ${redactUrl(url)}" } ++ Seq(
      s"Profile     ${suite.profileName}${if (suite.smoke) " (smoke)" else ""}  scale ${suite.scale}  shard ${suite.shard}  think time x${suite.thinkTimeMultiplier}"
    ) ++ suite.overrides.toSeq.sorted.map { case (k, v) => s"  override  $k = $v" } ++
      profiles.flatMap { case (system, profile) => s"-- $system" +: profile.plan.render.linesIterator.map("  " + _).toSeq } :+
      rule
    lines.mkString("\n")
  }

  /** A URL with its user-info (user name and password before the host) replaced by three stars. */
  def redactUrl(url: String): String =
    Try(URI.create(url)).toOption.flatMap(u => Option(u.getRawUserInfo)).fold(url)(userInfo => url.replace(userInfo + "@", "***@"))
}
