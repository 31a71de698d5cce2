package testkit

import java.nio.file.{ Files, Path, Paths }
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._

/** A standalone sandbox (`main`, a sandbox's entry point on the test classpath) in a JVM of its own, its output
  * in `output`, as a user starts one beside a run; returned once it prints `Ctrl-C stops.` (every stand-in up),
  * or ended within `startSeconds`. `prefix` goes before `java` (e.g. a shell's `ulimit`).
  */
final class SandboxChild(
    main: Any,
    output: Path,
    properties: Seq[(String, String)],
    jvmOptions: Seq[String] = Seq("-Xmx256m"),
    prefix: Seq[String] = Nil,
    startSeconds: Int = 120
) extends AutoCloseable {
  private val java = Paths.get(System.getProperty("java.home"), "bin", "java").toString
  private val child = new ProcessBuilder(
    (prefix ++ (java +: jvmOptions) ++ Seq("-cp", System.getProperty("java.class.path")) ++
      properties.map { case (k, v) => s"-D$k=$v" } :+ main.getClass.getName.stripSuffix("$")).asJava
  ).redirectErrorStream(true).redirectOutput(output.toFile).start()

  def text: String = if (Files.exists(output)) Files.readString(output) else ""

  /** Whether every stand-in came up in time. */
  val started: Boolean = {
    val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(startSeconds.toLong)
    while (!text.contains("Ctrl-C stops.") && child.isAlive && System.nanoTime() < deadline) Thread.sleep(100)
    text.contains("Ctrl-C stops.")
  }

  /** SIGTERM, as Ctrl-C's shutdown; whether it ended within `seconds`. */
  def stop(seconds: Int): Boolean = {
    child.destroy()
    child.waitFor(seconds.toLong, TimeUnit.SECONDS)
  }

  override def close(): Unit = { child.destroyForcibly(); () }
}
