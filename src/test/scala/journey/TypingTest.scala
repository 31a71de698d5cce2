package journey

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class TypingTest {
  @Test def prefixesGrowToTheWholeText(): Unit =
    assertEquals(
      Seq("12 Mai", "12 Main S", "12 Main Str", "12 Main Street"),
      Typing.prefixes("12 Main Street", 4)
    )

  @Test def aBurstAlwaysHasTheConfiguredNumberOfRequests(): Unit = {
    assertEquals(Seq("ab", "ab", "ab"), Typing.prefixes("ab", 3))
    assertEquals(Seq("Queen Street"), Typing.prefixes("Queen Street", 1))
  }
}
