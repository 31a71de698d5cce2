package results

import scala.concurrent.duration._

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

/** The commit recorded in every summary comes from `git`, which must never hold up the shutdown hook. */
class GitCommitTest {
  @Test
  def aCommandThatAnswersGivesItsOutput(): Unit =
    assertEquals(Some("abc"), RunFolders.commandOutput(Seq("echo", "abc"), 5.seconds))

  @Test
  def aCommandThatFailsGivesNothing(): Unit =
    assertEquals(None, RunFolders.commandOutput(Seq("false"), 5.seconds))

  @Test
  def aHungCommandIsKilledAtTheTimeout(): Unit = {
    val start = System.nanoTime()
    assertEquals(None, RunFolders.commandOutput(Seq("sleep", "20"), 200.millis))
    val tookMs = (System.nanoTime() - start) / 1000000
    assertTrue(tookMs < 10000, s"returned after $tookMs ms, not at the 200 ms timeout (the command sleeps 20 s)")
  }
}
