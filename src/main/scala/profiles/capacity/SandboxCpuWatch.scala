package profiles.capacity

import results.model.SandboxCpu

/** The sandbox's own CPU over a capacity step's judged window, so that a step that fell short because the
  * sandbox had no CPU to spare is not blamed on the system.
  */
trait SandboxCpuWatch {

  /** Starts measuring: what is returned gives the figures from now to when it is called (None where the sandbox
    * did not tell: a standalone one that did not answer).
    */
  def from(): () => Option[SandboxCpu]
}

object SandboxCpuWatch {

  /** A watch over a CPU time that only grows, in ns, and the cores it can use, read by `read` (None when it
    * cannot be): a window's share is its growth over the window's time.
    *
    * @param besideInjector a standalone sandbox on the injector's machine (see [[SandboxCpu]])
    */
  def of(read: () => Option[(Long, Int)], besideInjector: Boolean = false): SandboxCpuWatch = () => {
    val (before, startedNs) = (read(), System.nanoTime())
    () =>
      for { (cpu0, _) <- before; (cpu1, cores) <- read() } yield {
        val wallNs = math.max(1L, System.nanoTime() - startedNs).toDouble
        SandboxCpu(100.0 * math.max(0L, cpu1 - cpu0) / wallNs / math.max(1, cores), cores, besideInjector)
      }
  }
}
