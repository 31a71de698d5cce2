package testkit

import java.nio.file.{ Files, Path, Paths }

import org.junit.jupiter.api.extension.{ BeforeAllCallback, ExtensionContext }
import results.archive.RunArchive

/** Every temporary file and folder a test makes goes under target/test-tmp/fork-N, not the machine's /tmp: the
  * pom's argLine sets java.io.tmpdir there and [[TestJvm]] passes it on to the JVMs a test starts. In /tmp, one
  * `mvn test` left about 600 entries, 220 MiB, behind (2026-11-26), and `mvn clean` never took them away.
  * Registered for every test class (src/test/resources/junit-platform.properties), this empties the fork's
  * folder of an earlier run's files as the fork's first class starts, so the last run's files stay for a look
  * after a failure, and no more.
  */
final class TestTempFolder extends BeforeAllCallback {
  override def beforeAll(context: ExtensionContext): Unit = TestTempFolder.ready
}

object TestTempFolder {

  /** Only a fork folder under test-tmp is emptied: a test run from elsewhere (an IDE) keeps its own tmpdir. */
  def isForkFolder(folder: Path): Boolean =
    Option(folder.getFileName).exists(_.toString.startsWith("fork-")) &&
      Option(folder.getParent).flatMap(p => Option(p.getFileName)).exists(_.toString == "test-tmp")

  /** Empties a fork folder of an earlier run's files, and makes the folder if it is not there. */
  def prepare(folder: Path): Unit = {
    if (isForkFolder(folder) && Files.exists(folder)) RunArchive.deleteTree(folder)
    Files.createDirectories(folder)
    ()
  }

  private lazy val ready: Unit = prepare(Paths.get(System.getProperty("java.io.tmpdir")).toAbsolutePath)
}
