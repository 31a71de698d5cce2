package results.model

/** Which part of a run's load a run was: one injector's share (`-Dshard=index/count`), or the merge of `count`
  * such shards. Shown as its [[text]] ("1/3", "merged 3/3"), stored as its fields.
  */
sealed trait RunShard {
  def count: Int
  def text: String
  override def toString: String = text
}

object RunShard {
  final case class Part(index: Int, count: Int) extends RunShard {
    def text: String = s"$index/$count"
  }

  final case class Merged(count: Int) extends RunShard {
    def text: String = s"merged $count/$count"
  }

  /** A run of one injector. */
  val Whole: RunShard = Part(1, 1)
}
