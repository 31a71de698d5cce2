package results.archive

import com.fasterxml.jackson.annotation.JsonInclude
import com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT
import com.fasterxml.jackson.databind.annotation.JsonDeserialize

import results.model.RunShard

import config.InputError

/** A run's shard in run.json and summary.json (`shardFields`, beside the `shard` readers see) and its mapping
  * to and from [[RunShard]]: from schema 3 on its fields are stored and read back as they are; a file of
  * schema 2 has its text only ("1/3", "merged 3/3"), read back here, the one place it is parsed.
  *
  * @param index the shard's number, 1-based; none for a merged run
  */
private[results] final case class ShardDocument(
    count: Int,
    @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Integer]) index: Option[Int] = None
)

private[results] object ShardDocument {
  private val Part = """(\d{1,9})/(\d{1,9})""".r
  private val Merged = """merged (\d{1,9})/\1""".r

  def document(shard: RunShard): ShardDocument = shard match {
    case RunShard.Part(index, count) => ShardDocument(count, Some(index))
    case RunShard.Merged(count)      => ShardDocument(count)
  }

  def shard(text: String, fields: Option[ShardDocument], schema: Int): RunShard =
    if (SummaryJson.inWords(schema)) text match {
      case Part(i, n) => RunShard.Part(i.toInt, n.toInt)
      case Merged(n)  => RunShard.Merged(n.toInt)
      case _          => throw new InputError(s"shard '$text' is neither i/n nor merged n/n")
    }
    else {
      val f = fields.getOrElse(throw new InputError(s"shard '$text' has no shardFields"))
      f.index.fold[RunShard](RunShard.Merged(f.count))(RunShard.Part(_, f.count))
    }

  /** Whether a run of schema 2, which did not store it, ran at smoke scale, from its profile as it recorded it:
    * `smoke`, any profile compressed with -Dsmoke=true ("<profile> (smoke)"), a system's default compressed for
    * want of a smoke block ("smoke (normal compressed)"), or several systems' profiles ("raid: smoke, eforms:
    * smoke (normal compressed)") that are all of these.
    */
  def smokeInWords(profile: String): Boolean =
    profile.split(", ").forall { part =>
      val name = part.substring(part.indexOf(": ") + 1).trim
      name == "smoke" || name.endsWith("(smoke)") || name.startsWith("smoke (")
    }
}
