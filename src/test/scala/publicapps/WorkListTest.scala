package publicapps

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import profiles.Shard

class WorkListTest {
  private val cycle = Vector("licence change", "passport change", "enrol", "dvp")
  private val list = WorkList(cycle)
  private val changes: String => Boolean = _.endsWith("change")

  private def items(shard: Shard, size: Long): Seq[Long] =
    shard.offset(size) until shard.offset(size) + shard.share(size)

  @Test def eachCycleHoldsEachKindOnceSoAShardHoldsThemInProportion(): Unit = {
    val shards = (1 to 3).map(Shard(_, 3)).map(items(_, 12000))
    shards.foreach(part =>
      assertEquals(cycle.map(_ -> 1000).toMap, part.groupBy(list.kind).view.mapValues(_.size).toMap)
    )
  }

  @Test def theKthItemNeedingAPersonGetsTheKthPersonSoNoneIsReused(): Unit = {
    val size = 12000L
    val ranks = (0L until size).filter(i => changes(list.kind(i))).map(list.countBefore(_, changes))
    assertEquals(0L until 6000L, ranks, "every person once, in order")
    assertEquals(6000L, list.countBefore(size, changes), "what the whole list needs")
    assertEquals(3000L, list.countBefore(size, _ == "enrol"))
  }

  @Test def twoShardsTogetherUseExactlyThePeopleOfTheWholeList(): Unit = {
    val size = 14L
    def people(part: Seq[Long]) = part.filter(i => changes(list.kind(i))).map(list.countBefore(_, changes))
    val (first, second) = (people(items(Shard(1, 2), size)), people(items(Shard(2, 2), size)))
    assertTrue(first.intersect(second).isEmpty, s"$first and $second share a person")
    assertEquals(people(0L until size), first ++ second)
  }

  @Test def aListShorterThanACycleCountsOnlyItsItems(): Unit = {
    assertEquals(1L, list.countBefore(1, changes))
    assertEquals(2L, list.countBefore(3, changes))
    assertEquals(0L, list.countBefore(3, _ == "dvp"))
  }
}
