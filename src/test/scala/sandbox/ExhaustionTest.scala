package sandbox

import java.io.IOException

import scala.collection.mutable

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** Episodes of running out: one line when one opens and one when it ends, and each refusal counted once. */
class ExhaustionTest {
  private val outOfFiles = new IOException("Too many open files")

  @Test def anAttemptThatRefusedNothingOpensTheEpisodeButIsNotCounted(): Unit = {
    var now = 0L
    val lines = mutable.Buffer.empty[String]
    val exhaustion = new Exhaustion("toy stand-in", "connections refused", () => now, lines += _)
    exhaustion.failed(outOfFiles, counted = false) // the waiting connection could not be reset yet
    exhaustion.failed(outOfFiles) // the same connection, reset on the next try
    exhaustion.failed(outOfFiles)
    assertEquals(1, lines.size, lines.mkString("\n"))
    assertTrue(lines.head.startsWith("sandbox: toy stand-in out of file descriptors"), lines.head)
    now = Exhaustion.QuietNanos
    exhaustion.succeeded()
    assertEquals("sandbox: toy stand-in recovered: works again after 2 connections refused over 0.0 s", lines.last)
    assertTrue(
      exhaustion.reason.exists(_.contains("the toy stand-in had 2 connections refused in 1 episode")),
      exhaustion.reason.toString
    )
  }

  /** The descriptor limit is told for running out of descriptors alone: decided on the resource recognised, not
    * on the words of a failure, here one whose own message is "file descriptors".
    */
  @Test def theDescriptorLimitIsToldForDescriptorsAlone(): Unit = {
    def firstLine(cause: Throwable): String = {
      val lines = mutable.Buffer.empty[String]
      new Exhaustion("toy stand-in", "connections refused", say = lines += _).failed(cause)
      lines.head
    }
    assertTrue(firstLine(outOfFiles).contains("; ulimit -n "), firstLine(outOfFiles))
    val noThread = new OutOfMemoryError("unable to create native thread")
    assertTrue(firstLine(noThread).startsWith("sandbox: toy stand-in out of threads ("), firstLine(noThread))
    assertFalse(firstLine(noThread).contains("ulimit"), firstLine(noThread))
    val worded = new IOException("file descriptors")
    assertTrue(
      firstLine(worded).startsWith("sandbox: toy stand-in out of IOException: file descriptors ("),
      firstLine(worded)
    )
    assertFalse(firstLine(worded).contains("ulimit"), firstLine(worded))
  }

  @Test def noEpisodeNoReason(): Unit =
    assertEquals(None, new Exhaustion("toy stand-in", "connections refused", say = _ => ()).reason)
}
