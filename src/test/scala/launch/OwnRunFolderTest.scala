package launch

import java.io.FileOutputStream
import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import scala.util.Using

class OwnRunFolderTest {

  @Test def theFolderWhoseLogThisJvmHoldsOpenIsFoundWithoutWaitingForTheWatcher(): Unit = {
    val gatling = Files.createTempDirectory("own-run-folder")
    val run = Files.createDirectories(gatling.resolve("raidsimulation-1"))
    Files.createDirectories(gatling.resolve("raidsimulation-0")).resolve("simulation.log").toFile.createNewFile()
    val folder = new OwnRunFolder(gatling)
    assertEquals(None, folder.folder, "a log it does not hold open is not its own")
    Using.resource(new FileOutputStream(run.resolve("simulation.log").toFile)) { _ =>
      assertEquals(Some(run.toAbsolutePath.normalize), folder.folder)
    }
  }

  @Test def aFolderReachedThroughASymbolicLinkIsFound(): Unit = {
    val real = Files.createTempDirectory("own-run-folder")
    val linked = Files.createSymbolicLink(real.resolveSibling(s"${real.getFileName}-link"), real)
    val run = Files.createDirectories(linked.resolve("raidsimulation-1"))
    val folder = new OwnRunFolder(linked.resolve("."))
    Using.resource(new FileOutputStream(run.resolve("simulation.log").toFile)) { _ =>
      assertEquals(Some(run.toRealPath()), folder.folder)
    }
  }
}
