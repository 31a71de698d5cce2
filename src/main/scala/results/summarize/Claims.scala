package results.summarize

import results.model.{ Claim, DuplicateClaim, DuplicateLocks }

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{ Files, Path }

import scala.jdk.CollectionConverters._

import config.InputError

/** What a journey was given that no other user may hold at the same time (the form a staff member locked).
  * Gatling's simulation.log has no place for custom records, so a run writes its claims to a side file in
  * its own run folder (`claims.csv`), which the results step reads: a resource claimed by two different
  * users is a duplicate. Claims are held until the run ends: a resource is never handed back.
  */
object Claims {
  val FileName = "claims.csv"
  val Header = "resource,claimant,atEpochMs"

  /** How many duplicates summary.json and summary.md list; the count covers all of them. */
  val MaxExamples = 10

  /** The claims in `runDir`, or None when the run recorded none (it has no claims file). */
  def read(runDir: Path): Option[Seq[Claim]] = {
    val file = runDir.resolve(FileName)
    Option.when(Files.isRegularFile(file)) {
      val lines = Files.readAllLines(file, UTF_8).asScala.toSeq
      if (lines.headOption.map(_.trim) != Some(Header))
        throw new InputError(s"$file", s"not a claims file (header '$Header')")
      lines.tail.zipWithIndex.filter(_._1.trim.nonEmpty).map { case (line, i) =>
        line.split(',') match {
          case Array(resource, claimant, at) if at.trim.toLongOption.nonEmpty =>
            Claim(resource, claimant, at.trim.toLong)
          // Line 1 is the header, so claim i is on line i + 2.
          case _ => throw new InputError(s"$file", s"line ${i + 2} is not resource,claimant,atEpochMs")
        }
      }
    }
  }

  /** Every resource that more than one user claimed. */
  def duplicates(claims: Seq[Claim]): DuplicateLocks = {
    val duplicated = claims
      .groupBy(_.resource)
      .collect {
        case (resource, its) if its.map(_.claimant).distinct.size > 1 =>
          DuplicateClaim(resource, its.sortBy(_.atEpochMs))
      }
      .toSeq
      .sortBy(d => (d.claims.find(_.claimant != d.claims.head.claimant).fold(0L)(_.atEpochMs), d.resource))
    DuplicateLocks(duplicated.size.toLong, duplicated.take(MaxExamples))
  }
}
