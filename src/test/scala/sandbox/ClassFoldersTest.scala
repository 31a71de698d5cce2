package sandbox

import java.net.{ URI, URL, URLClassLoader }
import java.nio.file.{ Files, Paths }
import java.security.{ CodeSource, ProtectionDomain }
import java.security.cert.Certificate
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._
import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.ClassFoldersProbe

/** A class of the suite's own, first needed once the process is out of descriptors, still loads when the
  * sandbox read the class folders at its start (each once per JVM); and fails without (so this test can fail).
  * A class whose code source names no folder (no location, as some of exec-maven-plugin's classes have, or
  * not a file) is passed over, and the folders of the others are still read.
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
    assertTrue(read.contains("watch.Answer: read"), read)
    val unread = probe()
    assertTrue(unread.contains("descriptors exhausted: true"), unread)
    assertTrue(unread.contains("watch.Answer: ClassNotFoundException"), unread)
  }

  @Test def aClassWithoutAFileLocationIsPassedOverAndTheOthersFoldersAreStillRead(): Unit = {
    val bytes = Using.resource(getClass.getResourceAsStream("/sandbox/ClassFoldersSample.class"))(_.readAllBytes())
    def definedWith(location: URL): Class[_] = new SampleLoader(bytes).define(location)
    // A folder no test has read before (readAll reads each folder once per JVM), holding the one class.
    val folder = Files.createTempDirectory("class-folders-")
    Files.createDirectories(folder.resolve("sandbox"))
    Files.write(folder.resolve("sandbox/ClassFoldersSample.class"), bytes)
    Using.resource(new URLClassLoader(Array(folder.toUri.toURL), ClassLoader.getPlatformClassLoader)) { loader =>
      val inFolder = loader.loadClass("sandbox.ClassFoldersSample")
      assertEquals(folder.toUri.toURL, inFolder.getProtectionDomain.getCodeSource.getLocation)
      val noLocation = definedWith(null)
      val notAFile = definedWith(URI.create("http://127.0.0.1:9/classes/").toURL)
      assertEquals(1, ClassFolders.readAll(Seq(noLocation, notAFile, inFolder)), "the folder's one class read")
    }
  }
}

/** A class for ClassFoldersTest to define again, each time with another code source. */
final class ClassFoldersSample

/** Defines ClassFoldersSample from `bytes`, as from `location`. */
private final class SampleLoader(bytes: Array[Byte]) extends ClassLoader(classOf[SampleLoader].getClassLoader) {
  def define(location: URL): Class[_] = defineClass(
    "sandbox.ClassFoldersSample",
    bytes,
    0,
    bytes.length,
    new ProtectionDomain(new CodeSource(location, null: Array[Certificate]), null)
  )
}
