package results.archive

import results.model.{ Problem, ProblemKind, SystemSummary }

import scala.util.matching.Regex

/** A problem as summary.json stored it up to schema 2 ([[Problem.text]]), read back into the problem: for older
  * files only (schema 3 stores its fields, [[ProblemDocument]]), and the one place a problem's text is read. In
  * a merged run it opens with its shard's run id; then with the name of its system (its key, or one of its
  * scenarios); the rest says its kind. Text no problem writes so (an older spelling) keeps its words as stored,
  * of the system it names if any, of kind [[ProblemKind.AsStored]].
  */
private[results] object StoredProblem {
  private val Kinds: Seq[(ProblemKind, Regex)] = Seq(
    ProblemKind.StoppedBeforeEnd -> """the run was stopped before the end of its plan .*""".r,
    ProblemKind.LogCutShort -> """simulation\.log is cut short""".r,
    ProblemKind.UsersNotStarted -> """\d+ of the \d+ planned users started""".r,
    ProblemKind.JourneysUnfinished -> """\d+ of \d+ users had not finished their journey when the run ended""".r,
    ProblemKind.FixedWorkUnfinished -> """\d+ of its \d+ scenarios finished .*""".r,
    ProblemKind.CapacityUnresolved -> """the capacity search ended before it resolved .*""".r,
    ProblemKind.InjectorSaturated -> """injector saturated: .*""".r,
    ProblemKind.InjectorOutOfResources -> """injector out of .*""".r,
    ProblemKind.SandboxExhausted -> """sandbox out of .*""".r,
    ProblemKind.CapacityNotMeasured -> """the (capacity search was limited by|built-in sandbox limited the capacity search) .*""".r,
    ProblemKind.StoppedEarly -> """stopped early at .*""".r,
    ProblemKind.ShardsApart -> """shards apart: .*""".r
  )

  /** @param systems the run's systems, to tell whose a problem is
    * @param shards  the run ids of the shards a merged run was merged from
    */
  def read(text: String, systems: Seq[SystemSummary], shards: Seq[String]): Problem = {
    val shard = shards.find(id => text.startsWith(s"$id: "))
    val afterShard = shard.fold(text)(id => text.drop(id.length + 2))
    val owner = systems
      .flatMap(s => (s.key +: s.scenarios).map(_ -> s.key))
      .find { case (name, _) => afterShard.startsWith(s"$name: ") }
    val detail = owner.fold(afterShard) { case (name, _) => afterShard.drop(name.length + 2) }
    Kinds.collectFirst { case (kind, words) if words.matches(detail) => kind } match {
      case Some(kind) => Problem(owner.map(_._2), kind, detail, owner.map(_._1), shard)
      case None       => Problem(owner.map(_._2), ProblemKind.AsStored, afterShard, None, shard)
    }
  }
}
