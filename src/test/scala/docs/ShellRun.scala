package docs

import java.nio.file.{ Files, Path }
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._

import testkit.TestJvm

/** A command line as a user types it, run by bash in the project folder, in a process group of its own
  * (`setsid`, as a terminal's job) with SIGINT at its default (see testkit.MavenRun), its output in `output`.
  * The JVMs it starts through Maven get the test JVM's JIT options (MAVEN_OPTS, testkit.TestJvm).
  */
final class ShellRun(val command: String, val output: Path, environment: Map[String, String]) {
  private val process: Process = {
    val builder = new ProcessBuilder(
      Seq("setsid", "perl", "-e", "$SIG{INT} = 'DEFAULT'; exec @ARGV or die $!", "bash", "-c", command).asJava
    )
    val env = builder.environment()
    env.put("MAVEN_OPTS", TestJvm.options.mkString(" "))
    env.putAll(environment.asJava)
    builder.directory(ShownCommands.Project.toFile).redirectErrorStream(true).redirectOutput(output.toFile).start()
  }

  def text: String = if (Files.exists(output)) Files.readString(output) else ""

  def isAlive: Boolean = process.isAlive

  /** Waits until the output holds `line`, at most `seconds`; fails at once if the command ended without it. */
  def awaitLine(line: String, seconds: Int): Unit = {
    val deadline = System.nanoTime() + seconds * 1000000000L
    while (!text.contains(line) && process.isAlive && System.nanoTime() < deadline) Thread.sleep(200)
    if (!text.contains(line)) throw new AssertionError(s"no '$line' within $seconds s from `$command`:\n$text")
  }

  /** `kill -INT -<group>`: Ctrl-C in the terminal. */
  def interrupt(): Unit = {
    val kill = new ProcessBuilder("kill", "-INT", "--", s"-${process.pid}").inheritIO().start()
    assert(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue == 0, s"kill -INT -${process.pid} failed")
  }

  /** The exit status, waiting at most `seconds`; a group still running then is killed and the test fails. */
  def exitStatus(seconds: Int): Int =
    if (process.waitFor(seconds.toLong, TimeUnit.SECONDS)) process.exitValue
    else {
      stop()
      throw new AssertionError(s"`$command` still running after $seconds s:\n$text")
    }

  /** Kills what is left of the group (a test's cleanup after a failure). */
  def stop(): Unit = {
    process.descendants().forEach(p => { p.destroyForcibly(); () })
    process.destroyForcibly()
    ()
  }
}

object ShellRun {
  def apply(command: String, output: Path, environment: (String, String)*): ShellRun =
    new ShellRun(command, output, environment.toMap)
}
