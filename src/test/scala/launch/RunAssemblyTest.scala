package launch

import journey.{ Companion, SystemSettings, SystemUnderTest }

import results.model.RunCourse
import profiles.{ LoadProfiles, WindowRecorder }
import profiles.capacity.CapacityProfiles

import config.InputError

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** Checks of the run's assembly that come before any journey is built. */
class RunAssemblyTest {
  // Building a journey reads Gatling's configuration, which only a run sets otherwise.
  io.gatling.app.InProcessGatling.loadConfiguration()

  private def suiteWith(overrides: (String, Any)*): SuiteConfig = {
    val config = ConfigFactory
      .parseMap(overrides.toMap.asJava)
      .withFallback(ConfigFactory.parseResources("application.conf"))
      .withFallback(ConfigFactory.parseResources("systems/toy.conf"))
      .resolve()
    SuiteConfig.fromConfig(config, Seq("toy"))
  }

  private def twoSystems(overrides: (String, Any)*): SuiteConfig = RunAssemblyTest.twoSystems(overrides: _*)

  private def assemble(suite: SuiteConfig, archiveTo: Option[java.nio.file.Path] = None): RunSetup =
    RunAssemblyTest.assemble(suite, archiveTo)

  /** run.json's smoke, which keeps a run from ever being a baseline: every system at smoke scale, by its profile or
    * by -Dsmoke.
    */
  @Test def aRunIsSmokeWhenEverySystemRunsAtSmokeScale(): Unit = {
    def smoke(suite: SuiteConfig) = assemble(suite).context(new WindowRecorder, RunCourse.Unrecorded).smoke
    assertTrue(smoke(twoSystems("toy.profile" -> "smoke", "raid.profile" -> "smoke")))
    assertTrue(smoke(twoSystems("toy.profile" -> "steady", "raid.profile" -> "reference", "smoke" -> "true")))
    assertFalse(smoke(twoSystems("toy.profile" -> "smoke", "raid.profile" -> "reference")))
  }

  /** A search's steps judge their percentiles' intervals at the confidence the results gate states. */
  @Test def aSearchJudgesItsStepsAtTheGatesConfidence(): Unit = {
    val capacity = Seq("toy.profile" -> "capacity", "profiles.toy.capacity.of" -> "steady")
    def confidence(overrides: (String, Any)*) =
      RunAssembly.assemble("Toy", Seq(testkit.toy.Toy), suiteWith(capacity ++ overrides: _*)).capacitySearches
        .map(_.plan.confidencePercent)
    assertEquals(Seq(Some(95.0)), confidence())
    assertEquals(Seq(Some(99.0)), confidence("results.intervals.confidencePercent" -> 99))
  }

  @Test def aCapacityProfileRunsOneSearchWhoseLineClassesShareTheCeiling(): Unit = {
    val capacity = Seq("toy.profile" -> "capacity", "profiles.toy.capacity.of" -> "steady")
    val run = RunAssembly.assemble("Toy", Seq(testkit.toy.Toy), suiteWith(capacity: _*))
    assertEquals(Seq(("toy", "steady")), run.capacitySearches.map(s => (s.plan.system, s.plan.referenceProfile)))
    val ceiling = run.loads.head.profile.plan.peakArrivalRate.get
    val lines = Seq(
      "toy.lineSpeeds.slow.kbitPerSecond" -> 56,
      "toy.lineSpeeds.slow.sharePercent" -> 25,
      "toy.lineSpeeds.fast.kbitPerSecond" -> 2048,
      "toy.lineSpeeds.fast.sharePercent" -> 75
    )
    val split = RunAssembly.assemble("Toy", Seq(testkit.toy.Toy), suiteWith(capacity ++ lines: _*))
    // One search judges the system's whole load; each class's population takes its share of the ceiling.
    assertEquals(1, split.capacitySearches.size)
    assertEquals(Seq("slow", "fast"), split.loads.flatMap(_.line.map(_.name)))
    assertTrue(split.loads.forall(load =>
      CapacityProfiles.searchOf(load.profile).contains(split.capacitySearches.head)
    ))
    val rates = split.loads.map(_.profile.plan.peakArrivalRate.get)
    assertEquals(ceiling, rates.sum, 1e-9, rates.toString)
    assertEquals(3.0, rates(1) / rates(0), 0.01, rates.toString)
  }

  @Test def eachSystemRunsItsOwnProfileAndThresholdsBlock(): Unit = {
    val run = assemble(twoSystems("toy.profile" -> "steady"))
    assertEquals(
      Seq("toy" -> "steady", "raid" -> "smoke"),
      run.loads.map(load => load.system.key -> load.profile.name)
    )
    val paths = run.thresholds.paths.map(_._1.mkString(" / "))
    assertTrue(paths.contains("toy - look up") && paths.contains("mint raid"), paths.toString)
    assertEquals(Seq("toy", "raid"), run.thresholds.keys)
    assertEquals(Some(Seq("toy", "raid")), run.sandbox.map(_._2.map(_.key)), "a local target sandboxes both")
    assertEquals(Map.empty, run.baseUrls)
    assertEquals(None, run.archiveTo)
    assertEquals(Seq(false, false), run.loads.map(_.sharedConnections), "one connection pool per user by default")
    val shared = assemble(twoSystems("raid.shareConnections" -> "true"))
    assertEquals(Seq(false, true), shared.loads.map(_.sharedConnections), "RAiD's service points share one pool")
  }

  @Test def aWrongRunIsOneLineBeforeAnythingStarts(): Unit = {
    def refused(run: => RunSetup) = assertThrows(classOf[InputError], () => { run; () }).getMessage
    assertEquals(
      "Twice: system 'toy' is set up twice",
      refused(RunAssembly.assemble("Twice", Seq(testkit.toy.Toy, testkit.toy.Toy), suiteWith()))
    )
    assertEquals(
      "targets.bare.toy.baseUrl: missing (where target bare serves toy)",
      refused(assemble(twoSystems("target" -> "bare", "targets.bare.sandbox" -> "false")))
    )
    val notAFolder = java.nio.file.Files.createTempFile("results", ".txt")
    assertTrue(
      refused(assemble(twoSystems(), Some(notAFolder))).startsWith(s"results folder $notAFolder: cannot be written")
    )
    val results = java.nio.file.Files.createTempDirectory("results")
    assertTrue(
      refused(assemble(twoSystems("results.baseline" -> "raidsimulation-2024"), Some(results)))
        .startsWith("results.baseline: "),
      "a misspelt baseline folder stops the run in its assembly"
    )
    assertEquals(Some(results), assemble(twoSystems(), Some(results)).archiveTo)
  }

  @Test def anEarlyStopIsRefusedWhereASystemSearchesItsCapacity(): Unit = {
    def refused(run: => RunSetup) = assertThrows(classOf[InputError], () => { run; () }).getMessage
    val search = Seq("toy.profile" -> "capacity", "profiles.toy.capacity.of" -> "steady")
    assertEquals(
      "earlyStop.maxP99Ms: a capacity search's failing steps are meant to fail; an early stop would end the search of toy at its first failing step (unset earlyStop.* for -Dprofile=capacity)",
      refused(assemble(twoSystems(search :+ ("earlyStop.maxP99Ms" -> 2000): _*)))
    )
    assertTrue(
      refused(assemble(twoSystems(search :+ ("earlyStop.maxServerErrorPercent" -> 50): _*)))
        .startsWith("earlyStop.maxServerErrorPercent: "),
      "either limit"
    )
    assertEquals(Seq("toy"), assemble(twoSystems(search: _*)).capacitySearches.map(_.plan.system), "unset: allowed")
    assertTrue(
      assemble(twoSystems("earlyStop.maxP99Ms" -> 2000)).capacitySearches.isEmpty,
      "without a search an early stop is allowed"
    )
  }

  private def guard(overrides: (String, Any)*): Unit = {
    val suite = suiteWith(overrides: _*)
    val profile =
      CapacityProfiles.loadAny(suite.root, "toy", suite.profileOf("toy"), suite.scale, suite.shard, suite.smoke)
    RunAssembly.requireProductionAllowed(suite, Seq("toy" -> profile))
  }

  private val production =
    Seq("target" -> "prod", "targets.prod.sandbox" -> "false", "targets.prod.production" -> "true")

  @Test def productionTakesOnlySmokeUnlessTheRunNamesIt(): Unit = {
    guard(production: _*) // smoke goes
    guard(production ++ Seq("profile" -> "steady", "smoke" -> "true"): _*) // any profile compressed to smoke goes
    val refused = assertThrows(classOf[InputError], () => guard(production :+ ("profile" -> "steady"): _*))
    assertEquals(
      "target prod is production (toy: steady is more than smoke): add -DallowProduction=prod to send this load to it",
      refused.getMessage
    )
    guard(production ++ Seq("profile" -> "steady", "allowProduction" -> "prod"): _*)
    assertThrows(
      classOf[InputError],
      () => guard(production ++ Seq("profile" -> "steady", "allowProduction" -> "demo"): _*)
    )
    guard("profile" -> "steady") // other targets are not guarded
  }

  @Test def aSmokeRunMadeBiggerIsNoSmokeRunForProduction(): Unit = {
    val scaled = assertThrows(classOf[InputError], () => guard(production :+ ("scale" -> "50"): _*))
    assertEquals(
      "target prod is production (toy: smoke with scale 50.0 is more than smoke): add -DallowProduction=prod to send this load to it",
      scaled.getMessage
    )
    val resized =
      assertThrows(classOf[InputError], () => guard(production :+ ("profiles.toy.smoke.rate" -> "500"): _*))
    assertTrue(resized.getMessage.contains("toy: smoke with -Dprofiles.toy.smoke.rate"), resized.getMessage)
    guard(production :+ ("scale" -> "0.5"): _*) // smaller still goes
    guard(production ++ Seq("scale" -> "50", "allowProduction" -> "prod"): _*)
  }

  @Test def aProfilesSettingsComeBetweenTheCommandLineAndTheSystemsFile(): Unit = {
    val suite = suiteWith("profile" -> "steady", "profiles.toy.steady.settings.thinkTime" -> "3s")
    def thinkTime() = {
      val profile = LoadProfiles.load(suite.root, "toy", "steady", 1, suite.shard, smoke = false)
      RunAssembly.settingsOf(
        suite,
        testkit.toy.Toy,
        profile,
        new results.archive.ClaimsFile.Recorder
      ).duration("thinkTime")
    }
    assertEquals(3.seconds, thinkTime(), "the profile's settings win over toy.conf's 1s")
    System.setProperty("toy.thinkTime", "7s")
    ConfigFactory.invalidateCaches()
    try assertEquals(7.seconds, thinkTime(), "-Dtoy.thinkTime wins over the profile")
    finally {
      System.clearProperty("toy.thinkTime")
      ConfigFactory.invalidateCaches()
    }
  }

  /** A system may run clients beside its users: each is one user in its own population, given the whole
    * profile's plan (its arrivals' length), and the plan printed before the run names it.
    */
  @Test def aSystemsCompanionsRunAsOneUserEachBesideItsLoad(): Unit = {
    object ToyWithBatch extends SystemUnderTest {
      override val key = testkit.toy.Toy.key
      override val scenarioName = testkit.toy.Toy.scenarioName
      override val standIn = testkit.toy.Toy.standIn
      override val requestNames = testkit.toy.Toy.requestNames
      override def protocol(baseUrl: String) = testkit.toy.Toy.protocol(baseUrl)
      override def journey(settings: SystemSettings) = testkit.toy.Toy.journey(settings)
      override def companions(settings: SystemSettings, plan: profiles.Plan): Seq[Companion] = Seq(
        Companion("Toy batch", testkit.toy.Toy.journey(settings), s"once in ${plan.totalDuration.get.toSeconds} s")
      )
    }
    val run = RunAssembly.assemble("Batch", Seq(ToyWithBatch), suiteWith("profile" -> "steady"))
    assertEquals(Seq("toy" -> "Toy batch"), run.companions.map(c => c.system.key -> c.companion.scenarioName))
    assertEquals(Seq("once in 60 s"), run.companions.map(_.companion.describe), "the whole profile's plan")
    assertEquals(
      Seq(Some(1L)),
      run.companions.map(_.population("http://127.0.0.1:1", new LoadWatch(None)).injectionProfile.totalUserCount)
    )
    assertTrue(RunPlan.render(run, Map.empty).contains("-- toy alongside: Toy batch, one user, once in 60 s"))
    assertEquals(Nil, assemble(twoSystems()).companions, "none unless a system has them")
    val shards = Seq("1/2", "2/2").map(shard =>
      RunAssembly.assemble(
        "Batch",
        Seq(ToyWithBatch),
        suiteWith("profile" -> "steady", "shard" -> shard)
      ).companions.size
    )
    assertEquals(Seq(1, 0), shards, "one client however many injectors: the first shard's")
  }
}

object RunAssemblyTest {

  /** A run of the toy and RAiD, their files under `overrides`. */
  def twoSystems(overrides: (String, Any)*): SuiteConfig = {
    val config = ConfigFactory
      .parseMap(overrides.toMap.asJava)
      .withFallback(ConfigFactory.parseResources("application.conf"))
      .withFallback(ConfigFactory.parseResources("systems/toy.conf"))
      .withFallback(ConfigFactory.parseResources("systems/raid.conf"))
      .resolve()
    SuiteConfig.fromConfig(config, Seq("toy", "raid"))
  }

  def assemble(suite: SuiteConfig, archiveTo: Option[java.nio.file.Path] = None): RunSetup =
    RunAssembly.assemble("TwoSystems", Seq(testkit.toy.Toy, raid.Raid), suite, archiveTo)
}
