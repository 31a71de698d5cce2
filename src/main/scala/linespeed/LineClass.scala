package linespeed

import config.Settings

/** A class of users' lines: its name, its speed (both directions) and its share of the users in percent. */
final case class LineClass(name: String, kbitPerSecond: Long, sharePercent: Double) {
  def bytesPerSecond: Long = kbitPerSecond * 1000 / 8
}

object LineClass {

  /** The classes in block `path`, e.g. `lineSpeeds { 56k { kbitPerSecond = 56, sharePercent = 2.3 } ... }`,
    * slowest first. The shares must add up to 100 %: a table that does not describes no population.
    */
  def read(settings: Settings, path: String): Seq[LineClass] = {
    if (!settings.isBlock(path))
      settings.fail(path, "must be a block of line classes, e.g. 56k { kbitPerSecond = 56, sharePercent = 2.3 }")
    val block = settings.block(path)
    if (block.names.isEmpty) settings.fail(path, "names no line class")
    val classes = block.names.map { name =>
      val one = block.block(block.element(name))
      LineClass(name, one.long("kbitPerSecond", min = 1), one.double("sharePercent", min = 0))
    }.sortBy(_.kbitPerSecond)
    val total = classes.map(_.sharePercent).sum
    if (math.abs(total - 100) > 1e-6) {
      val shares = classes.map(c => s"${c.name} ${percent(c.sharePercent)}").mkString(", ")
      settings.fail(path, s"the shares must add up to 100 % (they add up to ${percent(total)} %: $shares)")
    }
    classes
  }

  /** How `total` users split over the classes: each class its share, rounded by largest remainder so that
    * the counts add up to `total`; and, where `total` has a user for each, every class with a share gets at
    * least one, taken from the class whose count most exceeds its exact share. A short run at a low rate
    * would otherwise leave its smallest classes (eForms' 56k and 64k lines) without a user, unmeasured.
    */
  def usersPerClass(total: Long, classes: Seq[LineClass]): Seq[Long] = {
    require(total >= 0, s"cannot split a negative total ($total)")
    val sum = classes.map(_.sharePercent).sum
    val quotas = classes.map(c => if (sum > 0) c.sharePercent / sum * total else 0.0)
    val counts = quotas.map(q => math.floor(q).toLong).toArray
    val left = (total - counts.sum).toInt
    quotas.indices.sortBy(i => (counts(i) - quotas(i), i)).take(left).foreach(i => counts(i) += 1)
    val wanted = classes.indices.filter(i => classes(i).sharePercent > 0)
    if (total >= wanted.size) wanted.filter(counts(_) == 0).foreach { i =>
      counts.indices.filter(counts(_) >= 2).maxByOption(j => counts(j) - quotas(j)).foreach { donor =>
        counts(donor) -= 1
        counts(i) = 1
      }
    }
    counts.toSeq
  }

  private def percent(d: Double): String =
    BigDecimal(d).setScale(6, BigDecimal.RoundingMode.HALF_UP).bigDecimal.stripTrailingZeros.toPlainString
}
