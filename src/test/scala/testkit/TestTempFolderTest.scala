package testkit

import java.nio.file.{ Files, Paths }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

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

  @Test def theJvmsATestStartsTakeTheSameFolder(): Unit =
    assertTrue(
      TestJvm.options.contains(s"-Djava.io.tmpdir=${System.getProperty("java.io.tmpdir")}"),
      s"passed on: ${TestJvm.options}"
    )
}
