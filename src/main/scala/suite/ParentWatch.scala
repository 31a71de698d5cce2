package suite

/** Stops this JVM when the process that started it goes away.
  *
  * The Maven plugin forks the Gatling JVM; when Maven is stopped (a CI cancel, a script's timeout,
  * Ctrl-C in some terminals) the fork would otherwise live on with parent 1 and go on loading the
  * target to the end of the profile: unattended load. Exiting runs the shutdown hooks, so the run is
  * still archived, as incomplete.
  */
object ParentWatch {

  /** Exit status when the parent went away: 128 + SIGHUP, as a shell reports a hung-up child. */
  val ExitStatus = 129

  /** Watches the current parent, if there is one; returns at once. */
  def start(): Unit =
    ProcessHandle.current().parent().ifPresent { parent =>
      val pid = parent.pid()
      parent.onExit().thenRun { () =>
        System.err.println(s"ERROR: the process that started this run (pid $pid) has gone: stopping the load now.")
        System.err.flush()
        sys.exit(ExitStatus)
      }
      ()
    }
}
