package launch

import journey.SystemUnderTest
import watch.{ RequestOwners, Tallies }

import results.model.{ RunContext, RunCourse, RunShard, ShardStart, SystemRecord }

import results.archive.ClaimsFile

import results.gate.Thresholds
import results.summarize.ResultsSettings

import java.nio.file.Path

import scala.concurrent.duration.FiniteDuration

import io.gatling.core.controller.throttle.ThrottleStep
import live.LiveSettings
import profiles.WindowRecorder
import profiles.capacity.{ CapacityProfiles, CapacitySearch }

import sandbox.SandboxSettings

/** Everything a run needs, assembled and checked before anything starts: nothing in here has sent a
  * request or opened a port.
  *
  * @param sandbox the stand-ins to start, for a target served by the built-in sandbox
  * @param baseUrls the systems' base URLs where the target gives them (all but sandboxed systems)
  * @param archiveTo the results folder the run is archived to, checked writable; None when not archived
  * @param capacityWarnings where the plan comes close to this machine's limits (see [[MachineCapacity]])
  * @param claims   what the journeys were given that no two users may hold, written to the run folder
  * @param tallies what the journeys count in the responses as the run goes, for run.json
  * @param companions the clients the systems run beside their users (see [[SystemUnderTest.companions]])
  * @param live where the run is shown as it goes, and sent to Graphite (`live`, `graphite`)
  */
final case class RunSetup(
    simulation: String,
    suite: SuiteConfig,
    loads: Seq[SystemLoad],
    claims: ClaimsFile.Recorder,
    thresholds: Thresholds,
    results: ResultsSettings,
    throttling: Seq[ThrottleStep],
    sandbox: Option[(SandboxSettings, Seq[SystemUnderTest])],
    baseUrls: Map[String, String],
    archiveTo: Option[Path],
    capacityWarnings: Seq[String] = Nil,
    tallies: Tallies,
    companions: Seq[CompanionLoad] = Nil,
    owners: RequestOwners = new RequestOwners,
    live: LiveSettings = LiveSettings.Off
) {
  def maxDuration: FiniteDuration = loads.map(_.profile.plan.maxDuration).max

  /** The capacity searches of the run's systems whose profile is `capacity`. */
  /** One per searching system, however many line classes share its search. */
  def capacitySearches: Seq[CapacitySearch] = loads.flatMap(load => CapacityProfiles.searchOf(load.profile)).distinct

  /** The planned injection time, where every system's is known in advance. */
  def plannedDurationMs: Option[Long] =
    loads.map(_.profile.plan.totalDuration.map(_.toMillis)).reduce((a, b) => a.zip(b).map { case (x, y) => x max y })

  /** Every system runs at smoke scale: its percentiles are judged only where wholly beyond their limits. */
  def smoke: Boolean = loads.forall(l => suite.isSmoke(l.system.key))

  /** What the plan's steady windows collect of each gated path, at the gate's confidence. */
  def plannedPercentiles: Seq[PlannedPercentile] =
    PlannedPercentile.of(loads, thresholds, results.confidencePercent)

  /** The gated percentiles the plan cannot decide, where the gate judges them by their intervals (not a smoke run's,
    * which fails only a percentile wholly beyond its limit, nor the point-estimate gate's).
    */
  def undecidable: Seq[PlannedPercentile.Estimated] =
    if (smoke || results.pointEstimateGate) Nil
    else plannedPercentiles.collect { case p: PlannedPercentile.Estimated if !p.decidable => p }

  def context(windows: WindowRecorder, course: RunCourse, start: Option[ShardStart] = None): RunContext =
    RunContext(
      simulation = simulation,
      systems = loads.map(_.system.key).distinct,
      target = suite.target.name,
      profile = profiles,
      shard = RunShard.Part(suite.shard.index, suite.shard.count),
      overrides = suite.overrides,
      plannedWindows = windows.planned,
      windows = windows.measured,
      course = course,
      work = windows.workDone,
      tallies = tallies.snapshot,
      curves = loads.flatMap(_.curve),
      systemRecords = systemRecords(windows),
      shardedRunId = suite.shards.runId,
      start = start,
      smoke = smoke
    )

  /** Each system's own plan and what the run recorded of it: its populations, users, steady window and requests. */
  private def systemRecords(windows: WindowRecorder): Seq[SystemRecord] =
    loads.map(_.system.key).distinct.map { key =>
      val own = loads.filter(_.system.key == key)
      val companionsOf = companions.filter(_.system.key == key)
      val scenarios = own.map(_.scenarioName) ++ companionsOf.map(_.companion.scenarioName)
      val users = own.map(_.profile.plannedUsers).foldLeft(Option(companionsOf.size.toLong)) { (sum, users) =>
        sum.zip(users).map { case (a, b) => a + b }
      }
      val steady = windows.steadyOf(scenarios)
      SystemRecord(
        key = key,
        profile = profileOf(own.head),
        scenarios = scenarios,
        plannedUsers = users,
        plannedSteady = steady.flatMap(_.left.toOption),
        measuredSteady = steady.flatMap(_.toOption),
        requests = owners.of(key),
        capacity = own.flatMap(load => CapacityProfiles.searchOf(load.profile)).headOption.map(_.record)
      )
    }

  private def profileOf(load: SystemLoad): String =
    if (suite.smoke) s"${load.profile.name} (smoke)" else load.profile.name

  /** "smoke", or per system where they differ: "raid: reference, toy: smoke". */
  private def profiles: String = {
    val names =
      loads.map(l => l.system.key -> profileOf(l)).distinct
    if (names.map(_._2).distinct.size == 1) names.head._2 else names.map { case (k, p) => s"$k: $p" }.mkString(", ")
  }
}
