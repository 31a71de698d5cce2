package results.model

/** The sandbox's own CPU over a capacity step's judged window: the share of the cores it can use that it used
  * (the in-process sandbox's event loops in the injector's JVM; a standalone sandbox's whole JVM, as its CPU
  * endpoint tells it). A sandbox that used nearly all of them could serve no faster: a step that fell short then
  * measured the sandbox, not the system.
  *
  * @param percent the share of `cores` it used, 0 to 100
  * @param cores   the cores it can use: its event loops' threads, at most the machine's cores, in process; its
  *                machine's cores standalone
  * @param besideInjector a standalone sandbox on the injector's machine: its CPU is the run's own work, which
  *                the machine's figures (see [[MachineFigures]]) count as other work
  */
final case class SandboxCpu(percent: Double, cores: Int, besideInjector: Boolean = false) {
  def saturated: Boolean = percent >= SandboxCpu.SaturatedPercent

  /** "the sandbox used 97 % of its 2 cores" */
  def describe: String = f"the sandbox used $percent%.0f %% of its $cores cores"
}

object SandboxCpu {

  /** Sampled over seconds, a sandbox busy this much of its cores had no time to spare for another request. */
  val SaturatedPercent = 90.0
}
