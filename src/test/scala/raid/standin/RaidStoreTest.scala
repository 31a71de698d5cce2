package raid.standin

import java.nio.charset.StandardCharsets.UTF_8

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** The store keeps a bounded number of minted raids, so a run of hours holds a flat heap. */
class RaidStoreTest {
  private def raid(handle: String, servicePointId: Long) =
    StoredRaid(handle, servicePointId, 1, s"""{"h":"$handle"}""".getBytes(UTF_8))

  @Test def pastItsBoundTheOldestMintedRaidIsForgottenAndSeedsAreKept(): Unit = {
    val store = new RaidStore(keepMinted = 3)
    Seq("seed/1", "seed/2").foreach(h => assertTrue(store.insert(raid(h, 1L), seeded = true)))
    (1 to 10).foreach(n => assertTrue(store.insert(raid(s"minted/$n", 1L + n % 2))))

    assertEquals(5, store.size)
    assertEquals(5, store.listed, "the service points' lists are pruned too")
    (1 to 7).foreach(n => assertEquals(None, store.get(s"minted/$n"), s"minted/$n"))
    (8 to 10).foreach(n => assertTrue(store.get(s"minted/$n").isDefined, s"minted/$n"))
    assertTrue(store.get("seed/1").isDefined && store.get("seed/2").isDefined)
    assertEquals(Seq("minted/10", "minted/8", "seed/2", "seed/1"), store.list(1L, 10).map(_.handle))
    assertEquals(Seq("minted/9"), store.list(2L, 10).map(_.handle))
  }

  @Test def aLongRunHoldsTheSameNumberOfRaidsAsAShortOne(): Unit = {
    val store = new RaidStore(keepMinted = 1000)
    def mint(from: Int, to: Int): Unit = (from until to).foreach(n => store.insert(raid(f"p/$n%08x", n % 40L)))
    mint(0, 2000)
    val early = (store.size, store.listed)
    mint(2000, 100000)
    assertEquals((1000, 1000), early)
    assertEquals(early, (store.size, store.listed))
  }
}
