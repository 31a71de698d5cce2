package sandbox

import results.model.ExitCodes

import java.io.IOException
import java.net.{ InetSocketAddress, Socket }
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.Files
import java.util.concurrent.TimeUnit

import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.{ FreePort, GatlingProcess, SandboxChild, ToySandbox, ToySimulation }

/** A stand-in pushed past the descriptors its process may open refuses what it cannot take, says so once,
  * and answers again when the load drops; a run it could not serve is INVALID, not a FAIL of the target.
  */
class SandboxExhaustionEndToEndTest {
  private val Request = "GET / HTTP/1.1\r\nHost: toy\r\n\r\n".getBytes(UTF_8)

  @Test def aStandInOutOfDescriptorsSaysSoOnceAndAnswersAgainOnceLoadDrops(): Unit = {
    val port = FreePort()
    val child = new SandboxChild(
      ToySandbox,
      Files.createTempFile("toy-sandbox-", ".txt"),
      Seq("sandbox.toy.port" -> port.toString),
      prefix = Seq("sh", "-c", "ulimit -n 256 && exec \"$@\"", "sh")
    )
    def text = child.text
    try {
      assertTrue(child.started, text)

      // More connections at once than the child may open: each sends a request and is held open. One the
      // stand-in refused may be reset before its request is written, or even before the client has seen its
      // connection complete (a .ci/run's connect failed so): it counts as unanswered below.
      val held = (1 to 400).map { _ =>
        val socket = new Socket()
        try {
          socket.connect(new InetSocketAddress("127.0.0.1", port), 5000)
          socket.setSoTimeout(5000)
          socket.getOutputStream.write(Request)
        } catch { case _: IOException => () }
        socket
      }
      val answered =
        try held.count(socket => answeredHome(socket))
        finally held.foreach(_.close())
      assertTrue(answered > 0 && answered < 400, s"$answered of 400 answered:\n$text")

      // Load dropped: the stand-in says it works again at the first connection it takes after a quiet second
      // (see Exhaustion). Waited for by asking, not slept on: on a busy machine the last refusal comes late.
      def askHome() = Using.resource(new Socket("127.0.0.1", port)) { socket =>
        socket.setSoTimeout(5000)
        socket.getOutputStream.write(Request)
        answeredHome(socket)
      }
      val recovery = System.nanoTime() + TimeUnit.SECONDS.toNanos(60)
      while (!text.contains("stand-in recovered") && System.nanoTime() < recovery) {
        Thread.sleep(250)
        scala.util.Try(askHome())
      }
      val again = (1 to 3).count(_ => askHome())
      assertEquals(3, again, text)
      def lines(part: String) = text.linesIterator.count(_.contains(part))
      assertEquals(
        1,
        lines("sandbox: toy stand-in out of file descriptors (IOException: Too many open files; ulimit -n 256)"),
        text
      )
      assertEquals(1, lines("Too many open files"), s"one line for the episode, none per connection:\n$text")
      // Every connection it refused went unanswered; a client may also have given up on one it had accepted.
      val refused = """sandbox: toy stand-in recovered: works again after (\d+) connections refused""".r
        .findAllMatchIn(text)
        .map(_.group(1).toInt)
        .toSeq
      assertEquals(1, refused.size, text)
      assertTrue(refused.head >= 1 && refused.head <= 400 - answered, s"${refused.head} refused:\n$text")
      assertTrue(child.stop(20), text)
      assertTrue(
        text.contains(
          s"sandbox: sandbox out of file descriptors: the toy stand-in had ${refused.head} connections refused in 1 episode"
        ),
        text
      )
    } finally child.close()
  }

  /** A run whose in-process stand-in ran out of descriptors under load ends INVALID, naming what ran out. */
  @Test def aRunWhoseStandInRanOutOfDescriptorsIsInvalid(): Unit = {
    val run = GatlingProcess.withOpenFileLimit(
      450,
      classOf[ToySimulation],
      // The capacity preflight would stop this plan before load: off, as on a machine it misjudged.
      "capacity.check" -> "false",
      // At least 300 users at once in their 500 ms look-up alone: 600 descriptors beside the JVM's own.
      "profiles.toy.smoke.rate" -> "600",
      "profiles.toy.smoke.duration" -> "3 seconds",
      "toy.thinkTime" -> "2s",
      // Requests the exhaustion left unanswered end soon, so the run does too.
      "toy.requestTimeout" -> "5s"
    )
    assertEquals(ExitCodes.Invalid, run.exitStatus(120), run.text)
    assertTrue(run.text.contains("results: INVALID sandbox out of file descriptors: the toy stand-in had "), run.text)
    assertTrue(run.text.contains("(the sandbox's limit on this machine, not the target's)"), run.text)
  }

  /** The toy home page's answer on a held connection; false when the stand-in refused it (reset or closed). */
  private def answeredHome(socket: Socket): Boolean =
    try {
      val buffer = new Array[Byte](512)
      val read = socket.getInputStream.read(buffer)
      read > 0 && new String(buffer, 0, read, UTF_8).contains("toy home")
    } catch { case _: IOException => false }
}
