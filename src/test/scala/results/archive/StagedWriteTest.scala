package results.archive

import java.io.{ BufferedReader, ByteArrayOutputStream, InputStreamReader }
import java.nio.file.{ Files, Path, Paths }
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._
import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import testkit.TestJvm

/** A run folder is written in a hidden folder and moved into the archive in one step (RunArchive.writeStaged). A
  * JVM killed half-way leaves its hidden folder: the next archive into the same folder removes it, saying so,
  * but never one another JVM is still writing; and the index never lists either as a run.
  */
class StagedWriteTest {
  private val java = Paths.get(System.getProperty("java.home"), "bin", "java").toString

  /** A JVM writing `target` through writeStaged, stopped half-way (testkit.StagedWriteProbe), and what it
    * printed before.
    */
  private def halfWritten(target: Path): (Process, Seq[String]) = {
    val command = Seq(java) ++ TestJvm.options ++
      Seq("-cp", System.getProperty("java.class.path"), "testkit.StagedWriteProbe", target.toString)
    val probe = new ProcessBuilder(command.asJava).redirectError(ProcessBuilder.Redirect.DISCARD).start()
    val output = new BufferedReader(new InputStreamReader(probe.getInputStream))
    val printed = Iterator.continually(output.readLine()).takeWhile(l => l != null && l != "writing").toSeq
    assertTrue(probe.isAlive, s"the probe writing $target stopped: $printed")
    (probe, printed)
  }

  private def entries(root: Path): Seq[String] =
    Using.resource(Files.list(root))(_.iterator.asScala.map(_.getFileName.toString).toSeq.sorted)

  private def removed(staging: Path): String =
    s"results: removed $staging: left by an archive that was stopped half-way (an unfinished copy: the run it " +
      "copied is where it was)"

  @Test
  def aFolderLeftByAKilledArchiveIsRemovedByTheNextOneAndOneBeingWrittenIsKept(): Unit = {
    val root = Files.createTempDirectory("staged-")
    val (killed, _) = halfWritten(root.resolve("run-a"))
    killed.destroyForcibly()
    assertTrue(killed.waitFor(30, TimeUnit.SECONDS), "the probe was killed")
    val Seq(left, leftLock) = entries(root): @unchecked
    assertEquals(s"$left.lock", leftLock)
    assertEquals(Nil, RunArchive.runs(root).map(_.name), "an unfinished folder is not a run, though it holds run.json")

    // The next archive, in another JVM, removes it, and stops half-way in turn.
    val (atWork, printed) = halfWritten(root.resolve("run-b"))
    try {
      assertEquals(Seq(removed(root.resolve(left))), printed)
      val Seq(writing, _) = entries(root): @unchecked
      assertTrue(writing.startsWith(".run-b-"), writing)

      // An archive beside it keeps the folder the other JVM is writing.
      val output = new ByteArrayOutputStream
      Console.withOut(output) {
        RunArchive.writeStaged(root.resolve("run-c"))(staging => Files.writeString(staging.resolve("run.json"), "{}"))
      }
      assertEquals("", output.toString, "nothing removed")
      assertEquals(Seq(writing, s"$writing.lock", "run-c"), entries(root))

      atWork.getOutputStream.write('\n')
      atWork.getOutputStream.close()
      assertTrue(atWork.waitFor(30, TimeUnit.SECONDS) && atWork.exitValue == 0, "the other JVM finished its archive")
      assertEquals(Seq("run-b", "run-c"), entries(root), "nothing hidden is left")
      assertEquals(Seq("run-b", "run-c"), RunArchive.runs(root).map(_.name).sorted)
    } finally atWork.destroyForcibly()
  }
}
