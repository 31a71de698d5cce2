package sandbox

import java.nio.file.{ Files, Paths }
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.ClassFoldersProbe

/** A class of the suite's own, first needed once the process is out of descriptors, still loads when the
  * sandbox read the class folders at its start (each once per JVM); and fails without (so this test can fail).
  */
class ClassFoldersTest {
  private def probe(args: String*): String = {
    val output = Files.createTempFile("class-folders-", ".txt")
    val java = Paths.get(System.getProperty("java.home"), "bin", "java").toString
    val command = Seq("sh", "-c", "ulimit -n 256 && exec \"$@\"", "sh", java, "-Xmx128m") ++
      Seq("-cp", System.getProperty("java.class.path"), ClassFoldersProbe.getClass.getName.stripSuffix("$")) ++ args
    val child = new ProcessBuilder(command.asJava).redirectErrorStream(true).redirectOutput(output.toFile).start()
    assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the probe ended")
    Files.readString(output)
  }

  @Test def aClassReadAtStartLoadsOnceDescriptorsRunOut(): Unit = {
    val read = probe("read-first")
    val counts =
      """read (\d+) classes, then (\d+)""".r.findFirstMatchIn(read).map(m => (m.group(1).toInt, m.group(2).toInt))
    assertTrue(counts.exists(_._1 > 1000), s"both folders read (about 1,030 classes): $read")
    assertEquals(Some(0), counts.map(_._2), s"each folder read once per JVM: $read")
    assertTrue(read.contains("descriptors exhausted: true"), read)
    assertTrue(read.contains("suite.Answer: read"), read)
    val unread = probe()
    assertTrue(unread.contains("descriptors exhausted: true"), unread)
    assertTrue(unread.contains("suite.Answer: ClassNotFoundException"), unread)
  }
}
