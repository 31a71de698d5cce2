package testkit

import java.nio.file.{ Files, Paths }

import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.archive.RunArchive

/** Tests' temporary files stay in target/test-tmp, and only a fork's folder there is ever emptied. */
class TestTempFolderTest {
  @Test def thisJvmsTemporaryFilesGoUnderTarget(): Unit = {
    val folder = Paths.get(System.getProperty("java.io.tmpdir")).toAbsolutePath
    assertTrue(TestTempFolder.isForkFolder(folder), s"java.io.tmpdir is $folder: the pom's argLine sets it")
    assertTrue(folder.startsWith(Paths.get("target").toAbsolutePath), s"$folder is under target/")
    val file = Files.createTempFile("where-", ".txt")
    assertEquals(folder, file.getParent)
    Files.delete(file)
  }

  @Test def onlyAForkFolderUnderTestTmpIsEmptied(): Unit = {
    assertTrue(TestTempFolder.isForkFolder(Paths.get("/work/project/target/test-tmp/fork-3")))
    assertFalse(TestTempFolder.isForkFolder(Paths.get("/tmp")))
    assertFalse(TestTempFolder.isForkFolder(Paths.get("/home/someone/fork-3")))
    assertFalse(TestTempFolder.isForkFolder(Paths.get("/")))
  }

  @Test def aForkFolderIsEmptiedAndAnyOtherLeftAlone(): Unit = {
    val root = Files.createTempDirectory("prepare-")
    try {
      val fork = Files.createDirectories(root.resolve("test-tmp/fork-2"))
      Files.writeString(Files.createDirectories(fork.resolve("e2e-1")).resolve("simulation.log"), "old")
      TestTempFolder.prepare(fork)
      assertTrue(Files.isDirectory(fork), "the fork folder is there")
      assertEquals(0L, Using.resource(Files.list(fork))(_.count), "and empty")

      val other = Files.createDirectories(root.resolve("elsewhere/fork-2"))
      val kept = Files.writeString(other.resolve("keep.txt"), "mine")
      TestTempFolder.prepare(other)
      assertTrue(Files.exists(kept), "a folder outside test-tmp is never emptied")

      val missing = root.resolve("test-tmp/fork-3")
      TestTempFolder.prepare(missing)
      assertTrue(Files.isDirectory(missing), "a missing fork folder is made")
    } finally RunArchive.deleteTree(root)
  }

  @Test def theJvmsATestStartsTakeTheSameFolder(): Unit =
    assertTrue(
      TestJvm.options.contains(s"-Djava.io.tmpdir=${System.getProperty("java.io.tmpdir")}"),
      s"passed on: ${TestJvm.options}"
    )
}
