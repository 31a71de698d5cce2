package config

import com.typesafe.config.ConfigException

/** Stops a run whose input is wrong, before any load is sent, with one line naming the key or file.
  *
  * Under `mvn gatling:test` (the pom sets `suite.exitOnError`) it prints the line and the JVM exits with
  * status 3 and no stack trace; in-process (tests) the error is rethrown, unprinted, for the caller.
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

  /** As `apply` for a program of its own (the standalone sandbox): the line is printed and the JVM exits 3
    * whatever `suite.exitOnError`, since no caller is there to be given the error.
    */
  def exiting[T](step: => T): T =
    try apply(step)
    catch { case e: InputError => exit(e) }

  // In-process the caller gets the error itself: printing it too would read as a failure in a test's output.
  private def stop(e: InputError): Nothing =
    if (sys.props.get("suite.exitOnError").contains("true")) exit(e) else throw e

  /** The line printed, without secrets; the error's key stays whole: `eforms.password: missing` names a
    * setting, it shows no password.
    */
  def errorLine(e: InputError): String =
    s"ERROR: ${e.key.fold("")(key => s"$key: ")}${Redaction.redact(e.problem)}"

  private def exit(e: InputError): Nothing = {
    System.err.println(errorLine(e))
    System.err.flush()
    sys.exit(InputErrorExitCode)
  }
}
