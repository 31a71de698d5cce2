package signals

import java.io.{ BufferedReader, InputStreamReader }
import java.nio.file.Paths
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** A JVM started with the watch (as the pom starts Gatling's) ends by itself when its parent is killed. */
class ParentWatchTest {
  @Test def theJvmStopsWhenItsParentIsKilled(): Unit = {
    val java = Paths.get(System.getProperty("java.home"), "bin", "java").toString
    val command = s"'$java' -cp '${System.getProperty("java.class.path")}' testkit.ParentWatchProbe & wait"
    // The shell is the probe's parent; killing it leaves the probe orphaned, as killing Maven leaves Gatling.
    val shell = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start()
    val output = new BufferedReader(new InputStreamReader(shell.getInputStream))
    assertEquals("watching", output.readLine(), "the probe started")
    val probe = shell.descendants().iterator().asScala.find(_.info().command().orElse("").endsWith("java")).get
    try {
      shell.destroyForcibly().waitFor(10, TimeUnit.SECONDS)
      val ended = probe.onExit().get(20, TimeUnit.SECONDS)
      assertFalse(ended.isAlive, "the orphaned JVM stopped within 20 s instead of running on")
    } finally probe.destroyForcibly()
  }
}
