package results.model

/** Where a steady window came from. `text` is how the reports and summary.json say it. */
sealed abstract class SteadySource(val text: String)

object SteadySource {

  /** The simulation marked it. */
  case object Profile extends SteadySource("profile")

  /** The span less `results.steadyWindow`'s exclusions. */
  case object Configured extends SteadySource("configured")

  /** All of the span: it was shorter than the exclusions, or several systems share no one window. */
  case object WholeRun extends SteadySource("whole run")

  /** No window at all: a run summarized without its log. */
  case object Unmeasured extends SteadySource("none")

  /** Shards' windows as one: each shard's source, once, in the shards' order. */
  final case class Merged(parts: Seq[SteadySource]) extends SteadySource(parts.map(_.text).mkString(", "))

  val Single: Seq[SteadySource] = Seq(Profile, Configured, WholeRun, Unmeasured)

  /** One source where the parts agree, else the parts merged (a merged part's own parts taken in its place). */
  def merged(parts: Seq[SteadySource]): SteadySource =
    parts.flatMap {
      case Merged(inner) => inner
      case one           => Seq(one)
    }.distinct match {
      case Seq(one) => one
      case many     => Merged(many)
    }

  /** The source `text` says, None for a word no source has. */
  def named(text: String): Option[SteadySource] = {
    val parts = text.split(", ").toSeq.map(word => Single.find(_.text == word))
    Option.when(parts.forall(_.nonEmpty))(merged(parts.flatten))
  }
}
