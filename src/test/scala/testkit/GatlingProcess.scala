package testkit

import java.nio.file.{ Files, Path, Paths }
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._
import scala.util.Using

/** Runs a simulation in its own JVM, as `mvn gatling:test` does (Gatling's public launcher, archiving on),
  * against the in-process sandbox, with its own Gatling and results folders.
  */
final class GatlingProcess private (
    simulation: Class[_],
    val home: Path,
    properties: Seq[(String, String)],
    underParent: Boolean = false,
    openFileLimit: Option[Int] = None,
    environment: Map[String, String] = Map.empty
) {
  val gatlingDir: Path = home.resolve("gatling")
  val resultsDir: Path = home.resolve("results")
  val output: Path = home.resolve("output.txt")

  private val java = Paths.get(System.getProperty("java.home"), "bin", "java").toString
  private val process: Process = {
    val defines = (Seq(
      "suite.archive" -> "true",
      "suite.exitOnError" -> "true",
      "suite.gatlingResultsDir" -> gatlingDir.toString,
      "suite.resultsDir" -> resultsDir.toString,
      "target" -> "local"
    ) ++ properties).map { case (k, v) => s"-D$k=$v" }
    val command = Seq(java, "-Xmx1g") ++ TestJvm.options ++ Seq(
      "--add-opens",
      "java.base/java.lang=ALL-UNNAMED",
      "-cp",
      System.getProperty("java.class.path")
    ) ++
      defines ++ Seq("io.gatling.app.Gatling", "-s", simulation.getName, "-rf", gatlingDir.toString)
    // Under a parent, the JVM is a shell's child, as the Gatling JVM is Maven's: the shell can then be killed alone.
    val launched =
      if (underParent) Seq("sh", "-c", "\"$@\" & wait", "sh") ++ command
      else openFileLimit.fold(command)(n => Seq("sh", "-c", s"ulimit -n $n && exec \"$$@\"", "sh") ++ command)
    val builder = new ProcessBuilder(launched.asJava).redirectErrorStream(true).redirectOutput(output.toFile)
    builder.environment.putAll(environment.asJava)
    builder.start()
  }

  /** The Gatling JVM: the process itself, or the parent shell's child. */
  def gatlingJvm: ProcessHandle =
    if (!underParent) process.toHandle
    else {
      val deadline = System.nanoTime() + 10000000000L
      def child = process.toHandle.children().findFirst()
      while (child.isEmpty && System.nanoTime() < deadline) Thread.sleep(50)
      child.orElseThrow(() => new AssertionError(s"the parent shell started no JVM:\n$text"))
    }

  /** SIGKILL to the parent shell, as when Maven is killed: the Gatling JVM is left running on its own. */
  def killParent(): Unit = {
    val jvm = gatlingJvm
    process.destroyForcibly().waitFor()
    assert(jvm.isAlive, s"the Gatling JVM outlived its parent's kill:\n$text")
  }

  def handle: ProcessHandle = process.toHandle

  def text: String = if (Files.exists(output)) Files.readString(output) else ""

  /** Waits until the run's simulation.log exists (load is being sent), at most `seconds`. */
  def awaitLoad(seconds: Int): Unit = {
    val deadline = System.nanoTime() + seconds * 1000000000L
    def started = Files.isDirectory(gatlingDir) && Using.resource(
      Files.walk(gatlingDir)
    )(_.iterator.asScala.exists(_.endsWith("simulation.log")))
    while (!started && process.isAlive && System.nanoTime() < deadline) Thread.sleep(200)
    if (!started) throw new AssertionError(s"no load started within $seconds s:\n$text")
  }

  /** The exit status, waiting at most `seconds`; a process still running then is killed and the test fails. */
  def exitStatus(seconds: Int): Int =
    if (process.waitFor(seconds.toLong, TimeUnit.SECONDS)) process.exitValue
    else {
      process.destroyForcibly()
      throw new AssertionError(s"still running after $seconds s:\n$text")
    }

  /** The run it archived, read back once the process has ended (waiting at most `seconds`); exactly one. */
  def archivedRun(seconds: Int): SimulationRuns.Run = {
    val status = exitStatus(seconds)
    archivedRuns match {
      case Seq(archived) => SimulationRuns.read(status, archived)
      case runs          => throw new AssertionError(s"${runs.size} archived runs, not 1:\n$text")
    }
  }

  /** SIGTERM, as Ctrl-C or a CI cancel sends. */
  def terminate(): Unit = { process.destroy(); () }

  /** The run folders archived under results/. */
  def archivedRuns: Seq[Path] = GatlingProcess.archivedRunsIn(resultsDir)
}

object GatlingProcess {

  /** The run folders archived in `resultsDir`: those holding a simulation.log. */
  def archivedRunsIn(resultsDir: Path): Seq[Path] =
    if (!Files.isDirectory(resultsDir)) Nil
    else Using.resource(Files.list(resultsDir))(_.iterator.asScala.filter(d =>
      Files.isRegularFile(d.resolve("simulation.log"))
    ).toSeq)

  def start(simulation: Class[_], properties: (String, String)*): GatlingProcess =
    new GatlingProcess(simulation, Files.createTempDirectory("gatling-process-"), properties)

  /** Beside `other`: the same Gatling and results folders, as a second run in the same checkout. */
  def beside(other: GatlingProcess, simulation: Class[_], properties: (String, String)*): GatlingProcess =
    new GatlingProcess(simulation, other.home, properties)

  /** Under a lowered open-file limit (`ulimit -n`), as on a machine that allows few. */
  def withOpenFileLimit(limit: Int, simulation: Class[_], properties: (String, String)*): GatlingProcess =
    new GatlingProcess(
      simulation,
      Files.createTempDirectory("gatling-process-"),
      properties,
      openFileLimit = Some(limit)
    )

  /** With these environment variables set besides this JVM's (a password, `GATLING_HTTP_LOG`). */
  def withEnvironment(
      environment: Map[String, String],
      simulation: Class[_],
      properties: (String, String)*
  ): GatlingProcess =
    new GatlingProcess(simulation, Files.createTempDirectory("gatling-process-"), properties, environment = environment)

  /** In a folder reached through a symbolic link, as a temporary folder under a linked /tmp is. */
  def throughSymbolicLink(simulation: Class[_], properties: (String, String)*): GatlingProcess = {
    val real = Files.createTempDirectory("gatling-process-")
    val link = Files.createSymbolicLink(real.resolveSibling(s"${real.getFileName}-link"), real)
    new GatlingProcess(simulation, link, properties)
  }

  /** As a child of a shell, as the Maven plugin forks it (see [[GatlingProcess.killParent]]). */
  def underParent(simulation: Class[_], properties: (String, String)*): GatlingProcess =
    new GatlingProcess(simulation, Files.createTempDirectory("gatling-process-"), properties, underParent = true)
}
