package sandbox

import java.nio.file.{ Files, Paths }
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.ClassFoldersProbe

/** A class of the suite's own, first needed once the process is out of descriptors, still loads when the
  * sandbox read the class folders at its start; and fails without (so this test can fail).
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
    assertTrue(read.contains("descriptors exhausted: true"), read)
    assertTrue(read.contains("suite.Answer: read"), read)
    val unread = probe()
    assertTrue(unread.contains("descriptors exhausted: true"), unread)
    assertTrue(unread.contains("suite.Answer: ClassNotFoundException"), unread)
  }

  @Test def eachFolderIsReadOncePerJvm(): Unit = {
    val folders = Seq[Class[_]](Sandbox.getClass, getClass)
    val first = ClassFolders.readAll(folders)
    assertTrue(first == 0 || first > 500, s"$first classes: none when the sandbox read them already, else both folders")
    assertEquals(0, ClassFolders.readAll(folders), "read again")
  }
}
