package config

/** The `gatling.*` keys of Gatling's launch: the Gatling Maven plugin's user properties (its descriptor,
  * META-INF/maven/plugin.xml, lists them), the pom's own `gatling.*` properties, and the one Gatling reads
  * itself (`gatling.conf.file`, another gatling.conf). KnownSettingsTest checks the first two against the
  * descriptor of the plugin version the pom names, and against the pom.
  */
object GatlingLaunchKeys {
  val All: Seq[String] = Seq(
    "gatling.conf.file",
    "gatling.continueOnAssertionFailure",
    "gatling.enterprise.apiToken",
    "gatling.enterprise.controlPlaneUrl",
    "gatling.enterprise.packageDescriptorFilename",
    "gatling.enterprise.runDescription",
    "gatling.enterprise.runTitle",
    "gatling.enterprise.simulationName",
    "gatling.enterprise.validateSimulationId",
    "gatling.enterprise.waitForRunEnd",
    "gatling.excludes",
    "gatling.failOnError",
    "gatling.ignoreDefaultGatlingJvmArgs",
    "gatling.includes",
    "gatling.jvmArgs",
    "gatling.noReports",
    "gatling.recorder.className",
    "gatling.recorder.package",
    "gatling.reportsOnly",
    "gatling.runDescription",
    "gatling.runMultipleSimulations",
    "gatling.sameProcess",
    "gatling.simulationClass",
    "gatling.skip",
    "gatling.version",
    "gatling.workingDirectory"
  )
}
