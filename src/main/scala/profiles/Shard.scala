package profiles

/** This injector's part of a run spread over `count` injectors (`-Dshard=index/count`, 1-based).
  *
  * Counts are split exactly: the shares of all shards add up to the total, and when the total does
  * not divide evenly the first shards take one more each (1000 over 3 gives 334, 333, 333).
  */
final case class Shard(index: Int, count: Int) {
  require(count >= 1 && index >= 1 && index <= count, s"shard must be i/n with 1 <= i <= n (was $index/$count)")

  def isWhole: Boolean = count == 1

  def share(total: Long): Long = {
    require(total >= 0, s"cannot share a negative total ($total)")
    total / count + (if (index <= total % count) 1 else 0)
  }

  /** Where this shard's share starts when the total is laid out shard after shard. */
  def offset(total: Long): Long = {
    require(total >= 0, s"cannot share a negative total ($total)")
    (index - 1) * (total / count) + math.min(index - 1L, total % count)
  }

  def share(rate: Double): Double = rate / count

  /** This shard's contiguous slice: the slices of all shards are disjoint and together hold every record. */
  def slice[T](records: IndexedSeq[T]): IndexedSeq[T] = {
    val from = offset(records.size.toLong).toInt
    records.slice(from, from + share(records.size.toLong).toInt)
  }

  override def toString: String = s"$index/$count"
}

object Shard {
  val Whole: Shard = Shard(1, 1)

  private val Pattern = """\s*(\d{1,9})\s*/\s*(\d{1,9})\s*""".r

  def parse(text: String): Either[String, Shard] = text match {
    case Pattern(i, n) if n.toInt >= 1 && i.toInt >= 1 && i.toInt <= n.toInt => Right(Shard(i.toInt, n.toInt))
    case _ => Left(s"shard: expected i/n with 1 <= i <= n (was '$text')")
  }
}
