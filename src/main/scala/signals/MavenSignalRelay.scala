package signals

import sun.misc.{ Signal, SignalHandler }

/** Runs inside Maven's own JVM (the pom starts it with exec:java just before `gatling:test` forks Gatling),
  * so that Ctrl-C, a CI cancel or a pod's SIGTERM stops a run gracefully and Maven waits for it.
  *
  * Why: Maven answers INT and TERM as any JVM does, by exiting at once (130); the Gatling plugin does not
  * wait for its fork, so the user got their prompt back while the Gatling JVM went on stopping and
  * archiving, unseen, and a signal sent to Maven alone (a CI runner signals the step's process, not its
  * group) never reached Gatling. While a Gatling JVM forked by this Maven lives, this handler passes the
  * signal on to it (as TERM: the JDK sends no other) and lets Maven go on waiting for it: Maven then
  * prints the run's last lines and ends with its outcome. Otherwise it does what Maven did before.
  *
  * Its code uses JDK classes only: exec:java may close the class loader that loaded it once `main` returns.
  */
object MavenSignalRelay {

  /** What Maven runs Gatling as (the plugin's `Fork`): a child JVM with this main class among its arguments. */
  val GatlingMain = "io.gatling.app.Gatling"

  def main(args: Array[String]): Unit = {
    Seq("INT", "TERM").foreach { name =>
      val signal = new Signal(name)
      val previous = Signal.handle(signal, SignalHandler.SIG_DFL)
      val relay = new Relay(previous)
      relay.gatlingForks() // loads every class the handler needs while the class loader is open
      Signal.handle(signal, relay)
    }
  }

  private final class Relay(previous: SignalHandler) extends SignalHandler {
    def handle(signal: Signal): Unit = {
      val forks = gatlingForks()
      if (!forks.isEmpty) {
        var i = 0
        while (i < forks.size) { forks.get(i).destroy(); i += 1 }
      } else if (previous == SignalHandler.SIG_DFL) {
        Signal.handle(signal, previous)
        Signal.raise(signal)
      } else if (previous != SignalHandler.SIG_IGN) previous.handle(signal)
    }

    def gatlingForks(): java.util.List[ProcessHandle] = {
      val forks = new java.util.ArrayList[ProcessHandle]()
      val children = ProcessHandle.current().children().iterator()
      while (children.hasNext) {
        val child = children.next()
        val arguments = child.info().arguments().orElse(new Array[String](0))
        var i = 0
        while (i < arguments.length) {
          if (GatlingMain.equals(arguments(i)) && child.isAlive) { forks.add(child); () }
          i += 1
        }
      }
      forks
    }
  }
}
