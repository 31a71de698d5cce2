package config

import java.nio.file.{ Files, Path, Paths }

import scala.jdk.CollectionConverters._
import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class KnownSettingsTest {
  private def errorFor(systems: Seq[String], properties: (String, String)*): String =
    assertThrows(
      classOf[InputError],
      () => KnownSettings.check(systems, properties.toMap, Map.empty)
    ).getMessage

  private def accepted(systems: Seq[String], keys: String*): Unit =
    keys.foreach(key => KnownSettings.check(systems, Map(key -> "1"), Map.empty))

  @Test def aMisspeltRunWideKeyNamesTheNearestKnownOne(): Unit =
    assertEquals("unknown setting 'scael'; did you mean 'scale'?", errorFor(Seq("raid"), "scael" -> "0.5"))

  @Test def aMisspeltKeyOfASystemNamesItsKey(): Unit =
    assertEquals(
      "unknown setting 'eroll.thinkTme'; did you mean 'eroll.thinkTime'?",
      errorFor(Seq("eroll"), "eroll.thinkTme" -> "1s")
    )

  @Test def aMisspeltFirstPartIsTheSuitesToo(): Unit = {
    assertEquals("unknown setting 'lvie.port'; did you mean 'live.port'?", errorFor(Seq("raid"), "lvie.port" -> "0"))
    assertEquals(
      "unknown setting 'thinkTme.multiplier'; did you mean 'thinkTime.multiplier'?",
      errorFor(Seq("raid"), "thinkTme.multiplier" -> "1")
    )
    assertEquals("unknown setting 'smoek'; did you mean 'smoke'?", errorFor(Seq("raid"), "smoek" -> "true"))
  }

  @Test def aKeyUnderAKnownBlockThatTheBlockDoesNotHave(): Unit = {
    assertEquals(
      "unknown setting 'sandbox.stubs.delay.mss'; did you mean 'sandbox.stubs.delay.ms'?",
      errorFor(Seq("raid"), "sandbox.stubs.delay.mss" -> "0")
    )
    assertEquals(
      "unknown setting 'earlyStop.maxServerErrorPercnt'; did you mean 'earlyStop.maxServerErrorPercent'?",
      errorFor(Seq("raid"), "earlyStop.maxServerErrorPercnt" -> "50")
    )
    assertEquals(
      "unknown setting 'sandbox.raid.faults.resetPercen'; did you mean 'sandbox.faults.resetPercent'?",
      errorFor(Seq("raid"), "sandbox.raid.faults.resetPercen" -> "5")
    )
  }

  @Test def aSystemTellsItsDeployedVersionWithTheKeysOfTheTargets(): Unit = {
    accepted(Seq("raid"), "results.deployedVersion.raid.url", "results.deployedVersion.raid.header")
    accepted(Seq("raid"), "results.deployedVersion.eroll.url")
    assertTrue(
      errorFor(Seq("raid"), "results.deployedVersion.raid.ur" -> "x")
        .startsWith("unknown setting 'results.deployedVersion.raid.ur'")
    )
    assertTrue(
      errorFor(Seq("raid"), "results.deployedVersion.nosuch.url" -> "x")
        .startsWith("unknown setting 'results.deployedVersion.nosuch.url'")
    )
  }

  @Test def aMisspeltGatlingSettingIsRefusedItsLaunchersKeysAreNot(): Unit = {
    assertEquals(
      "unknown setting 'gatling.core.shutdownTimout'; did you mean 'gatling.core.shutdownTimeout'?",
      errorFor(Seq("raid"), "gatling.core.shutdownTimout" -> "1")
    )
    accepted(
      Seq("raid"),
      "gatling.simulationClass",
      "gatling.noReports",
      "gatling.core.shutdownTimeout",
      "gatling.data.console.writePeriod",
      "gatling.http.requestTimeout",
      "gatling.charting.indicators.percentile1"
    )
  }

  @Test def aMisspeltLaunchKeyOrSectionOfGatlingIsRefused(): Unit = {
    assertEquals(
      "unknown setting 'gatling.simulationclass'; did you mean 'gatling.simulationClass'?",
      errorFor(Seq("raid"), "gatling.simulationclass" -> "simulations.RaidSimulation")
    )
    assertEquals(
      "unknown setting 'gatling.noReport'; did you mean 'gatling.noReports'?",
      errorFor(Seq("raid"), "gatling.noReport" -> "true")
    )
    assertEquals(
      "unknown setting 'gatling.http.requesTimeout'; did you mean 'gatling.http.requestTimeout'?",
      errorFor(Seq("raid"), "gatling.http.requesTimeout" -> "1000")
    )
    assertEquals(
      "unknown setting 'gatling.htpp.requestTimeout'; did you mean 'gatling.http.requestTimeout'?",
      errorFor(Seq("raid"), "gatling.htpp.requestTimeout" -> "1000")
    )
    // Gatling Enterprise's and Gatling's JavaScript launcher's keys, which no list here holds: left alone.
    accepted(
      Seq("raid"),
      GatlingLaunchKeys.All ++ Seq("gatling.enterprise.apiUrl", "gatling.js.simulation"): _*
    )
  }

  /** The plugin's user properties are what the descriptor of the plugin version the pom names says (its jar,
    * copied to target/ by the build before the tests), and the pom's own `gatling.*` properties are listed too:
    * neither list can go stale unseen.
    */
  @Test def theGatlingLaunchKeysAreThePluginsAndThePomsOwn(): Unit = {
    val pom = Files.readString(Paths.get("pom.xml"))
    val version = "<gatling-maven-plugin.version>([^<]+)<".r.findFirstMatchIn(pom).map(_.group(1)).get
    val jar = Paths.get(s"target/gatling-maven-plugin/gatling-maven-plugin-$version.jar")
    assertTrue(Files.isRegularFile(jar), s"no $jar: the build copies it there before the tests (pom.xml)")
    val descriptor = Using.resource(new java.util.zip.ZipFile(jar.toFile)) { zip =>
      new String(zip.getInputStream(zip.getEntry("META-INF/maven/plugin.xml")).readAllBytes(), "UTF-8")
    }
    val plugins = "\\$\\{(gatling\\.[^}]+)\\}".r.findAllMatchIn(descriptor).map(_.group(1)).toSet
    val poms = "(?s)<properties>(.*?)</properties>".r.findFirstMatchIn(pom).toSeq
      .flatMap(m => "<(gatling\\.[A-Za-z.]+)>".r.findAllMatchIn(m.group(1)).map(_.group(1))).toSet
    assertTrue(plugins.contains("gatling.simulationClass"), descriptor.take(500))
    assertEquals((plugins ++ poms + "gatling.conf.file").toSeq.sorted, GatlingLaunchKeys.All)
  }

  @Test def everyKeyTheReadmeAndTheFilesNameIsAccepted(): Unit =
    accepted(
      Seq("raid", "eol"),
      "scale",
      "profile",
      "smoke",
      "target",
      "shard",
      "planOnly",
      "allowProduction",
      "thresholds",
      "thinkTime.multiplier",
      "thinkTime.smokeMultiplier",
      "raid.profile",
      "eol.profile",
      "raid.shareConnections",
      "raid.requestsPerJourney",
      "raid.thinkTime",
      "live.port",
      "live.enabled",
      "graphite.host",
      "earlyStop.maxServerErrorPercent",
      "earlyStop.maxP99Ms",
      "results.baseline",
      "capacity.heapPerUserKb",
      "sandbox.stubs.delay.ms",
      "sandbox.stubs.delay.lower",
      "sandbox.faults.serverErrorPercent",
      "sandbox.raid.faults.serverErrorPercent",
      "sandbox.raid.port",
      "sandbox.stubs.faultOverrides.apids-mint-handle.serverErrorPercent",
      "sandbox.stubs.delayOverrides.orcid-validate.distribution",
      "targets.demo.raid.baseUrl",
      "targets.staging.raid.baseUrl",
      "targets.staging.sandbox",
      "targets.staging.production",
      "targets.standalone-sandbox.sandboxCpuUrl",
      "profiles.raid.reference.rate",
      "profiles.raid.mine.type",
      "thresholds.defaults.p99Ms",
      "thresholds.simulations.raid.paths.mint raid.p99Ms",
      "thresholds.capacity.minHeadroom",
      "suite.resultsDir",
      "suite.exitOnError"
    )

  /** As typesafe-config reads a system property: split at every dot, a name with spaces kept whole. */
  @Test def aKeyIsSplitAtItsDotsAndAListTakesItsItems(): Unit = {
    accepted(Seq("eol", "elections"), "eol.mix.Enrol with passport", "sandbox.elections.uncachedPaths.0")
    assertEquals(
      "unknown setting 'eol.mix.Enrol with pasport'; did you mean 'eol.mix.Enrol with passport'?",
      errorFor(Seq("eol"), "eol.mix.Enrol with pasport" -> "0")
    )
  }

  /** `sandbox.eforms.surveys = ${eforms.surveys}`: the copy has the block's keys. */
  @Test def aBlockCopiedFromAnotherHasItsKeys(): Unit =
    accepted(Seq("eforms"), "sandbox.eforms.surveys.MPS.fields", "eforms.surveys.MPS.fields")

  @Test def aSystemOutsideTheRunKeepsItsKeys(): Unit = {
    accepted(Seq("raid"), "eroll.thinkTime", "sandbox.eroll.port", "profiles.eroll.reference.workers")
    assertEquals(
      "unknown setting 'eroll.thinkTme'; did you mean 'eroll.thinkTime'?",
      errorFor(Seq("raid"), "eroll.thinkTme" -> "1s")
    )
  }

  /** Properties the JVM, Maven, the Gatling plugin and libraries set, some a letter from the suite's (`line`
    * and `file` from `live`, `scala` from `scale`).
    */
  @Test def foreignKeysAreLeftAlone(): Unit =
    accepted(
      Seq("raid"),
      "line.separator",
      "file.encoding",
      "path.separator",
      "user.dir",
      "java.home",
      "jdk.debug",
      "sun.jnu.encoding",
      "os.name",
      "native.encoding",
      "stdout.encoding",
      "scala.concurrent.context.maxThreads",
      "scala.version",
      "maven.home",
      "maven.repo.local",
      "classworlds.conf",
      "library.jansi.path",
      "exec.mainClass",
      "exec.args",
      "config.resource",
      "logback.configurationFile",
      "io.netty.leakDetection.level",
      "surefire.test.class.path",
      "basedir",
      "localRepository",
      "test",
      "skipTests",
      "style.color",
      "testkit.loopbackPort"
    )

  /** The JVM these tests run in is a real launch (surefire's fork, given the user's -D options as Maven does
    * to Gatling's): every property it holds is accepted.
    */
  @Test def thisJvmsOwnPropertiesAreAccepted(): Unit =
    KnownSettings.check(Seq("raid", "toy"), sys.props.toMap, sys.env)

  @Test def anUnknownLoadtestVariableNamesTheNearestKnownOne(): Unit = {
    val error = assertThrows(
      classOf[InputError],
      () => KnownSettings.check(Seq("raid"), Map.empty, Map("LOADTEST_SCAEL" -> "0.5", "HOME" -> "/root"))
    )
    assertEquals("unknown setting 'LOADTEST_SCAEL' (environment); did you mean 'LOADTEST_SCALE'?", error.getMessage)
    KnownSettings.check(
      Seq("raid"),
      Map.empty,
      Map("LOADTEST_SCALE" -> "1", "LOADTEST_SHARDS" -> "3", "LOADTEST_JAVA_OPTS" -> "", "RAID_API_TOKEN" -> "x")
    )
  }

  /** The variables the deploy scripts and manifests read are exactly those listed, beside those the files read;
    * the CI workflows, which run the scripts, set none other.
    */
  @Test def theScriptsVariablesAreTheListedOnes(): Unit = {
    def named(folder: String) =
      Using.resource(Files.walk(Paths.get(folder)))(_.iterator.asScala.filter(Files.isRegularFile(_)).toList)
        .flatMap((file: Path) => "LOADTEST_[A-Z_]*[A-Z]".r.findAllIn(Files.readString(file)).toList)
        .toSet
    val read = named("deploy")
    val fromFiles = new KnownSettings(Seq("raid")).environmentVariables.toSet -- KnownSettings.ScriptVariables
    assertEquals(KnownSettings.ScriptVariables.toSet, read -- fromFiles)
    assertEquals(Set.empty, named(".github") -- read -- fromFiles, "set by CI, read by nothing")
  }

  @Test def distanceCountsASwapAsOne(): Unit = {
    assertEquals(1, KnownSettings.distance("scael", "scale"))
    assertEquals(1, KnownSettings.distance("thinkTme", "thinkTime"))
    assertEquals(3, KnownSettings.distance("abc", ""))
    assertEquals(0, KnownSettings.distance("live", "live"))
  }
}
