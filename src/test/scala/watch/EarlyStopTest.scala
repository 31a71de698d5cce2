package watch

import config.{ InputError, Settings }

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.model.EarlyStopRecord

/** The early stop's sliding window and limits, on chosen timestamps. */
class EarlyStopTest {
  private val T0 = 1700000000000L // a whole second
  private def at(seconds: Double): Long = T0 + (seconds * 1000).toLong

  private val errors = EarlyStopLimits(10.seconds, minRequests = 20, maxServerErrorPercent = Some(50.0), None)

  /** `n` answers, ending at `second` of the run, spread over that second. */
  private def answer(window: ResponseWindow, second: Int, n: Int, serverError: Boolean, ms: Long = 10): Unit =
    (0 until n).foreach(i => window.record(at(second + i.toDouble / n), ms, serverError))

  @Test def failuresSlideOutOfTheWindow(): Unit = {
    val window = new ResponseWindow(10)
    answer(window, 0, 30, serverError = true)
    assertEquals(WindowFigures(30, 30, 10, 10), window.figures(at(0.5)))
    assertTrue(errors.breach(window.figures(at(9.9)), 9900).nonEmpty, "still inside the 10 s window at 9.9 s")
    answer(window, 10, 30, serverError = false)
    assertEquals(
      WindowFigures(30, 0, 10, 10),
      window.figures(at(10.5)),
      "second 0 has left a window of seconds 1 to 10"
    )
    assertEquals(None, errors.breach(window.figures(at(10.5)), 10500))
    assertEquals(WindowFigures(0, 0, 0, 0), window.figures(at(25)), "nothing answered in seconds 16 to 25")
  }

  @Test def theWindowAddsUpEverySecondInIt(): Unit = {
    val window = new ResponseWindow(10)
    (0 until 10).foreach(second => answer(window, second, 10, serverError = second % 2 == 0))
    val figures = window.figures(at(9.5))
    assertEquals(100L, figures.responses)
    assertEquals(50.0, figures.serverErrorPercent, 1e-9)
    assertEquals(None, errors.breach(figures, 9500), "50 % is at the limit, not over it")
    answer(window, 10, 10, serverError = true)
    // Seconds 1 to 10: second 0's errors have left, those of second 10 have come in.
    assertEquals(WindowFigures(100, 50, 10, 10), window.figures(at(10.5)))
  }

  @Test def aFewEarlyFailuresDoNotStopTheRun(): Unit = {
    val window = new ResponseWindow(10)
    answer(window, 0, 1, serverError = true)
    assertEquals(100.0, window.figures(at(1)).serverErrorPercent)
    assertEquals(None, errors.breach(window.figures(at(1)), 1000), "1 answer is below minRequests 20")
    answer(window, 1, 18, serverError = false)
    assertEquals(None, errors.breach(window.figures(at(2)), 2000), "19 answers: still below minRequests")
    answer(window, 2, 21, serverError = true)
    val stop = errors.breach(window.figures(at(2.9)), 2900)
    assertEquals(Some(EarlyStopRecord("server error %", 55.0, 50.0, " %", 10000, 40, 2900)), stop)
    assertEquals(
      "stopped early at 2.9 s: server error % over the last 10 s was 55 % (40 responses), allowed at most 50 %",
      stop.get.describe
    )
  }

  /** The p99 of 1 to 100 ms is 99 ms, and at 95 % it lies above the 97th answer (Binomial(100, 0.99)'s 2.5 %
    * quantile): a limit of 97 or 98 ms, inside that interval, does not stop the run; one below it does.
    */
  @Test def theP99LimitStopsOnlyWhenItsIntervalLiesWhollyBeyond(): Unit = {
    val window = new ResponseWindow(5)
    (1 to 100).foreach(ms => window.record(at(1 + ms / 1000.0), ms.toLong, serverError = false))
    assertEquals(WindowFigures(100, 0, 99, 97), window.figures(at(1.5)))
    val p99 = (limit: Long) => EarlyStopLimits(5.seconds, 20, None, Some(limit)).breach(window.figures(at(1.5)), 1500)
    assertEquals(None, p99(99))
    assertEquals(None, p99(98), "the p99 is above 98 ms as one number, but its interval straddles the limit")
    assertEquals(None, p99(97))
    assertEquals(Some(("p99", 99.0, 96.0)), p99(96).map(r => (r.limit, r.measured, r.allowed)))
  }

  @Test def aLateAnswerForASecondAlreadyOutOfTheWindowIsDropped(): Unit = {
    val window = new ResponseWindow(10)
    answer(window, 10, 5, serverError = false)
    answer(window, 0, 5, serverError = true) // same slot as second 10, ten seconds older
    assertEquals(WindowFigures(5, 0, 10, 10), window.figures(at(10.5)))
  }

  @Test def concurrentAnswersAreAllCounted(): Unit = {
    val window = new ResponseWindow(10)
    val threads = (0 until 4).map(t => new Thread(() => answer(window, t, 10000, serverError = t == 0)))
    threads.foreach(_.start())
    threads.foreach(_.join())
    assertEquals(WindowFigures(40000, 10000, 10, 10), window.figures(at(4)))
  }

  private def read(entries: (String, Any)*): EarlyStopLimits =
    EarlyStopLimits.read(
      new Settings(
        ConfigFactory.parseMap(entries.toMap.asJava).withFallback(
          ConfigFactory.parseResources("application.conf").getConfig("earlyStop")
        ),
        "earlyStop"
      )
    )

  @Test def offByDefault(): Unit = {
    val limits = read()
    assertFalse(limits.enabled)
    assertEquals(EarlyStopLimits(30.seconds, 20, None, None), limits)
    assertEquals("off", limits.describe)
    assertEquals(
      "5xx above 50 % or p99 above 8000 ms over the last 30 s (from 20 answers)",
      read("maxP99Ms" -> "8000", "maxServerErrorPercent" -> "50").describe
    )
  }

  @Test def badValuesNameTheirKey(): Unit = {
    def error(entry: (String, Any)) = assertThrows(classOf[InputError], () => read(entry)).getMessage
    assertEquals("earlyStop.maxServerErrorPercent: must be at least 0 (was -5)", error("maxServerErrorPercent" -> "-5"))
    assertEquals(
      "earlyStop.maxServerErrorPercent: must be below 100 (was 100)",
      error("maxServerErrorPercent" -> "100")
    )
    assertEquals(
      "earlyStop.maxServerErrorPercent: must be a number (was 'half')",
      error("maxServerErrorPercent" -> "half")
    )
    assertEquals("earlyStop.maxP99Ms: must be at least 1 (was 0)", error("maxP99Ms" -> "0"))
    assertEquals("earlyStop.minRequests: must be at least 1 (was 0)", error("minRequests" -> "0"))
    assertEquals("earlyStop.window: must be whole seconds (was 1500ms)", error("window" -> "1500ms"))
    assertEquals("earlyStop.window: must be at least 1s (was 0s)", error("window" -> "0s"))
  }
}
