package launch

/** `-DplanOnly=true`: the run's input is read and checked and its plan printed, then the run ends before
  * anything starts: no sandbox, no load, nothing in results/.
  */
object PlanOnly {

  /** In-process (tests), where exiting the JVM is not ours to do: the run ends with this instead. */
  final class Printed extends RuntimeException("planOnly: the plan was printed; no load was sent")

  def stop(plan: String): Nothing = {
    println(plan)
    println(
      "planOnly: the plan above was checked and printed; no sandbox started, no load sent, nothing written to results/"
    )
    System.out.flush()
    // Under `mvn gatling:test` (the pom sets suite.exitOnError) the Gatling JVM ends here, with success.
    if (sys.props.get("suite.exitOnError").contains("true")) sys.exit(0)
    throw new Printed
  }
}
