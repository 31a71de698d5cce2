package signals

/** Stops the load when the process that started this JVM goes away.
  *
  * The Maven plugin forks the Gatling JVM; when Maven is gone (killed, or a Ctrl-C that reached Maven alone
  * without [[MavenSignalRelay]]) the fork would otherwise live on with parent 1 and go on loading the target
  * to the end of the profile: unattended load. What to do then is the caller's (a run stops its load
  * gracefully, as on a signal, so that every answered request is kept).
  */
object ParentWatch {

  /** Exit status when the parent went away: 128 + SIGHUP, as a shell reports a hung-up child. */
  val ExitStatus = 129

  /** Watches the current parent, if there is one; returns at once. */
  def start(onGone: () => Unit): Unit =
    ProcessHandle.current().parent().ifPresent { parent =>
      val pid = parent.pid()
      parent.onExit().thenRun { () =>
        System.err.println(s"ERROR: the process that started this run (pid $pid) has gone: stopping the load now.")
        System.err.flush()
        onGone()
      }
      ()
    }
}
