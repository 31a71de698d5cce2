package journey

import scala.concurrent.duration._

import io.gatling.core.structure.ChainBuilder
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** A think time scaled to zero (smoke runs, benchmarks at no think time) adds no step to the journey. */
class ThinkTimeTest {
  @Test def aZeroPauseIsTheEmptyChain(): Unit = {
    assertSame(ChainBuilder.Empty, ThinkTime(6.seconds, 0).pause)
    assertSame(ChainBuilder.Empty, UniformThinkTime(ThinkTime(3.seconds, 0), ThinkTime(6.seconds, 0)).pause)
  }

  @Test def aPauseIsAStep(): Unit = {
    assertNotSame(ChainBuilder.Empty, ThinkTime(6.seconds, 0.5).pause)
    assertEquals(3.seconds, ThinkTime(6.seconds, 0.5).scaled)
    assertNotSame(ChainBuilder.Empty, UniformThinkTime(ThinkTime(3.seconds, 1), ThinkTime(6.seconds, 1)).pause)
  }
}
