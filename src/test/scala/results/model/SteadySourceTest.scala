package results.model

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Assertions._

/** A steady window's source as summary.json says it, and read back from what it says. */
class SteadySourceTest {
  import SteadySource._

  @Test def eachSourceReadsBackFromItsWords(): Unit =
    Seq(Profile, Configured, WholeRun, Unmeasured, Merged(Seq(Profile, WholeRun))).foreach { source =>
      assertEquals(Some(source), named(source.text), source.text)
    }

  @Test def shardsWindowsMergeToOneSourceWhereTheyAgree(): Unit = {
    assertEquals(Configured, merged(Seq(Configured, Configured)))
    assertEquals("profile, whole run", merged(Seq(Profile, WholeRun, Profile)).text)
    assertEquals(Merged(Seq(Profile, WholeRun)), merged(Seq(Merged(Seq(Profile, WholeRun)), WholeRun)))
  }

  @Test def aWordNoSourceHasIsNone(): Unit = {
    assertEquals(None, named("marked"))
    assertEquals(None, named("profile, marked"))
  }
}
