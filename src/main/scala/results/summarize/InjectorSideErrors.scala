package results.summarize

import results.model.ErrorCount

/** Failures on the injector's own side of the connection: the machine sending the load ran out of file
  * descriptors or local ports. They say nothing of the target, so a run that had any is INVALID, not a FAIL
  * of the system under test; the capacity preflight (machine.MachineCapacity) stops most such runs before load.
  */
object InjectorSideErrors {

  /** Signs in a KO's message, as the JVM and Netty word them, and what ran out. */
  private val Signs = Seq(
    "Too many open files" -> "file descriptors",
    "error(-24)" -> "file descriptors",
    "Cannot assign requested address" -> "local ports",
    "error(-99)" -> "local ports"
  )

  /** One reason per exhausted resource, e.g. `injector out of file descriptors: 11,101 requests failed on
    * the injector's side (Too many open files)`; empty when none.
    */
  def reasons(errors: Seq[ErrorCount]): Seq[String] =
    errors
      .flatMap(e => Signs.collectFirst { case (sign, what) if e.message.contains(sign) => (what, sign, e.count) })
      .groupBy(_._1)
      .toSeq
      .sortBy(_._1)
      .map { case (what, found) =>
        val signs = found.map(_._2).distinct.mkString(", ")
        f"injector out of $what: ${found.map(_._3).sum}%,d requests failed on the injector's side ($signs)"
      }
}
