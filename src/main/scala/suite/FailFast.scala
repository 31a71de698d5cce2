package suite

import com.typesafe.config.ConfigException

/** Stops a run whose input is wrong, before any load is sent, with one line naming the key or file.
  *
  * Under `mvn gatling:test` (the pom sets `suite.exitOnError`) the JVM exits with status 3 and no
  * stack trace; in-process (tests) the error is rethrown for the caller to inspect.
  */
object FailFast {
  // Not 1 or 2: Gatling uses those for invalid arguments and failed assertions, and the Maven
  // plugin would report an input error as "assertions failed".
  val InputErrorExitCode = 3

  def apply[T](step: => T): T =
    try step
    catch {
      case e: InputError      => stop(e)
      case e: ConfigException => stop(InputError.fromConfig("config", e))
    }

  /** As `apply`, closing `resource` first when the step fails. */
  def closing[T](resource: Option[AutoCloseable])(step: => T): T =
    try apply(step)
    catch {
      case e: Throwable =>
        resource.foreach(_.close())
        throw e
    }

  private def stop(e: RuntimeException): Nothing = {
    System.err.println(s"ERROR: ${e.getMessage}")
    System.err.flush()
    if (sys.props.get("suite.exitOnError").contains("true")) sys.exit(InputErrorExitCode)
    throw e
  }
}
