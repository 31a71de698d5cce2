package testkit

import java.nio.file.{ Files, Path, Paths }
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._

/** `mvn gatling:test` as a user starts it in a terminal: in a process group of its own (`setsid`), so that a
  * signal to the group reaches Maven and the Gatling JVM it forks together, as Ctrl-C does. Results go to a
  * folder of the test's own.
  *
  * A shell started in the background ignores SIGINT, and its children inherit that (the JVM then never
  * installs its handler); perl, which every Linux has, puts SIGINT back to its default before Maven starts,
  * as a terminal's foreground job has it.
  */
final class MavenRun(simulation: Class[_], properties: Seq[(String, String)]) {
  val home: Path = Files.createTempDirectory("maven-run-")
  val resultsDir: Path = home.resolve("results")
  val output: Path = home.resolve("output.txt")

  private val process: Process = {
    val defines = (("suite.resultsDir" -> resultsDir.toString) +: properties).map { case (k, v) => s"-D$k=$v" }
    val mvn = Seq("mvn", "-B", "-ntp", "gatling:test", s"-Dgatling.simulationClass=${simulation.getName}") ++ defines
    val command = Seq("setsid", "perl", "-e", "$SIG{INT} = 'DEFAULT'; exec @ARGV or die $!") ++ mvn
    val builder = new ProcessBuilder(command.asJava)
    builder.environment().put("MAVEN_OPTS", TestJvm.options.mkString(" "))
    builder
      .directory(Paths.get("").toAbsolutePath.toFile)
      .redirectErrorStream(true)
      .redirectOutput(output.toFile)
      .start()
  }

  /** Maven's pid, which `setsid` made its process group's id too. */
  def pid: Long = process.pid

  def text: String = if (Files.exists(output)) Files.readString(output) else ""

  /** The Gatling JVM Maven forked, once it runs. */
  def gatlingJvm: ProcessHandle = {
    val deadline = System.nanoTime() + 10000000000L
    def fork = process.toHandle.children().iterator().asScala.find(_.info().arguments().orElse(Array.empty[String])
      .contains("io.gatling.app.Gatling"))
    while (fork.isEmpty && System.nanoTime() < deadline) Thread.sleep(100)
    fork.getOrElse(throw new AssertionError(s"Maven forked no Gatling JVM:\n$text"))
  }

  /** The console's progress counts so far (`> Global | <total> | ...`, every `gatling.data.console.writePeriod`),
    * oldest first.
    */
  def consoleCounts: Seq[Long] =
    MavenRun.GlobalLine.findAllMatchIn(text).map(_.group(1).replace(",", "").toLong).toSeq

  /** Waits until the console printed `tables` progress tables, at most `seconds`. */
  def awaitProgress(tables: Int, seconds: Int): Unit = {
    val deadline = System.nanoTime() + seconds * 1000000000L
    while (consoleCounts.size < tables && process.isAlive && System.nanoTime() < deadline) Thread.sleep(200)
    if (consoleCounts.size < tables) throw new AssertionError(s"no $tables progress tables within $seconds s:\n$text")
  }

  /** Waits until the console holds `line`, at most `seconds`. */
  def awaitLine(line: String, seconds: Int): Unit = {
    val deadline = System.nanoTime() + seconds * 1000000000L
    while (!text.contains(line) && System.nanoTime() < deadline) Thread.sleep(50)
    if (!text.contains(line)) throw new AssertionError(s"no '$line' within $seconds s:\n$text")
  }

  /** `kill -<signal> -<pgid>`: the signal to Maven and the Gatling JVM at once, as a terminal's Ctrl-C. */
  def signalGroup(signal: String): Unit = kill(signal, s"-$pid")

  /** `kill -<signal> <pid>`: the signal to Maven alone, as a CI runner sends it to a step's process. */
  def signalMaven(signal: String): Unit = kill(signal, pid.toString)

  private def kill(signal: String, target: String): Unit = {
    val kill = new ProcessBuilder("kill", s"-$signal", "--", target).inheritIO().start()
    assert(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue == 0, s"kill -$signal $target failed")
  }

  def isAlive: Boolean = process.isAlive

  /** Maven's exit status, waiting at most `seconds`; a group still running then is killed and the test fails. */
  def exitStatus(seconds: Int): Int =
    if (process.waitFor(seconds.toLong, TimeUnit.SECONDS)) process.exitValue
    else {
      process.descendants().forEach(p => { p.destroyForcibly(); () })
      process.destroyForcibly()
      throw new AssertionError(s"still running after $seconds s:\n$text")
    }

  /** The run folders archived under results/. */
  def archivedRuns: Seq[Path] = GatlingProcess.archivedRunsIn(resultsDir)
}

object MavenRun {
  private val GlobalLine = """(?m)^> Global\s+\|\s+([\d,]+)\s+\|""".r

  def start(simulation: Class[_], properties: (String, String)*): MavenRun = new MavenRun(simulation, properties)
}
