package profiles

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

class ShardTest {
  @Test def parsesIndexOverCount(): Unit = {
    assertEquals(Right(Shard(2, 3)), Shard.parse("2/3"))
    assertEquals(Right(Shard.Whole), Shard.parse(" 1 / 1 "))
  }

  @Test def rejectsShardsOutsideTheirCount(): Unit =
    for (text <- Seq("3/2", "0/3", "1/0", "-1/2", "2", "a/b", "", "1/2/3"))
      assertEquals(Left(s"shard: expected i/n with 1 <= i <= n (was '$text')"), Shard.parse(text), text)

  @Test def unevenCountsGoToTheFirstShards(): Unit = {
    assertEquals(Seq(334L, 333L, 333L), ProfilesTestKit.shards(3).map(_.share(1000L)))
    assertEquals(Seq(1L, 1L, 0L), ProfilesTestKit.shards(3).map(_.share(2L)))
  }

  @Test def sharesAddUpToTheWholeAndLieSideBySide(): Unit =
    for (total <- Seq(0L, 1L, 2L, 7L, 100L, 1000L, 24000L, 30001L); n <- 1 to 7) {
      val shards = ProfilesTestKit.shards(n)
      assertEquals(total, shards.map(_.share(total)).sum, s"$total over $n")
      val ends = shards.map(s => s.offset(total) + s.share(total))
      assertEquals(0L +: ends.init, shards.map(_.offset(total)), s"offsets of $total over $n")
      assertTrue(
        shards.map(_.share(total)).max - shards.map(_.share(total)).min <= 1,
        s"$total over $n is spread evenly"
      )
    }

  @Test def ratesAreSplitEvenly(): Unit = {
    val shares = ProfilesTestKit.shards(3).map(_.share(50.0))
    shares.foreach(share => assertEquals(50.0 / 3, share, 1e-12))
    assertEquals(50.0, shares.sum, 1e-9)
  }

  @Test def slicesAreDisjointAndCoverEveryRecord(): Unit =
    for (size <- Seq(0, 1, 5, 40, 41); n <- 1 to 6) {
      val records = (1 to size).map(i => s"account-$i")
      val slices = ProfilesTestKit.shards(n).map(_.slice(records))
      assertEquals(records, slices.flatten, s"$size records over $n shards, in order, each once")
      assertEquals(records.size, slices.flatten.distinct.size)
    }

  @Test def constructorRefusesImpossibleShards(): Unit = {
    assertThrows(classOf[IllegalArgumentException], () => Shard(3, 2))
    assertThrows(classOf[IllegalArgumentException], () => Shard(0, 2))
  }
}
